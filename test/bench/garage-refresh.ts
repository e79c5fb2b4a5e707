// "Refresh garage" at fleet scale: 1,000 demo vehicles behind a simulator rate-limited to
// 20 requests/s, refreshed by main's garage-refresh run (started through the real IPC handler, the
// way the window starts it) and the API client (core harness). One state read per vehicle; the client
// paces by the service's RateLimit-* headers. Budgets: wall time <= 1.1 x (1,000 / 20 s) and at
// most one 429 answer in the run, counted at the simulator's HTTP server.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { startCoreHarness } from '../support/core-harness';
import { log, report, round, within, type BenchRow } from './lib';

const VEHICLES = 1000;
const RATE = 20;
const IDEAL_S = VEHICLES / RATE;
const BUDGET_S = 1.1 * IDEAL_S;

const h = await startCoreHarness({
  demo: {
    vehicles: VEHICLES,
    latencyMs: 20,
    flakiness: false,
    wakeDelayMs: 0,
    completionDelayMs: 0,
    maxRecordedRequests: 20_000,
  },
});
const rows: BenchRow[] = [];
try {
  const sim = h.simulator;
  const server = (sim as unknown as { server?: Server }).server;
  if (!server || typeof server.on !== 'function') throw new Error('cannot observe the simulator server');
  const statuses = new Map<number, number>();
  let stateReads = 0;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (/\/state(\?|$)/.test(req.url ?? '')) stateReads++;
    res.once('finish', () => statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1));
  });

  const list = await h.garage.vehicles.list();
  if (!list.ok) throw new Error('vehicles.list failed');
  const vins = list.value.map((v) => v.vin);
  if (vins.length !== VEHICLES)
    throw new Error(`the demo garage holds ${vins.length} vehicles, not ${VEHICLES}`);

  sim.setRateLimit(RATE);
  statuses.clear();
  stateReads = 0;
  log(`refreshing ${VEHICLES} vehicles at ${RATE} requests/s (ideal ${IDEAL_S} s)`);
  const t0 = performance.now();
  const started = await h.garage.runs.startGarageRefresh();
  if (!started.ok) throw new Error(`runs.startGarageRefresh failed: ${started.error.message}`);
  const run = await within(
    Math.ceil(BUDGET_S * 3) * 1000,
    'refresh garage',
    h.core.runs.whenDone(started.value.id),
  );
  const outcome = { refreshed: run.counts.succeeded, failed: run.counts.failed };
  const wallS = (performance.now() - t0) / 1000;
  const tooMany = statuses.get(429) ?? 0;
  const detail =
    `${outcome.refreshed} refreshed, ${outcome.failed} failed, ${stateReads} state requests; ` +
    `answers ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`;
  log(`${wallS.toFixed(1)} s; ${detail}`);
  const complete = outcome.refreshed === VEHICLES && stateReads <= VEHICLES + tooMany;
  rows.push({
    name: `garage refresh: ${VEHICLES} vehicles at ${RATE} requests/s, wall time`,
    value: round(wallS, 2),
    unit: 's',
    baseline: IDEAL_S,
    ratio: round(wallS / IDEAL_S, 3),
    budget: `<= ${round(BUDGET_S, 1)} s (1.1 x ${IDEAL_S} s), every vehicle refreshed once`,
    pass: complete && wallS <= BUDGET_S,
    detail,
  });
  rows.push({
    name: `garage refresh: 429 answers in the run`,
    value: tooMany,
    unit: '',
    budget: '<= 1',
    pass: tooMany <= 1,
    detail,
  });
} finally {
  await h.close();
}
report(rows);
