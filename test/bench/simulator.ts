// 6. Simulator throughput: requests per second for GET fleet_telemetry_config over keep-alive, versus
// a bare node:http server answering the same JSON bytes, with the same client (one undici Pool,
// 8 connections, pipelining 1, 16 workers), in interleaved rounds after a warm-up. Client and both
// servers share this process, as in `test/bench/simulator-rps.ts` (which also measures an external
// simulator).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { startSimulator } from '../../electron/main/simulator/index';
import { log, median, quantile, report, round, type BenchRow } from './lib';

const quick = process.argv.includes('--quick');
const CONNECTIONS = 8;
const PER_ROUND = quick ? 3000 : 10_000;
const ROUNDS = quick ? 4 : 10;

const sim = await startSimulator({});
const vin = sim.vins[0]!;
const path = `/${vin}/fleet_telemetry_config`;
const headers = { authorization: `Bearer ${sim.token}` };

// The bare server answers the simulator's exact bytes and content headers.
const probePool = new Pool(sim.baseUrl);
const probe = await probePool.request({ method: 'GET', path, headers });
const body = Buffer.from(await probe.body.arrayBuffer());
const contentType = String(probe.headers['content-type']);
await probePool.close();
const bare = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.byteLength });
  res.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

const pools = {
  simulator: new Pool(sim.baseUrl, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 30_000 }),
  bare: new Pool(bareUrl, { connections: CONNECTIONS, pipelining: 1, keepAliveTimeout: 30_000 }),
};

async function run(pool: Pool, count: number): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS * 2 }, worker));
  return count / ((performance.now() - t0) / 1000);
}

const rps = { simulator: [] as number[], bare: [] as number[] };
try {
  await run(pools.simulator, PER_ROUND / 2);
  await run(pools.bare, PER_ROUND / 2);
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? (['simulator', 'bare'] as const) : (['bare', 'simulator'] as const);
    for (const arm of order) rps[arm].push(await run(pools[arm], PER_ROUND));
  }
} finally {
  await pools.simulator.close();
  await pools.bare.close();
  await new Promise((resolve) => bare.close(resolve));
  await sim.stop();
}
const simRps = median(rps.simulator);
const bareRps = median(rps.bare);
log(`simulator ${Math.round(simRps)} req/s, bare node:http ${Math.round(bareRps)} req/s`);
const rows: BenchRow[] = [
  {
    name: 'simulator: GET fleet_telemetry_config req/s vs bare node:http',
    value: Math.round(simRps),
    unit: 'req/s',
    baseline: Math.round(bareRps),
    ratio: round(simRps / bareRps, 3),
    budget: 'ratio >= 0.5',
    pass: simRps / bareRps >= 0.5,
    // For a throughput the low tail is the bad one: the slowest 5 % of rounds.
    p95: Math.round(quantile(rps.simulator, 0.05)),
    baselineP95: Math.round(quantile(rps.bare, 0.05)),
    detail: `${ROUNDS} interleaved rounds of ${PER_ROUND} requests, ${CONNECTIONS} keep-alive connections; p95 = 5th percentile of round rates`,
  },
];
report(rows);
