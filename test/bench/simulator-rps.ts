// Requests per second of GET fleet_telemetry_config over keep-alive (not a test: numbers vary by machine).
//   npx tsx test/bench/simulator-rps.ts [--requests N] [--connections N] [--url BASE --token T --vin VIN]
// By default the simulator runs in this process, sharing the CPU with the client; pass --url to measure
// one started separately (`npm run simulator -- --port 8787 --token demo`), which uses a second core.
import { Pool } from 'undici';
import { startSimulator, type Simulator } from '../../electron/main/simulator/index';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const total = Number(arg('requests', '50000'));
const connections = Number(arg('connections', '8'));
const warmup = Math.min(5000, Math.floor(total / 5));

let sim: Simulator | null = null;
let baseUrl = arg('url', '');
let token = arg('token', 'demo');
let vin = arg('vin', '');
if (!baseUrl) {
  sim = await startSimulator({ maxRecordedRequests: 1000 });
  baseUrl = sim.baseUrl;
  token = sim.token;
  vin = sim.vins[0] as string;
}
if (!vin) throw new Error('--vin is required with --url');

const pool = new Pool(baseUrl, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
const path = `/${vin}/fleet_telemetry_config`;
const headers = { authorization: `Bearer ${token}` };

async function run(count: number): Promise<number> {
  let next = 0;
  let failures = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: connections * 2 }, worker));
  return failures;
}

await run(warmup);
const t0 = performance.now();
const failures = await run(total);
const seconds = (performance.now() - t0) / 1000;
console.log(
  `${total} requests, ${connections} keep-alive connections, ${sim ? 'in-process' : 'external'} simulator: ` +
    `${Math.round(total / seconds)} req/s (${seconds.toFixed(2)} s, ${failures} non-200)`,
);
await pool.close();
await sim?.stop();
