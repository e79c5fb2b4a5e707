// 2. Fleet refresh and 3. bulk command at fleet scale: 1,000 demo vehicles, simulator latency 50 ms.
// All 1,000 calls are fired at once through window.garage (the real IPC handlers); the client queues
// them behind its per-profile cap. Ideal = ceil(1000 / slots) x 50 ms, where slots is the cap for
// reads (6) and the cap minus the slots kept for reads for commands (6 - 2 = 4).
//   --part refresh   every vehicle's telemetry configuration, { refresh: true }
//   --part bulk      set_charge_limit on every vehicle; every outcome must be in the audit log
// Requests in flight are counted at the simulator's HTTP server (a second 'request' listener), since
// the core does not expose its client's stats.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { DEFAULT_MAX_CONCURRENT, defaultReservedForReads } from '../../electron/main/api';
import { startCoreHarness } from '../support/core-harness';
import { arg, gc, log, median, mib, p95, report, round, within, type BenchRow } from './lib';

const part = arg('part') ?? 'refresh';
if (part !== 'refresh' && part !== 'bulk') throw new Error('--part must be refresh or bulk');
const quick = process.argv.includes('--quick');
const VEHICLES = 1000; // a shop's bulk run (the garage itself holds up to 10,000: see garage.ts)
const LATENCY_MS = 50;
const REPS = quick ? 1 : 3;
const CAP = DEFAULT_MAX_CONCURRENT;
// Commands may not take the slots kept for reads, so a bulk run has fewer.
const SLOTS = part === 'bulk' ? CAP - defaultReservedForReads(CAP) : CAP;
const IDEAL_MS = Math.ceil(VEHICLES / SLOTS) * LATENCY_MS;

const h = await startCoreHarness({
  demo: {
    vehicles: VEHICLES,
    latencyMs: 0,
    flakiness: false,
    wakeDelayMs: 0,
    completionDelayMs: 0,
    maxRecordedRequests: 20_000,
  },
});
const sim = h.simulator;

// In-flight counter at the server.
const server = (sim as unknown as { server?: Server }).server;
if (!server || typeof server.on !== 'function') throw new Error('cannot observe the simulator server');
let inFlight = 0;
let maxInFlight = 0;
server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
  inFlight++;
  if (inFlight > maxInFlight) maxInFlight = inFlight;
  res.once('close', () => inFlight--);
});

const list = await h.garage.vehicles.list();
if (!list.ok) throw new Error('vehicles.list failed');
const vins = list.value.map((v) => v.vin);
if (vins.length !== VEHICLES)
  throw new Error(`the demo garage holds ${vins.length} vehicles, not ${VEHICLES}`);
for (const vin of sim.vins) sim.setVehicleState(vin, { sleepState: 'awake' });

function fire(): Promise<{ ok: boolean }[]> {
  return part === 'refresh'
    ? Promise.all(vins.map((vin) => h.garage.vehicles.telemetryConfig(vin, { refresh: true })))
    : bulkRun();
}

/**
 * The command to every vehicle as the app sends one to many: a bulk run in main, four at a time.
 * Not waited for, so each vehicle is one request (a waited command's effect is read back after).
 */
async function bulkRun(): Promise<{ ok: boolean }[]> {
  const started = await h.garage.runs.startBulkCommand({
    command: { name: 'set_charge_limit', options: { percent: 80, waitForCompletion: false } },
    items: vins.map((vin) => ({ vin })),
  });
  if (!started.ok) throw new Error(`bulk run refused: ${started.error.message}`);
  const end = await h.core.runs.whenDone(started.value.id);
  return end.items.map((item) => ({ ok: item.status === 'succeeded' }));
}

// Warm-up at zero latency: JIT, keep-alive connections, cache/audit folders, the cache index.
log(`warm-up (${VEHICLES} calls at 0 ms latency)`);
await within(120_000, 'warm-up', fire());
sim.setLatency(LATENCY_MS);

const walls: number[] = [];
const growths: number[] = [];
const maxes: number[] = [];
const auditCounts: number[] = [];
const failures: number[] = [];
try {
  for (let rep = 0; rep < REPS; rep++) {
    gc();
    const auditBefore = part === 'bulk' ? await auditCount() : 0;
    gc();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    maxInFlight = 0;
    const t0 = performance.now();
    const results = await within(IDEAL_MS * 5, `${part} of ${VEHICLES} vehicles`, fire());
    const wall = performance.now() - t0;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    walls.push(wall);
    growths.push(mib(rssPeak - rssBefore));
    maxes.push(maxInFlight);
    failures.push(results.filter((r) => !r.ok).length);
    if (part === 'bulk') auditCounts.push((await auditCount()) - auditBefore);
    log(
      `rep ${rep + 1}: ${Math.round(wall)} ms (ideal ${IDEAL_MS}), RSS +${mib(rssPeak - rssBefore).toFixed(1)} MiB, ` +
        `max in flight ${maxInFlight}, failed ${failures.at(-1)}` +
        (part === 'bulk' ? `, audit +${auditCounts.at(-1)}` : ''),
    );
  }
} finally {
  await h.close();
}

async function auditCount(): Promise<number> {
  const entries = await h.garage.audit.list({ limit: 10_000 });
  if (!entries.ok) throw new Error('audit.list failed');
  return entries.value.filter((e) => e.operation === 'command:set_charge_limit' && e.outcome === 'success')
    .length;
}

const wall = median(walls);
const limit = part === 'refresh' ? 1.15 : 1.2;
const label =
  part === 'refresh' ? 'fleet refresh: 1,000 telemetryConfig' : 'bulk command: 1,000 set_charge_limit';
const detail = `${REPS} runs, ${SLOTS} of ${CAP} slots, ${LATENCY_MS} ms latency; failed calls ${Math.max(...failures)}`;
const rows: BenchRow[] = [
  {
    name: `${label} (wall vs ideal)`,
    value: round(wall, 1),
    unit: 'ms',
    baseline: IDEAL_MS,
    ratio: round(wall / IDEAL_MS, 3),
    budget: `ratio <= ${limit}`,
    pass: wall / IDEAL_MS <= limit && Math.max(...failures) === 0,
    p95: round(p95(walls), 1),
    detail,
  },
  {
    name: `${label}: max requests in flight`,
    value: Math.max(...maxes),
    unit: 'requests',
    budget: `<= ${SLOTS} (${part === 'bulk' ? 'slots commands may take' : 'client cap'})`,
    pass: Math.max(...maxes) <= SLOTS,
    detail: 'counted at the simulator server',
  },
];
if (part === 'refresh') {
  const growth = Math.max(...growths);
  rows.push({
    name: `${label}: RSS growth`,
    value: round(growth, 1),
    unit: 'MiB',
    budget: '< 100 MiB',
    pass: growth < 100,
    detail: `peak RSS during the run minus RSS before, worst of ${REPS}`,
  });
} else {
  const fewest = Math.min(...auditCounts);
  rows.push({
    name: `${label}: audit entries recorded`,
    value: fewest,
    unit: 'entries',
    budget: `= ${VEHICLES} per run`,
    pass: fewest === VEHICLES,
    detail: `new successful entries in audit.list({ limit: 10000 }), fewest of ${REPS} runs`,
  });
}
report(rows);
