// Where a shop command's CPU goes, per arm (not a budget row: a tool for finding the cost that the
// shop-technicians row reports as a ratio). One process holds one technician's solo core and shop
// core, and a second technician's shop core that only listens, as each of the other technicians of
// the benchmark does; each arm runs its commands alone, and the process's CPU time (user + system)
// and the shop database's backends' CPU time are counted per command, the shop arm's until its outbox
// is empty and what the listener heard is followed. The loop is the benchmark's (shop-technician.ts).
//   npx tsx --import ./test/support/sql-text.mjs test/bench/shop-profile.ts [commands] [--cpu-prof]
// With --cpu-prof each arm's V8 profile is written to test/artifacts/shop-<arm>.cpuprofile; with
// --waits each arm also lists what it awaited (awaited-io.ts): syncs, stats and queries, and how much
// of a command's wait the event loop was busy (CPU, its own or other work's) or idle (I/O).
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openShop } from '../../electron/main/shop/shop-db';
import { createTestDatabaseWith, dropRun } from '../shop/support/pg-admin';
import { waitFor } from '../support/wait-for';
import {
  awakeSimulator,
  closeMachine,
  join,
  machine,
  must,
  type Machine,
  type TechnicianSetup,
} from './bench-machine';
import { shopAdminOrSkip } from './shop-pg';
import { takeTallies, timeAwait, watchAwaitedIo } from './awaited-io';

const COMMANDS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 300);
const PROFILE = process.argv.includes('--cpu-prof');
const WAITS = process.argv.includes('--waits');
const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, '../artifacts');

/** CPU ms (user + system) of the given processes, from /proc (Linux only). */
async function cpuOf(pids: readonly number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

if (WAITS) await watchAwaitedIo();
const admin = await shopAdminOrSkip('shop profile');
if (admin) {
  const simulator = await awakeSimulator(4);
  const machines: Machine[] = [];
  try {
    const db = await createTestDatabaseWith(admin, 'bench_profile');
    if (process.argv.includes('--log'))
      await db.query(
        `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET log_min_duration_statement = 0', current_database()); END $$`,
      );
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    await owner.close();
    const setupOf = async (i: number): Promise<TechnicianSetup> => {
      const login = await db.addTechnician(`t${i}`);
      return {
        technician: `Technician ${i + 1}`,
        machine: `bay-${i + 1}`,
        baseUrl: simulator.baseUrl,
        token: simulator.token,
        vins: simulator.vins.slice(i * 2, i * 2 + 2),
        shop: { settings: login.settings, password: login.password },
      };
    };
    const mine = await setupOf(0);
    const theirs = await setupOf(1);
    const solo = await machine();
    const shop = await machine();
    const peer = await machine();
    machines.push(solo, shop, peer);
    await join(solo, mine, false);
    await join(shop, mine, true);
    await join(peer, theirs, true);
    const backends = async () =>
      (
        await db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        )
      ).rows.map((r) => r.pid);

    let n = 0;
    const one = async (m: Machine) => {
      const vin = mine.vins[n++ % mine.vins.length]!;
      const started = must(
        'command',
        await m.garage.runs.startVehicleCommand(vin, 'set_charge_limit', { percent: 50 + (n % 50) }),
      );
      const end = await timeAwait('whenDone', () => m.core.runs.whenDone(started.id));
      if (end.items[0]?.status !== 'succeeded') throw new Error(`command: ${end.summary}`);
    };
    const settle = async () => {
      await shop.core.shop.idle();
      await waitFor(async () => must('status', await shop.garage.shop.status()).pending === 0, 'the outbox', {
        timeoutMs: 60_000,
        intervalMs: 20,
      });
      await peer.core.shop.idle();
      await shop.core.shop.idle();
    };
    for (let i = 0; i < 30; i++) {
      await one(solo);
      await one(shop);
    }
    await settle();

    const session = new Session();
    session.connect();
    if (PROFILE) {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await mkdir(artifacts, { recursive: true });
    }
    const arms: Record<string, { cpu: number; pg: number; wall: number }> = {};
    for (const [arm, m] of [
      ['solo', solo],
      ['shop', shop],
      ['solo2', solo],
      ['shop2', shop],
    ] as const) {
      await db.query(`SELECT 'arm start ${arm}'`);
      const pids = await backends();
      if (WAITS) takeTallies(COMMANDS);
      const pg0 = await cpuOf(pids);
      if (PROFILE) await session.post('Profiler.start');
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < COMMANDS; i++) await one(m);
      if (m === shop) await settle();
      const wall = performance.now() - t0;
      const used = process.cpuUsage(cpu0);
      if (PROFILE) {
        const { profile } = await session.post('Profiler.stop');
        await writeFile(path.join(artifacts, `shop-${arm}.cpuprofile`), JSON.stringify(profile));
      }
      const pg = (await cpuOf(pids)) - pg0;
      await db.query(`SELECT 'arm end ${arm}'`);
      if (WAITS) console.log(`${arm} awaited:\n${takeTallies(COMMANDS)}`);
      arms[arm] = {
        cpu: (used.user + used.system) / 1000 / COMMANDS,
        pg: pg / COMMANDS,
        wall: wall / COMMANDS,
      };
    }
    session.disconnect();
    for (const [arm, a] of Object.entries(arms))
      console.log(
        `${arm.padEnd(6)} node CPU ${a.cpu.toFixed(2)} ms/command, PostgreSQL backends ${a.pg.toFixed(2)} ms/command, wall ${a.wall.toFixed(2)} ms/command`,
      );
  } finally {
    for (const m of machines) await closeMachine(m).catch(() => undefined);
    await simulator.stop();
    await dropRun(admin);
  }
}
