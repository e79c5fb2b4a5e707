// One technician's machine for the shop benchmark (shop.ts), as its own process: a main-process core
// in solo mode and one in shop mode (each with its own data folder), both on the shared simulator
// over HTTP, driven through the real IPC handlers as the window drives them. The parent sends
// messages over the fork channel; every answer carries the request's `seq`.
//   setup    → both cores ready: a profile on the simulator, the technician's vehicles added, the
//              shop core online on the shop database;
//   commands → `rounds` ABBA rounds of `batch` set_charge_limit per core, one at a time, timed from
//              call to answer; the shop core's outbox drained after the last one;
//   rename   → renames a vehicle through the shop core; answers the wall time just before the call;
//   watch    → starts listening for a vehicle to get a nickname (answers once listening);
//   seen     → answers the wall time the watched change was heard;
//   close.
// The keychain is an in-memory one: this measures the shop's cost, not the Secret Service's.
import { waitFor } from '../support/wait-for';
import {
  closeMachine,
  join as joinAs,
  machine,
  must,
  type Machine,
  type TechnicianSetup,
} from './bench-machine';

export type { TechnicianSetup } from './bench-machine';

export type ToTechnician =
  | { seq: number; op: 'setup'; setup: TechnicianSetup }
  | { seq: number; op: 'commands'; rounds: number; batch: number; warmup: number }
  | { seq: number; op: 'rename'; vin: string; nickname: string }
  | { seq: number; op: 'watch'; vin: string; nickname: string }
  | { seq: number; op: 'seen' }
  | { seq: number; op: 'close' };

export type FromTechnician =
  { seq: number; ok: true; value?: unknown } | { seq: number; ok: false; error: string };

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between processes. */
export const wallNow = (): number => performance.timeOrigin + performance.now();

let solo: Machine | null = null;
let shop: Machine | null = null;
let vins: string[] = [];
let watched: Promise<number> | null = null;

const trace = (what: string) => {
  if (process.env['BENCH_TRACE']) process.stderr.write(`  [${process.pid}] ${what}\n`);
};

async function commands(rounds: number, batch: number, warmup: number) {
  const samples = { solo: [] as number[], shop: [] as number[] };
  let n = 0;
  const one = async (m: Machine) => {
    const vin = vins[n++ % vins.length]!;
    // A command to one car as the window sends it: a run in main, awaited to its end.
    const started = must(
      'command',
      await m.garage.runs.startVehicleCommand(vin, 'set_charge_limit', { percent: 50 + (n % 50) }),
    );
    const end = await m.core.runs.whenDone(started.id);
    if (end.items[0]?.status !== 'succeeded') throw new Error(`command: ${end.summary}`);
    return end;
  };
  for (let i = 0; i < warmup; i++) {
    await one(solo!);
    await one(shop!);
  }
  for (let round = 0; round < rounds; round++) {
    const order: ['solo' | 'shop', Machine][] = [
      ['solo', solo!],
      ['shop', shop!],
    ];
    if (round % 2 === 1) order.reverse();
    for (const [arm, m] of order) {
      for (let k = 0; k < batch; k++) {
        const t0 = performance.now();
        await one(m);
        samples[arm].push(performance.now() - t0);
      }
    }
  }
  await shop!.core.shop.idle();
  // The upload runs behind the commands: let the outbox empty (checked every 100 ms, up to 2 min).
  let status = must('shop status', await shop!.garage.shop.status());
  await waitFor(
    async () => {
      status = must('shop status', await shop!.garage.shop.status());
      return status.pending === 0;
    },
    'the outbox to empty',
    { timeoutMs: 120_000, intervalMs: 100 },
  ).catch(() => {}); // what is still pending then is reported, not thrown
  // Every entry of the shop core's local log, to be found exactly once in the shop's table.
  const local = must('audit', await shop!.garage.audit.list({ limit: 10_000 }));
  return {
    ...samples,
    pending: status.pending,
    entries: local.map((entry) => ({ id: entry.id, operation: entry.operation })),
  };
}

async function handle(message: ToTechnician): Promise<unknown> {
  switch (message.op) {
    case 'setup':
      vins = message.setup.vins;
      solo = await machine();
      shop = await machine();
      await joinAs(solo, message.setup, false, trace);
      await joinAs(shop, message.setup, true, trace);
      return null;
    case 'commands':
      return commands(message.rounds, message.batch, message.warmup);
    case 'rename': {
      const at = wallNow();
      trace(`rename ${message.vin} ${message.nickname}`);
      must('rename', await shop!.garage.vehicles.rename(message.vin, message.nickname));
      return at;
    }
    case 'watch': {
      // As the window learns it: a vehicle's change, or the list's (then it reads the list).
      const { vin, nickname } = message;
      const m = shop!;
      watched = new Promise<number>((resolve) => {
        let done = false;
        const off = m.core.events.subscribe((e) => {
          if (done) return;
          if (e.type === 'vehicle.changed' && e.vin === vin && e.entry?.nickname === nickname) {
            done = true;
            off();
            resolve(wallNow());
          } else if (e.type === 'garage.changed') {
            void m.garage.vehicles.list().then((list) => {
              if (done || !list.ok || !list.value.some((v) => v.vin === vin && v.nickname === nickname))
                return;
              done = true;
              off();
              resolve(wallNow());
            });
          }
        });
      });
      return null;
    }
    case 'seen':
      return watched;
    case 'close':
      for (const m of [solo, shop]) if (m) await closeMachine(m);
      return null;
  }
}

process.on('message', (message: ToTechnician) => {
  handle(message).then(
    (value) => {
      process.send!({ seq: message.seq, ok: true, value } satisfies FromTechnician);
      if (message.op === 'close') process.disconnect();
    },
    (error: unknown) =>
      process.send!({
        seq: message.seq,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies FromTechnician),
  );
});
process.on('disconnect', () => process.exit(0));
