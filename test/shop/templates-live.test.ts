// Telemetry templates in the shop's database: two technicians, two cores (two data folders), one
// real PostgreSQL. What one saves, edits or removes the other sees through the same operations the
// window calls, told live (LISTEN/NOTIFY); names stay unique whatever their case; a profile joining
// the shop uploads the templates it kept locally, once; and a template the shop holds is applied by
// a roll-out on the other machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop } from '../../electron/main/shop/shop-db';
import { LATEST_SCHEMA_VERSION } from '../../electron/main/shop/migrations/index';
import type { GarageEvent } from '../../electron/shared/events';
import type { TelemetryTemplate } from '../../electron/shared/telemetry-template';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';
import { SHOP_WAIT } from './support/wait';
import { names, templatesWhen } from './support/templates-when';
import { matching, waitFor } from '../support/wait-for';

let db: TestDatabase;
let ana: CoreHarness;
let ben: CoreHarness;

const events = (h: CoreHarness) => (listener: (event: GarageEvent) => void) =>
  h.core.events.subscribe(listener);
const templatesChanged = (h: CoreHarness, what: string) =>
  waitFor(
    matching((e) => e.type === 'settings.changed' && e.what === 'templates'),
    what,
    { ...SHOP_WAIT, wakeOn: events(h) },
  );

async function joinShop(h: CoreHarness, login: Login, technician: string) {
  const online = waitFor(
    matching((e) => e.type === 'shop.changed' && e.status.state === 'online'),
    `${technician} online`,
    { ...SHOP_WAIT, wakeOn: events(h) },
  );
  expect(await h.garage.shop.setPassword('demo', login.password)).toMatchObject({ ok: true });
  const { host, port, database, user } = login.settings;
  expect(
    await h.garage.shop.configure('demo', {
      mode: 'shop',
      connection: { host: host!, port: port!, database: database!, user: user!, sslmode: 'disable' },
      technician,
      machine: `${technician.toLowerCase()}-pc`,
    }),
  ).toMatchObject({ ok: true });
  await online;
  await h.core.shop.idle();
}

const YARD: TelemetryTemplate = {
  name: 'Yard',
  fields: { Gear: { interval_seconds: 5 }, Location: { interval_seconds: 30 } },
  notes: 'Cars on the lot',
};
const LOCAL_ONLY: TelemetryTemplate = {
  name: 'Kept on Ana’s machine',
  fields: { Odometer: { interval_seconds: 600 } },
  notes: '',
};

beforeAll(async () => {
  db = await createTestDatabase('templates_live');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  // A fresh database takes every migration, templates-live among them.
  expect(owner.migration.to).toBe(LATEST_SCHEMA_VERSION);
  await owner.close();
  const anaLogin = await db.addTechnician('ana');
  const benLogin = await db.addTechnician('ben');
  const options = { shopBackoff: { initialMs: 100, maxMs: 400 } };
  ana = await startCoreHarness(options);
  ben = await startCoreHarness(options);
  // Solo, before joining: a template kept in Ana's data folder.
  expect(await ana.garage.templates.save(LOCAL_ONLY)).toMatchObject({ ok: true });
  await joinShop(ana, anaLogin, 'Ana');
  await joinShop(ben, benLogin, 'Ben');
});

afterAll(async () => {
  await ana?.close();
  await ben?.close();
});

describe('telemetry templates in the shop database', () => {
  it('in shop mode the list is the shop’s: a local template is offered for upload, and uploaded once', async () => {
    expect(await ana.garage.templates.list()).toEqual({ ok: true, value: [] });
    const uploaded = await ana.garage.shop.importLocal('demo');
    expect(uploaded).toMatchObject({ ok: true, value: { templatesAdded: 1 } });
    await templatesWhen(ben, (t) => t.length > 0, 'the uploaded template on Ben');
    expect(await ben.garage.templates.list()).toEqual({ ok: true, value: [LOCAL_ONLY] });
    // Twice adds nothing.
    expect(await ana.garage.shop.importLocal('demo')).toMatchObject({
      ok: true,
      value: { templatesAdded: 0 },
    });
    expect(await ben.garage.templates.list()).toEqual({ ok: true, value: [LOCAL_ONLY] });
  });

  it('what one technician saves, edits and removes, the other sees live', async () => {
    expect(await ana.garage.templates.save(YARD)).toMatchObject({ ok: true, value: YARD });
    // Saved on Ana's machine first: her list shows it at once; Ben's once the shop has it.
    expect(await ana.garage.templates.list()).toMatchObject({
      ok: true,
      value: expect.arrayContaining([YARD]),
    });
    await templatesWhen(ben, (t) => t.some((each) => each.name === 'Yard'), 'the new template on Ben');

    // Ben edits it under another case of the name: the same template, not a second one.
    const edited = { ...YARD, name: 'YARD', fields: { Gear: { interval_seconds: 2 } } };
    expect(await ben.garage.templates.save(edited)).toMatchObject({ ok: true });
    const onAna = await templatesWhen(ana, (t) => names(t).includes('YARD'), 'the edit on Ana');
    expect(onAna.filter((t) => t.name.toLowerCase() === 'yard')).toEqual([edited]);

    // The garage filter compares with the shop's template on either machine.
    expect(await ana.garage.templates.compareGarage('yard')).toMatchObject({
      ok: true,
      value: { template: 'YARD' },
    });

    expect(await ana.garage.templates.remove('Yard')).toMatchObject({ ok: true });
    const onBen = await templatesWhen(ben, (t) => !names(t).includes('YARD'), 'the removal on Ben');
    expect(names(onBen)).toEqual([LOCAL_ONLY.name]);
    expect(await ben.garage.templates.remove('Yard')).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });

    // Saved again after its removal: back, as new.
    expect(await ben.garage.templates.save(YARD)).toMatchObject({ ok: true });
    const back = await templatesWhen(ana, (t) => names(t).includes('Yard'), 'the template back on Ana');
    expect(names(back)).toEqual([LOCAL_ONLY.name, 'Yard']);
  });

  it('a roll-out on one machine writes the template the other saved', async () => {
    const fields = { Gear: { interval_seconds: 3 }, Location: { interval_seconds: 9 } };
    await ana.garage.templates.save({ name: 'Bay', fields, notes: '' });
    await templatesWhen(ben, (t) => names(t).includes('Bay'), 'the template on Ben');
    const vin = ben.simulator.vins[0]!;
    const started = await ben.garage.runs.startTemplateRollout({ template: 'bay', items: [{ vin }] });
    if (!started.ok) throw new Error(started.error.message);
    const run = await ben.core.runs.whenDone(started.value.id);
    expect(run).toMatchObject({ template: { name: 'Bay', fields }, counts: { succeeded: 1 } });
    expect(ben.simulator.vehicleState(vin).telemetry.config.fields).toEqual(fields);
  });

  it('a row another program wrote badly is left out, not shown half-valid', async () => {
    const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
    // Ben's copy is read again from the table once the row is announced.
    const told = templatesChanged(ben, 'the row announced on Ben');
    try {
      await owner.pool.query(
        `INSERT INTO telemetry_templates (id, garage_id, name, fields, notes, created_by)
         VALUES (gen_random_uuid(), $1, 'Broken', '{"Gaer": {"interval_seconds": 0}}', '', 'someone')`,
        [owner.garageId],
      );
    } finally {
      await owner.close();
    }
    await told;
    const listed = await ben.garage.templates.list();
    expect(listed.ok && listed.value.map((t) => t.name)).not.toContain('Broken');
  });
});
