// Two technicians, two cores (two data folders, two apps as the IPC edge sees them), one shop
// database: the garage, the audit log and claims shared live, through the operations the renderer
// calls; the database lost mid-run loses and doubles nothing; the password never leaves main.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GarageEvent } from '../../electron/shared/events';
import type { CoreHarness } from '../support/core-harness';
import type { Login, TestDatabase } from './support/pg';
import type { TcpProxy } from './support/tcp-proxy';
import { coreEvents } from './support/join-shop';
import { cutOff, startTwoCores } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';
import { matching, passes, waitFor } from '../support/wait-for';
import { sendCommand } from '../support/send-command';

const NEW_VIN = '1M8GDM9AXKP042788';

let db: TestDatabase;
let proxy: TcpProxy;
let ana: CoreHarness;
let ben: CoreHarness;
let anaLogin: Login;
let benLogin: Login;
const logged: string[] = [];

const events = coreEvents;

beforeAll(async () => {
  const options = {
    onProblem: (message: string, error: unknown) => logged.push(`${message} ${String(error)}`),
    onResponse: (_channel: string, response: unknown) => logged.push(JSON.stringify(response)),
  };
  // Ben reaches the database through a relay the test can cut.
  ({ db, proxy, ana, ben, anaLogin, benLogin } = await startTwoCores('core_link', options));
});

afterAll(async () => {
  await ana?.close();
  await ben?.close();
  await proxy?.close();
});

describe('two technicians on one shop, core to core', () => {
  it('merges the garages and shows a vehicle one adds on the other, live', async () => {
    const seen = waitFor(
      matching((e) => e.type === 'garage.changed'),
      'the garage change on Ben',
      { ...SHOP_WAIT, wakeOn: events(ben) },
    );
    const added = await ana.garage.vehicles.add({ vin: NEW_VIN, nickname: 'Coach' });
    expect(added).toMatchObject({ ok: true });
    await seen;
    await ben.core.shop.idle();
    const list = await ben.garage.vehicles.list();
    expect(list.ok && list.value.find((v) => v.vin === NEW_VIN)).toMatchObject({ nickname: 'Coach' });

    const renamed = waitFor(
      matching(
        (e) => e.type === 'vehicle.changed' && e.vin === NEW_VIN && e.entry?.nickname === 'Bay 3 coach',
      ),
      'the rename on Ben',
      { ...SHOP_WAIT, wakeOn: events(ben) },
    );
    expect(await ana.garage.vehicles.rename(NEW_VIN, 'Bay 3 coach')).toMatchObject({ ok: true });
    await renamed;

    const gone = waitFor(
      matching((e) => e.type === 'vehicle.changed' && e.vin === NEW_VIN && e.entry === null),
      'the removal on Ben',
      { ...SHOP_WAIT, wakeOn: events(ben) },
    );
    await ana.garage.vehicles.remove(NEW_VIN);
    await gone;
    const after = await ben.garage.vehicles.list();
    expect(after.ok && after.value.some((v) => v.vin === NEW_VIN)).toBe(false);
  });

  it("puts a command on one in the other's History with the technician's name", async () => {
    const vin = ana.simulator.vins[0]!;
    // The command's entry (an asleep car's wake-up before it is an entry of its own).
    const isCommand = (e: GarageEvent) =>
      e.type === 'audit.added' && e.vin === vin && e.entry.operation === 'command:set_charge_limit';
    const arrived = waitFor(
      matching((e) => isCommand(e) && e.type === 'audit.added' && e.entry.technician === 'Ana'),
      "Ana's entry on Ben",
      { ...SHOP_WAIT, wakeOn: events(ben) },
    );
    const ownEvent = waitFor(
      matching((e) => isCommand(e)),
      "Ana's own entry",
      { ...SHOP_WAIT, wakeOn: events(ana) },
    );
    const sent = await sendCommand(ana, vin, 'set_charge_limit', { percent: 81 });
    // Her own window shows the entry at once, with her name, before the shop has it.
    expect(await ownEvent).toMatchObject({ entry: { technician: 'Ana', machine: 'bay-1' } });
    // Sent once and audited whatever the car answered (an asleep car's refusal is an entry too).
    expect(sent).toHaveProperty('ok');
    const event = (await arrived) as Extract<GarageEvent, { type: 'audit.added' }>;
    expect(event).toMatchObject({ entry: { operation: 'command:set_charge_limit', machine: 'bay-1' } });
    const history = await ben.garage.shop.history(vin);
    expect(history.ok && history.value.entries[0]).toMatchObject({
      id: event.id,
      technician: 'Ana',
      machine: 'bay-1',
      dbRole: anaLogin.settings.user,
    });
  });

  it('lets one of two racing claims win, names the holder, and asks before a command', async () => {
    const vin = ana.simulator.vins[1]!;
    const claimSeen = (h: CoreHarness) =>
      waitFor(
        matching((e) => e.type === 'claim.changed' && e.vin === vin && e.claim !== null),
        'the claim on the other app',
        { ...SHOP_WAIT, wakeOn: events(h) },
      );
    const seenBy = new Map([
      [ana, claimSeen(ana)],
      [ben, claimSeen(ben)],
    ]);
    const [a, b] = await Promise.all([
      ana.garage.claims.claim(vin, { note: 'brakes' }),
      ben.garage.claims.claim(vin),
    ]);
    const winners = [a, b].filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    const loser = a.ok ? b : a;
    const holder = a.ok ? 'Ana' : 'Ben';
    expect(loser).toMatchObject({ ok: false, error: { kind: 'rejected' } });
    expect(!loser.ok && loser.error.message).toContain(`${holder} has claimed this vehicle`);
    // Since when, as the technician's region writes a time: never the database's ISO stamp.
    expect(!loser.ok && loser.error.message).not.toMatch(/since \d{4}-\d\d-\d\dT/);
    const other = holder === 'Ana' ? ben : ana;
    const owner = holder === 'Ana' ? ana : ben;
    // The loser's app hears of the winner's claim from the database, live.
    expect(await seenBy.get(other)).toMatchObject({ claim: { claimedBy: holder } });
    await seenBy.get(owner);
    const refused = await sendCommand(other, vin, 'close_windows');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'rejected' } });
    expect(!refused.ok && refused.error.message).toContain(holder);
    expect(await sendCommand(other, vin, 'close_windows', { overrideClaim: true })).not.toMatchObject({
      error: { kind: 'rejected' },
    });
    // The Commands tab starts the command as a run in main: the same question, and the same record.
    const refusedRun = await other.garage.runs.startVehicleCommand(vin, 'close_windows');
    expect(refusedRun).toMatchObject({ ok: false, error: { kind: 'rejected' } });
    const run = await other.garage.runs.startVehicleCommand(vin, 'close_windows', { overrideClaim: true });
    if (!run.ok) throw new Error(run.error.message);
    await other.core.runs.whenDone(run.value.id);
    // The Workshop tab's commands too.
    expect(await other.garage.runs.startVehicleCommand(vin, 'lock')).toMatchObject({
      ok: false,
      error: { kind: 'rejected' },
    });
    const lock = await other.garage.runs.startVehicleCommand(vin, 'lock', { overrideClaim: true });
    if (!lock.ok) throw new Error(lock.error.message);
    await other.core.runs.whenDone(lock.value.id);
    await other.core.shop.idle();
    // Recorded through the outbox: it may take an upload to arrive.
    await waitFor(
      passes(async () =>
        expect(
          await (
            await db.query(`SELECT 1 FROM audit_entries WHERE vin = $1 AND operation = 'claim:override'`, [
              vin,
            ])
          ).rowCount,
        ).toBe(3),
      ),
      'three override entries in the shop log',
    );

    const listed = await other.garage.claims.list();
    expect(listed.ok && listed.value.find((c) => c.vin === vin)).toMatchObject({
      claimedBy: holder,
      mine: false,
      expired: false,
    });
    const taken = await other.garage.claims.takeOver(vin);
    expect(taken).toMatchObject({ ok: true, value: { mine: true } });
    expect(await owner.garage.claims.release(vin)).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(await other.garage.claims.release(vin)).toMatchObject({ ok: true });
  });

  it('keeps entries in the outbox while the database is lost, then uploads each exactly once', async () => {
    const vin = ben.simulator.vins[2]!;
    await cutOff(ben, proxy);
    const percents = [71, 72, 73];
    for (const percent of percents) {
      expect(await sendCommand(ben, vin, 'set_charge_limit', { percent })).toMatchObject({
        ok: true,
      });
    }
    await waitFor(
      passes(() => expect(ben.core.shop.status().pending).toBeGreaterThanOrEqual(percents.length)),
      'the changes to wait in the outbox',
    );
    const waiting = await ben.garage.shop.status();
    expect(waiting.ok && waiting.value.pending).toBeGreaterThanOrEqual(percents.length);

    const drained = waitFor(
      matching((e) => e.type === 'shop.changed' && e.status.state === 'online' && e.status.pending === 0),
      'the outbox drained',
      { wakeOn: events(ben), timeoutMs: 25_000 },
    );
    await proxy.restore();
    await waitFor(
      passes(() => expect(ben.core.shop.status().pending).toBe(0)),
      'the outbox to drain',
      { timeoutMs: 25_000 },
    );
    await drained.catch(() => undefined);
    const rows = await db.query<{ id: string; technician: string }>(
      `SELECT id, technician FROM audit_entries WHERE vin = $1 AND operation = 'command:set_charge_limit'
         AND technician = 'Ben'`,
      [vin],
    );
    const local = await ben.garage.audit.list({ vin });
    const localIds = local.ok
      ? local.value.filter((e) => e.operation === 'command:set_charge_limit').map((e) => e.id)
      : [];
    expect(localIds).toHaveLength(percents.length);
    expect(rows.rows.map((r) => r.id).sort()).toEqual([...localIds].sort());
  });

  it('says clearly when the role has no grants', async () => {
    const stranger = await db.addStranger('nogrant');
    const h = ana;
    const { host, port, database, user } = stranger.settings;
    // Other settings than the saved ones: tested with the password typed with them.
    const tested = await h.garage.shop.test(
      'demo',
      {
        mode: 'shop',
        connection: { host: host!, port: port!, database: database!, user: user!, sslmode: 'disable' },
        technician: 'Ana',
        machine: 'bay-1',
      },
      stranger.password,
    );
    expect(tested).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(!tested.ok && tested.error.message).toMatch(/no access to the shop's tables/);
    // The password stored for the saved settings signs in to them.
    await h.garage.shop.setPassword('demo', anaLogin.password);
    const good = await h.garage.shop.test('demo');
    expect(good).toMatchObject({ ok: true, value: { role: anaLogin.settings.user, canWriteAudit: true } });
  });

  it('never lets the database password out: answers, logs, files', async () => {
    const view = await ana.garage.shop.get('demo');
    expect(view).toMatchObject({ ok: true, value: { hasPassword: true } });
    const secrets = [anaLogin.password, benLogin.password];
    const answers = JSON.stringify([...ana.responses, ...ben.responses]);
    const diagnostics = JSON.stringify([
      await ana.garage.app.diagnostics(),
      await ben.garage.app.diagnostics(),
    ]);
    const files: string[] = [];
    for (const dir of [ana.dataDir, ben.dataDir]) {
      for (const name of await readdir(dir, { recursive: true })) {
        const file = path.join(dir, name);
        if ((await stat(file)).isFile()) files.push(await readFile(file, 'latin1'));
      }
    }
    for (const secret of secrets) {
      expect(answers).not.toContain(secret);
      expect(diagnostics).not.toContain(secret);
      expect(logged.join('\n')).not.toContain(secret);
      for (const text of files) expect(text).not.toContain(secret);
    }
  });
});
