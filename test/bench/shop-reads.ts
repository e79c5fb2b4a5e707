// One read serves the shop, counted at the service: 5 technicians' apps (shop mode, one process
// each core, one real PostgreSQL, one simulator over HTTP at 20 ms latency, cars awake) open the
// same 20 cars at once, each in its own order (technician k starts at car 4k), against one
// technician opening 20 cars alone. Opening a car is the reads the car's screen makes of what the
// shop shares: its state (the service's copy), sleep status, firmware alerts and tyres, none
// refreshed. Each round takes 20 cars no app has read yet; rounds alternate (ABBA). The row: the
// requests the simulator received for the round's cars, the team's median over one technician's,
// ≤ 1.5, with its bootstrap interval. Without a reachable PostgreSQL it reports a skipped row.
import { openShop } from '../../electron/main/shop/shop-db';
import { createTestDatabaseWith, dropRun } from '../shop/support/pg-admin';
import { awakeSimulator, closeMachine, join, machine, must, type Machine } from './bench-machine';
import { log, ratioRow, report, round, type BenchRow } from './lib';
import { shopAdminOrSkip } from './shop-pg';

const quick = process.argv.includes('--quick');
const TECHNICIANS = 5;
const CARS = 20;
const ROUNDS = quick ? 4 : 8; // per arm
const LATENCY_MS = 20;

/** Opens a car as its screen does: the shared reads, none forced. */
async function openCar(m: Machine, vin: string): Promise<void> {
  must('state', await m.garage.vehicles.state(vin));
  must('status', await m.garage.vehicles.status(vin));
  must('alerts', await m.garage.vehicles.firmwareAlerts(vin));
  must('tyres', await m.garage.vehicles.tirePressure(vin));
}

const admin = await shopAdminOrSkip('shop reads');
if (admin) {
  const rows: BenchRow[] = [];
  const simulator = await awakeSimulator(CARS * ROUNDS * 2, LATENCY_MS);
  const machines: Machine[] = [];
  try {
    const db = await createTestDatabaseWith(admin, 'bench_reads');
    await (await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword })).close();
    log(`${TECHNICIANS} technicians' apps joining the shop`);
    for (let i = 0; i < TECHNICIANS; i++) {
      const login = await db.addTechnician(`r${i}`);
      const m = await machine();
      machines.push(m);
      await join(
        m,
        {
          technician: `Technician ${i + 1}`,
          machine: `bay-${i + 1}`,
          baseUrl: simulator.baseUrl,
          token: simulator.token,
          vins: [],
          shop: { settings: login.settings, password: login.password },
        },
        true,
      );
    }

    const asked = (vins: ReadonlySet<string>) =>
      simulator.requests.filter((request) => request.vin !== null && vins.has(request.vin)).length;
    const alone: number[] = [];
    const team: number[] = [];
    let set = 0;
    const nextCars = () => simulator.vins.slice(set * CARS, ++set * CARS);
    log(`${ROUNDS} rounds per arm of ${CARS} cars opened (one technician; ${TECHNICIANS} at once)`);
    const t0 = performance.now();
    for (let r = 0; r < ROUNDS * 2; r++) {
      // ABBA: alone, team, team, alone, ...
      const teamRound = r % 4 === 1 || r % 4 === 2;
      const cars = nextCars();
      const before = asked(new Set(cars));
      if (teamRound) {
        await Promise.all(
          machines.map(async (m, k) => {
            const start = (k * CARS) / TECHNICIANS;
            for (let i = 0; i < CARS; i++) await openCar(m, cars[(start + i) % CARS]!);
          }),
        );
      } else {
        for (const vin of cars) await openCar(machines[0]!, vin);
      }
      // The answers are shared behind the reads: every app's upload done before counting.
      await Promise.all(machines.map((m) => m.core.shop.idle()));
      (teamRound ? team : alone).push(asked(new Set(cars)) - before);
    }
    const row = ratioRow(
      `shop reads: service requests of ${TECHNICIANS} technicians opening the same ${CARS} cars vs one technician`,
      team,
      alone,
      { max: 1.5 },
      'requests',
      `${ROUNDS} rounds per arm (ABBA), 4 shared reads per car opened, simulator at ${LATENCY_MS} ms; ` +
        `team ${team.join(', ')}; alone ${alone.join(', ')}; ${round((performance.now() - t0) / 1000, 1)} s`,
    );
    rows.push(row);
  } finally {
    for (const m of machines) await closeMachine(m).catch(() => undefined);
    await simulator.stop();
    await dropRun(admin);
  }
  report(rows);
}
