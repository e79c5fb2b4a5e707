// Shop templates while the shop database is away: the technician's machine keeps a copy of the
// shop's templates, so listing and comparing still answer; a save or removal is durable on disk
// (an outbox entry) before it answers, survives a restart, and reaches the shop once when it is
// back, where the other machine sees it live. Of two technicians changing one template, the change
// made last wins, whatever order they reach the shop in. Two cores on one real PostgreSQL, one of
// them through a relay the test cuts; the outbox also driven directly to crash between the commit
// and its mark.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopAuditInput } from '../../electron/main/shop/audit-store';
import { openOutbox } from '../../electron/main/shop/outbox';
import { openShop } from '../../electron/main/shop/shop-db';
import type { TemplateChange } from '../../electron/main/shop/template-changes';
import type { TelemetryTemplate } from '../../electron/shared/telemetry-template';
import type { CoreHarness } from '../support/core-harness';
import { coreEvents } from './support/join-shop';
import type { TestDatabase } from './support/pg';
import { startRelayedPair, type RelayedPair } from './support/relayed-pair';
import { names, templatesWhen } from './support/templates-when';
import { SHOP_WAIT } from './support/wait';
import { matching, passes, waitFor } from '../support/wait-for';

let pair: RelayedPair;
let db: TestDatabase;
let ben: CoreHarness;

const shopState = (h: CoreHarness, state: string, what: string) =>
  waitFor(
    matching((e) => e.type === 'shop.changed' && e.status.state === state),
    what,
    { wakeOn: coreEvents(h), timeoutMs: 25_000 },
  );

const template = (name: string, interval: number, notes = ''): TelemetryTemplate => ({
  name,
  fields: { Gear: { interval_seconds: interval }, Location: { interval_seconds: 30 } },
  notes,
});

async function cutAna(): Promise<CoreHarness> {
  const offline = shopState(pair.ana(), 'offline', 'Ana offline');
  await pair.proxy.cut();
  await offline;
  return pair.ana();
}

async function restoreAna(h: CoreHarness): Promise<void> {
  await pair.proxy.restore();
  await waitFor(
    passes(() => expect(h.core.shop.status().pending).toBe(0)),
    'the outbox to drain',
    { timeoutMs: 25_000 },
  );
  await h.core.shop.idle();
}

async function shopRow(name: string) {
  const rows = await db.query<{ name: string; fields: unknown; removed_by: string | null }>(
    `SELECT name, fields, removed_by FROM telemetry_templates WHERE lower(name) = lower($1)`,
    [name],
  );
  return rows.rows[0] ?? null;
}

beforeAll(async () => {
  pair = await startRelayedPair('templates_offline');
  ({ db, ben } = pair);
});

afterAll(async () => {
  await pair?.close();
});

describe('shop templates while the shop database is away', () => {
  it('are listed and compared from the copy, and changes survive a restart and reach the shop once', async () => {
    const lot = template('Lot', 5, 'Cars on the lot');
    expect(await ben.garage.templates.save(lot)).toMatchObject({ ok: true });
    await templatesWhen(pair.ana(), (t) => names(t).includes('Lot'), 'Ben’s template on Ana');

    const h = await cutAna();
    // Read with the database away: the copy answers, and the comparisons work from it.
    expect(await h.garage.templates.list()).toEqual({ ok: true, value: [lot] });
    expect(await h.garage.templates.compareGarage('lot')).toMatchObject({
      ok: true,
      value: { template: 'Lot' },
    });

    // Saved and removed with the database away: no error, shown at once, waiting in the queue.
    const bay = template('Offline bay', 2);
    const before = h.core.shop.status().pending;
    // Every view of the templates in this window is told, though the shop cannot announce it.
    const told = waitFor(
      matching((e) => e.type === 'settings.changed' && e.what === 'templates'),
      'the offline save announced on Ana',
      { ...SHOP_WAIT, wakeOn: coreEvents(h) },
    );
    expect(await h.garage.templates.save(bay)).toEqual({ ok: true, value: bay });
    await told;
    expect(await h.garage.templates.remove('LOT')).toMatchObject({ ok: true });
    expect(await h.garage.templates.list()).toEqual({ ok: true, value: [bay] });
    expect(h.core.shop.status().pending).toBe(before + 2);
    expect(await h.garage.templates.remove('Lot')).toMatchObject({ ok: false, error: { kind: 'not_found' } });

    // The app quits before the database is back, and starts again: nothing is lost.
    await pair.stopAna();
    const again = await pair.startAna();
    expect(again.core.shop.status().pending).toBeGreaterThanOrEqual(2);
    expect(await again.garage.templates.list()).toEqual({ ok: true, value: [bay] });
    // A roll-out reads the same list: it writes the template saved offline.
    const vin = again.simulator.vins[0]!;
    const started = await again.garage.runs.startTemplateRollout({
      template: 'offline bay',
      items: [{ vin }],
    });
    if (!started.ok) throw new Error(started.error.message);
    expect(await again.core.runs.whenDone(started.value.id)).toMatchObject({
      template: { name: 'Offline bay', fields: bay.fields },
      counts: { succeeded: 1 },
    });

    // Back: the changes reach the shop, and Ben sees them live.
    await restoreAna(again);
    const onBen = await templatesWhen(
      ben,
      (t) => names(t).includes('Offline bay') && !names(t).includes('Lot'),
      'Ana’s offline changes on Ben',
    );
    expect(onBen).toEqual([bay]);
    expect(await shopRow('Lot')).toMatchObject({ removed_by: 'Ana' });
    expect(await shopRow('Offline bay')).toMatchObject({ fields: bay.fields, removed_by: null });
    // Once each in the shop's log: who changed which shop template, with an empty vin.
    const log = await db.query<{ operation: string; name: string; vin: string; n: string }>(
      `SELECT operation, params->>'name' AS name, vin, count(*) AS n FROM audit_entries
        WHERE technician = 'Ana' AND operation IN ('saveTemplate', 'removeTemplate')
        GROUP BY operation, params->>'name', vin ORDER BY operation`,
    );
    expect(log.rows).toEqual([
      { operation: 'removeTemplate', name: 'Lot', vin: '', n: '1' },
      { operation: 'saveTemplate', name: 'Offline bay', vin: '', n: '1' },
    ]);
    // Ana's copy follows the shop again.
    expect(await again.garage.templates.list()).toEqual({ ok: true, value: [bay] });
  });

  it('of two technicians changing one template, the change made last wins, whatever reaches the shop first', async () => {
    const h = pair.ana();
    const shared = template('Shared', 10);
    expect(await ben.garage.templates.save(shared)).toMatchObject({ ok: true });
    await templatesWhen(h, (t) => names(t).includes('Shared'), 'the shared template on Ana');

    // Ana edits it offline; Ben edits it afterwards, online. Ana's older edit arrives last and loses.
    await cutAna();
    const anaEdit = template('Shared', 11, 'Ana, offline');
    expect(await h.garage.templates.save(anaEdit)).toMatchObject({ ok: true });
    const anaAt = Date.now();
    await waitFor(
      passes(() => expect(Date.now()).toBeGreaterThan(anaAt)),
      "the clock to pass Ana's save",
    );
    const benEdit = template('SHARED', 12, 'Ben, later');
    expect(await ben.garage.templates.save(benEdit)).toMatchObject({ ok: true });
    await waitFor(
      passes(async () => expect(await (await shopRow('shared'))?.fields).toEqual(benEdit.fields)),
      "Ben's edit in the shop",
    );
    // Until the shop has her edit, Ana's machine shows her own.
    expect(await h.garage.templates.list()).toMatchObject({
      ok: true,
      value: expect.arrayContaining([anaEdit]),
    });
    await restoreAna(h);
    await templatesWhen(h, (t) => t.some((each) => each.notes === 'Ben, later'), 'Ben’s edit on Ana');
    expect(await shopRow('shared')).toMatchObject({ name: 'SHARED', fields: benEdit.fields });
    const edits = await db.query(
      `SELECT technician FROM audit_entries WHERE operation = 'saveTemplate' AND lower(params->>'name') = 'shared'`,
    );
    // Both edits are in the shop's log; the template is the later one.
    expect(edits.rows.map((r) => r['technician']).sort()).toEqual(['Ana', 'Ben', 'Ben']);

    // The other way round: Ben edits first, online; Ana edits later, offline. Hers wins on arrival.
    const benFirst = template('Shared', 13, 'Ben, first');
    expect(await ben.garage.templates.save(benFirst)).toMatchObject({ ok: true });
    await waitFor(
      passes(async () => expect(await (await shopRow('shared'))?.fields).toEqual(benFirst.fields)),
      "Ben's first save in the shop",
    );
    await cutAna();
    const benAt = Date.now();
    await waitFor(
      passes(() => expect(Date.now()).toBeGreaterThan(benAt)),
      "the clock to pass Ben's save",
    );
    const anaLater = template('Shared', 14, 'Ana, later');
    expect(await h.garage.templates.save(anaLater)).toMatchObject({ ok: true });
    await restoreAna(h);
    await templatesWhen(ben, (t) => t.some((each) => each.notes === 'Ana, later'), 'Ana’s later edit on Ben');
    expect(await shopRow('shared')).toMatchObject({ name: 'Shared', fields: anaLater.fields });

    // A removal made earlier offline does not take away a template edited since.
    await cutAna();
    expect(await h.garage.templates.remove('Shared')).toMatchObject({ ok: true });
    const removedAt = Date.now();
    await waitFor(
      passes(() => expect(Date.now()).toBeGreaterThan(removedAt)),
      'the clock to pass the removal',
    );
    const benAfter = template('Shared', 15, 'Ben, after the removal');
    expect(await ben.garage.templates.save(benAfter)).toMatchObject({ ok: true });
    await waitFor(
      passes(async () => expect(await (await shopRow('shared'))?.fields).toEqual(benAfter.fields)),
      "Ben's later save in the shop",
    );
    await restoreAna(h);
    await templatesWhen(
      h,
      (t) => t.some((each) => each.notes === 'Ben, after the removal'),
      'the template back on Ana',
    );
    expect(await shopRow('shared')).toMatchObject({ fields: benAfter.fields, removed_by: null });
  });

  it('an upload sent again after a crash between its commit and its mark applies nothing twice', async () => {
    const tech = await openShop({ settings: pair.anaLogin.settings, getPassword: pair.anaLogin.getPassword });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-template-outbox-'));
    try {
      const entry = (change: TemplateChange, operation: string): ShopAuditInput => ({
        id: randomUUID(),
        time: new Date().toISOString(),
        vin: '',
        operation,
        params: {},
        outcome: 'success',
        technician: 'Ana',
        machine: 'bay-1',
        template: change,
      });
      const outbox = await openOutbox(path.join(dir, 'outbox'));
      await outbox.appendMany([
        entry({ kind: 'save', template: template('Crash', 20) }, 'saveTemplate'),
        entry({ kind: 'save', template: template('Crash', 21) }, 'saveTemplate'),
        entry({ kind: 'remove', name: 'crash' }, 'removeTemplate'),
        entry({ kind: 'save', template: template('Crash', 22) }, 'saveTemplate'),
      ]);
      await expect(
        outbox.upload(tech.pool, tech.garageId, {
          afterCommit: () => {
            throw new Error('crash after the commit');
          },
        }),
      ).rejects.toThrow('crash after the commit');
      const seq = async () =>
        (
          await db.query<{ change_seq: string; fields: unknown; removed_at: Date | null }>(
            `SELECT change_seq, fields, removed_at FROM telemetry_templates WHERE name = 'Crash'`,
          )
        ).rows[0];
      const committed = await seq();
      expect(committed).toMatchObject({ fields: template('Crash', 22).fields, removed_at: null });

      const again = await openOutbox(path.join(dir, 'outbox'));
      expect(again.pending()).toBe(4);
      expect(await again.upload(tech.pool, tech.garageId)).toMatchObject({
        sent: 4,
        inserted: 0,
        pending: 0,
      });
      // Not one statement re-applied: the row was not even touched.
      expect(await seq()).toEqual(committed);
      const logged = await db.query(
        `SELECT 1 FROM audit_entries WHERE params = '{}' AND operation LIKE '%Template'`,
      );
      expect(logged.rowCount).toBe(4);
    } finally {
      await tech.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
