// A read asked while 12 commands wait on sleeping cars: the simulator takes 60 s to wake a car,
// so each command holds its slot that long. The read must answer within its timeout (15 s, the
// app's default), counted from when it was asked; its time is reported next to a read with
// nothing else running (the baseline), which it should barely exceed.
import { createVehicleApiClient, DEFAULT_TIMEOUTS } from '../../electron/main/api';
import { startSimulator } from '../../electron/main/simulator';
import { log, median, report, round, type BenchRow } from './lib';
import { waitFor } from '../support/wait-for';

const quick = process.argv.includes('--quick');
const REPS = quick ? 3 : 9;
const sim = await startSimulator({
  vehicles: 20,
  wakeDelayMs: 60_000,
  completionDelayMs: 5,
  flakiness: false,
});
const reader = sim.vehicles().find((v) => v.sleepState === 'awake')!.vin;
const sleepers = sim.vins.filter((vin) => vin !== reader).slice(0, 12);
const rows: BenchRow[] = [];
const client = createVehicleApiClient({ baseUrl: sim.baseUrl, getToken: async () => sim.token });
try {
  const timedRead = async () => {
    const start = performance.now();
    await client.telemetryConfig(reader);
    return performance.now() - start;
  };
  const alone: number[] = [];
  for (let i = 0; i < REPS; i++) alone.push(await timedRead());
  for (const vin of sleepers) sim.setVehicleState(vin, { sleepState: 'asleep' });
  const commands = sleepers.map((vin) =>
    client.command(vin, 'close_windows', { waitForCompletion: true }).catch(() => null),
  );
  await waitFor(() => client.stats.inFlight >= 4, 'the commands to take their slots', {
    timeoutMs: 5_000,
    intervalMs: 5,
  });
  const behind: number[] = [];
  for (let i = 0; i < REPS; i++) behind.push(await timedRead());
  log(
    `read alone ${median(alone).toFixed(1)} ms, behind 12 sleeping-car commands ${median(behind).toFixed(1)} ms`,
  );
  const worst = Math.max(...behind);
  rows.push({
    name: 'read behind 12 commands to sleeping cars',
    value: round(median(behind), 2),
    unit: 'ms',
    baseline: round(median(alone), 2),
    ratio: round(median(behind) / median(alone), 2),
    budget: `every read <= ${DEFAULT_TIMEOUTS.readMs / 1000} s (its timeout)`,
    pass: worst <= DEFAULT_TIMEOUTS.readMs,
    detail: `${REPS} reads, slowest ${round(worst, 1)} ms; cars take 60 s to wake`,
  });
  await client.destroy();
  await Promise.all(commands);
} finally {
  await sim.stop();
}
report(rows);
