// Technicians sharing one shop database, each a separate process (shop-technician.ts) with a solo
// core and a shop core on one simulator over HTTP and one real PostgreSQL:
// - the command row: every technician sends `set_charge_limit` one at a time, ABBA rounds of solo
//   and shop mode in the same process; the shop core's median within 1.2 × the solo core's (its
//   upload to the shop is off the command's path), and every shop command's entry exactly once in
//   the shop's audit table (its command entries counted per technician, the outbox drained; the
//   solo core's entries never reach it);
// - live: one technician renames a vehicle, another's core hears it (LISTEN/NOTIFY → merge →
//   event); p95 of the wall time between the call and the event ≤ 1 s.
// Defaults are the issue's size (8 technicians × 500 commands per mode, 100 renames); --quick runs
// 8 × 100 and 20; BENCH_SHOP_TECHNICIANS and BENCH_SHOP_COMMANDS set other sizes. The run makes its own roles and database and drops them; without a reachable
// PostgreSQL it reports a skipped row.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openShop } from '../../electron/main/shop/shop-db';
import { createTestDatabaseWith, dropRun } from '../shop/support/pg-admin';
import { log, median, p95, ratioRow, report, round, type BenchRow } from './lib';
import { shopAdminOrSkip } from './shop-pg';
import { awakeSimulator } from './bench-machine';
import type { FromTechnician, TechnicianSetup, ToTechnician } from './shop-technician';
import { TSX_NODE_ARGS } from '../support/tsx-node';

const quick = process.argv.includes('--quick');
const TECHNICIANS = Number(process.env['BENCH_SHOP_TECHNICIANS'] ?? 8);
const BATCH = 25;
const COMMANDS = Number(process.env['BENCH_SHOP_COMMANDS'] ?? (quick ? 100 : 500)); // per technician and mode
const ROUNDS = Math.ceil(COMMANDS / BATCH); // ABBA: half the rounds each mode first
const WARMUP = quick ? 5 : 20;
const RENAMES = quick ? 20 : 100;
const VINS_EACH = 2;
const here = path.dirname(fileURLToPath(import.meta.url));

type Distribute<T> = T extends unknown ? Omit<T, 'seq'> : never;

class Technician {
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly child: ChildProcess;
  constructor(readonly name: string) {
    this.child = fork(path.join(here, 'shop-technician.ts'), [], {
      execArgv: [...TSX_NODE_ARGS],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: FromTechnician) => {
      const waiter = this.waiting.get(message.seq);
      this.waiting.delete(message.seq);
      if (!waiter) return;
      if (message.ok) waiter.resolve(message.value);
      else waiter.reject(new Error(`${name}: ${message.error}`));
    });
    this.child.on('exit', (code) => {
      for (const waiter of this.waiting.values()) waiter.reject(new Error(`${name} exited with ${code}`));
      this.waiting.clear();
    });
  }
  ask<T>(message: Distribute<ToTechnician>): Promise<T> {
    const seq = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(seq, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ ...message, seq } as ToTechnician);
    });
  }
}

const admin = await shopAdminOrSkip('shop technicians');
if (admin) {
  const rows: BenchRow[] = [];
  const simulator = await awakeSimulator(TECHNICIANS * VINS_EACH);
  const technicians: Technician[] = [];
  try {
    const db = await createTestDatabaseWith(admin, 'bench_shop');
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    await owner.close();

    log(`${TECHNICIANS} technician processes joining the shop`);
    const setups: TechnicianSetup[] = [];
    for (let i = 0; i < TECHNICIANS; i++) {
      const login = await db.addTechnician(`t${i}`);
      setups.push({
        technician: `Technician ${i + 1}`,
        machine: `bay-${i + 1}`,
        baseUrl: simulator.baseUrl,
        token: simulator.token,
        vins: simulator.vins.slice(i * VINS_EACH, (i + 1) * VINS_EACH),
        shop: { settings: login.settings, password: login.password },
      });
      technicians.push(new Technician(`technician ${i + 1}`));
    }
    // One at a time: a process's start-up and migration check would otherwise all land at once.
    for (const [i, t] of technicians.entries()) await t.ask({ op: 'setup', setup: setups[i]! });

    const counts = async () => {
      const result = await db.query<{ technician: string; n: string }>(
        `SELECT technician, count(*) AS n FROM audit_entries
          WHERE operation = 'command:set_charge_limit' GROUP BY technician`,
      );
      return new Map(result.rows.map((r) => [r.technician, Number(r.n)]));
    };
    const before = await counts();

    log(`${TECHNICIANS} × ${COMMANDS} commands per mode (solo, shop), ABBA rounds of ${BATCH}`);
    const t0 = Date.now();
    const results = await Promise.all(
      technicians.map((t) =>
        t.ask<{
          solo: number[];
          shop: number[];
          pending: number;
          entries: { id: string; operation: string }[];
        }>({
          op: 'commands',
          rounds: ROUNDS,
          batch: BATCH,
          warmup: WARMUP,
        }),
      ),
    );
    const wallS = (Date.now() - t0) / 1000;
    const after = await counts();
    const solo = results.flatMap((r) => r.solo);
    const shop = results.flatMap((r) => r.shop);
    const expected = WARMUP + ROUNDS * BATCH;
    const wrong = setups
      .map((s) => ({
        who: s.technician,
        n: (after.get(s.technician) ?? 0) - (before.get(s.technician) ?? 0),
      }))
      .filter((c) => c.n !== expected);
    const pending = results.reduce((sum, r) => sum + r.pending, 0);
    // Each local entry by id in the shop's table: none missing, none twice (the id is the key).
    const localEntries = results.flatMap((r) => r.entries);
    const found = await db.query<{ id: string }>(
      `SELECT id::text FROM audit_entries WHERE id = ANY($1::uuid[])`,
      [localEntries.map((e) => e.id)],
    );
    const foundIds = new Set(found.rows.map((r) => r.id));
    const missing = localEntries.filter((e) => !foundIds.has(e.id));
    const row = ratioRow(
      `shop: command set_charge_limit, shop vs solo mode (${TECHNICIANS} technician processes × ${COMMANDS})`,
      shop,
      solo,
      { max: 1.2 },
      'ms',
      `${shop.length} + ${solo.length} samples, ABBA rounds of ${BATCH} in each process, ${round(wallS, 1)} s`,
    );
    rows.push(row);
    rows.push({
      name: `shop: audit entries in the shop's table per technician (${TECHNICIANS} × ${expected} shop commands)`,
      value: wrong.length === 0 ? expected : Math.min(...wrong.map((w) => w.n)),
      unit: 'entries',
      budget: `= ${expected} each, every local entry in the table`,
      // A waiting count left above 0 would tell the technician something false: it fails the row too.
      pass: wrong.length === 0 && missing.length === 0 && pending === 0,
      detail:
        (wrong.length === 0
          ? `${TECHNICIANS * expected} command entries`
          : `${wrong.map((w) => `${w.who}: ${w.n}`).join(', ')}`) +
        `; ${localEntries.length - missing.length} of ${localEntries.length} local entries found by id` +
        (missing.length > 0
          ? ` (missing: ${[...new Set(missing.map((e) => e.operation))].join(', ')})`
          : '') +
        `; outboxes report ${pending} waiting`,
    });

    log(`${RENAMES} renames, each heard by another technician's core`);
    const latencies: number[] = [];
    for (let i = 0; i < RENAMES; i++) {
      const writer = technicians[i % TECHNICIANS]!;
      const watcher = technicians[(i + 1) % TECHNICIANS]!;
      const vin = setups[i % TECHNICIANS]!.vins[0]!;
      const nickname = `Live ${i}`;
      await watcher.ask({ op: 'watch', vin, nickname });
      const sentAt = await writer.ask<number>({ op: 'rename', vin, nickname });
      const seenAt = await watcher.ask<number>({ op: 'seen' });
      latencies.push(seenAt - sentAt);
    }
    rows.push({
      name: `shop: a rename on one machine heard by another (${RENAMES} renames, ${TECHNICIANS} processes)`,
      value: round(p95(latencies), 1),
      unit: 'ms',
      budget: 'p95 <= 1000 ms',
      pass: p95(latencies) <= 1000,
      p95: round(p95(latencies), 1),
      detail: `p95 shown as the value; median ${round(median(latencies), 1)} ms, max ${round(Math.max(...latencies), 1)} ms`,
    });
  } finally {
    await Promise.all(technicians.map((t) => t.ask({ op: 'close' }).catch(() => undefined)));
    for (const t of technicians) if (t.child.exitCode === null) t.child.kill();
    await simulator.stop();
    await dropRun(admin);
  }
  report(rows);
}
