// The car's visit on the repair order, through the core against the demo simulator over real
// HTTP: check-in and check-out read the pack, its health and where the car stood (against the
// shop's lot from Settings), the close says which alerts started, ended or stayed, the software
// before and after, and the charging sessions while the car was in custody with their cost at the
// shop's price, recorded on the service when the shop opts in. The JSON record is of the new
// schema and its digest covers those facts; a record of the previous schema still verifies; the
// PDF prints the visit (pdftotext -layout). The job's clock is set to the demo car's shop day, so
// the custody window holds the session the simulator drew at the service centre.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDigest } from '../../electron/main/jobs/job-digest';
import { DAY_S, SHOP_VISIT_DAYS_AGO } from '../../electron/main/simulator/history/timeline';
import { distanceMetres } from '../../electron/shared/geo-distance';
import { jobRecordSchema, RECORD_SCHEMA_VERSION, type Job } from '../../electron/shared/jobs/job-record';
import { pdfText } from '../support/chromium-print';
import { must, startJobCore, type JobCore } from '../support/job-core';

const SERVICE_CENTER = { latitude: 37.4275, longitude: -121.9066 };
const today = Math.floor(Date.now() / 1000 / DAY_S) * DAY_S;
const shopDay = today - SHOP_VISIT_DAYS_AGO * DAY_S;
/** The job's clock: the shop day's early morning until the job is closed that evening. */
let clock = (shopDay + 5 * 3600) * 1000;

let core: JobCore;
let job: Job;
/** Kept across a restart of the core (a job kept by the previous version is read at start). */
let dataDir: string;
const start = () => startJobCore({ dataDir, now: () => new Date(clock) });
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-visit-'));
  core = await start();
}, 60_000);
afterAll(async () => {
  await core?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const alert = (name: string, at: number) => ({ at, name, description: null, recentFleetCount: 1 });

describe("the car's visit on the repair order", () => {
  it('reads the pack, its health and where the car stood at check-in, measured against the lot', async () => {
    const { h, vin } = core;
    must(
      await h.garage.settings.setShopVisit({
        lot: { ...SERVICE_CENTER, radiusM: 150 },
        pricePerKwh: 0.4,
        recordCost: true,
      }),
    );
    const before = h.simulator.vehicleState(vin).firmwareAlerts;
    h.simulator.setVehicleState(vin, {
      firmwareAlerts: [
        ...before,
        alert('VCFRONT_a180', shopDay - DAY_S),
        alert('BMS_a066', shopDay - 2 * DAY_S),
      ],
    });
    h.simulator.clearRequests();
    job = await h.core.jobs.service.open('demo', { vin, repairOrder: 'RO-9001' });
    // Read from the service's stored data: none of these reaches the car.
    expect(h.simulator.requests.map((r) => r.route)).toEqual(
      expect.arrayContaining(['battery', 'battery_health', 'location']),
    );
    expect(h.simulator.requests.map((r) => r.route)).not.toContain('wake_up');
    const pack = job.checkIn.pack;
    expect(pack).toMatchObject({ known: true, source: 'live', value: { level: expect.any(Number) } });
    expect(pack?.known && pack.value.level).toBe(h.simulator.vehicleState(vin).batteryLevel);
    expect(job.checkIn.packHealth).toMatchObject({
      known: true,
      value: { capacityKwh: expect.any(Number), maxRangeMiles: expect.any(Number) },
    });
    const where = must(await h.garage.vehicles.location(vin));
    const place = job.checkIn.place;
    if (!place?.known) throw new Error('expected where the car stood');
    const metres = Math.round(
      distanceMetres({ latitude: where.latitude!, longitude: where.longitude! }, SERVICE_CENTER),
    );
    expect(place.value).toMatchObject({
      latitude: where.latitude,
      lot: { ...SERVICE_CENTER, radiusM: 150 },
      distanceM: metres,
      onLot: metres <= 150,
    });
  });

  it('says at close the alerts raised, cleared and kept, the software, and the charging in custody with its cost', async () => {
    const { h, vin } = core;
    const listed = h.simulator.vehicleState(vin).firmwareAlerts.filter((a) => a.name !== 'BMS_a066');
    h.simulator.setVehicleState(vin, { firmwareAlerts: [...listed, alert('UI_a020', shopDay + 9 * 3600)] });
    // The lot is now where the car stands: check-out finds it on the lot.
    const where = must(await h.garage.vehicles.location(vin));
    must(
      await h.garage.settings.setShopVisit({
        lot: { latitude: where.latitude!, longitude: where.longitude!, radiusM: 50 },
        pricePerKwh: 0.4,
        recordCost: true,
      }),
    );
    clock = (shopDay + 22 * 3600) * 1000;
    const closed = await h.core.jobs.service.close(job.id, { acknowledge: [] });
    expect(closed.status).toBe('closed');
    job = closed.job;
    expect(job.checkOut?.place).toMatchObject({ known: true, value: { distanceM: 0, onLot: true } });

    const visit = job.visit!;
    expect(visit.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'UI_a020', status: 'started' }),
        expect.objectContaining({ name: 'VCFRONT_a180', status: 'active' }),
        expect.objectContaining({ name: 'BMS_a066', status: 'ended' }),
      ]),
    );
    const version = job.checkIn.readings.version;
    expect(visit.software.before).toBe(version.known ? version.value : null);
    expect(visit.software.after).toBe(version.known ? version.value : null);

    // The session the simulator drew at the service centre on its shop day, priced at 0.40 per kWh.
    if (!visit.charges.known) throw new Error(visit.charges.reason);
    const atShop = visit.charges.value.filter((charge) => charge.location?.startsWith('Service Center,'));
    expect(atShop.length).toBeGreaterThan(0);
    for (const charge of visit.charges.value) {
      const energy = charge.energyUsedKwh ?? charge.energyAddedKwh!;
      expect(charge.cost).toBe(Math.round(energy * 0.4 * 100) / 100);
      expect(charge.costRecorded).toBe('recorded');
      expect(Date.parse(charge.startedAt)).toBeLessThanOrEqual(clock);
    }
    // Recorded on the service's sessions: their next read carries the cost.
    const sessions = must(
      await h.garage.vehicles.charges(vin, { from: shopDay, to: shopDay + DAY_S, refresh: true }),
    );
    const first = atShop[0]!;
    expect(sessions.results.find((s) => s.id === first.id)?.cost).toBe(first.cost);
    expect(visit).toMatchObject({ pricePerKwh: 0.4, recordCost: true });
  });

  it('exports a record of the new schema whose digest covers the visit, and the job kept here catches an edit', async () => {
    const { h } = core;
    const record = await h.core.jobs.service.record(job.id);
    expect(record.schemaVersion).toBe(RECORD_SCHEMA_VERSION);
    expect(RECORD_SCHEMA_VERSION).toBe(7);
    expect(jobRecordSchema.safeParse(record).success).toBe(true);
    // The costs written are audited: they are actions of the job.
    expect(record.actions.map((action) => action.entry.operation)).toContain('setChargeCost');
    const saved = await h.core.jobs.export.toJson(job.id);
    if (saved.cancelled) throw new Error('cancelled');
    await expect(h.core.jobs.export.verifyFile(saved.path)).resolves.toMatchObject({ ok: true });
    const text = await readFile(saved.path, 'utf8');
    const edited = JSON.parse(text);
    if (!edited.job.visit.charges.known) throw new Error('expected the sessions');
    edited.job.visit.charges.value[0].cost = 0.01;
    await writeFile(saved.path, JSON.stringify(edited));
    await expect(h.core.jobs.export.verifyFile(saved.path)).resolves.toMatchObject({
      ok: false,
      problem: 'digest',
    });
    edited.digest.value = recordDigest(edited);
    await writeFile(saved.path, JSON.stringify(edited));
    await expect(h.core.jobs.export.verifyFile(saved.path)).resolves.toMatchObject({
      ok: false,
      problem: 'job',
      text: expect.stringContaining('what happened during the visit'),
    });
    const moved = JSON.parse(text);
    moved.job.checkIn.place.value.onLot = !moved.job.checkIn.place.value.onLot;
    await writeFile(saved.path, JSON.stringify(moved));
    await expect(h.core.jobs.export.verifyFile(saved.path)).resolves.toMatchObject({
      ok: false,
      problem: 'digest',
    });
  });

  it('prints the pack, its health, the place and what happened during the visit', async () => {
    const saved = await core.h.core.jobs.export.toPdf(job.id);
    if (saved.cancelled) throw new Error('cancelled');
    const text = await pdfText(saved.path);
    // The two snapshot columns wrap side by side: each fact is matched as far as its first line.
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toMatch(/battery pack \d+ %, [\d.]+ kWh left, range [\d,]+ mi,/);
    expect(flat).toMatch(/battery health usable capacity [\d.]+ kWh, range at/);
    expect(flat).toMatch(/where the car stood (on|off) the shop's lot \([\d,.]+ k?m from its/);
    expect(text).toMatch(/During the visit/);
    expect(text).toMatch(/in custody\s+\d{4}-\d\d-\d\d 05:00:00 UTC to \d{4}-\d\d-\d\d 22:00:00 UTC/);
    expect(flat).toMatch(/software \S+, not changed/);
    expect(flat).toMatch(/alerts raised UI_a020 \(raised \d{4}-\d\d-\d\d 09:00:00 UTC\)/);
    expect(flat).toMatch(/alerts active throughout (\S+ \(raised [^)]+\), )*VCFRONT_a180/);
    expect(flat).toMatch(/alerts cleared BMS_a066 \(raised/);
    expect(flat).toMatch(
      /charging session \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: [\d.]+ kWh from the charger, [\d.]+ kWh into the pack, \d+ → \d+ %, at Service Center, Santa Clara County, California; cost [\d.]+, recorded on the service/,
    );
    // The charts, each with the numbers it is drawn from beside it.
    expect(text).toContain('Battery during the visit');
    expect(flat).toMatch(/\d{4}-\d\d-\d\d 05:00:00 UTC: \d+ %/);
    expect(flat).toMatch(/\d{4}-\d\d-\d\d 22:00:00 UTC: \d+ %/);
    expect(text).toContain('Charging during the visit');
    expect(flat).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: [\d.]+ kWh/);
    expect(flat).toMatch(
      /charging in custody \d+ sessions?, [\d.]+ kWh from the charger, cost [\d.]+ at 0\.40 per kWh/,
    );
  }, 60_000);

  it('takes the pack and its health from the offline copy, marked so, when the service cannot be reached', async () => {
    const { h } = core;
    const other = h.simulator.vins[1]!;
    must(await h.garage.vehicles.battery(other));
    must(await h.garage.vehicles.batteryHealth(other));
    for (const route of ['battery', 'battery_health', 'location'] as const)
      h.simulator.injectFault({ fault: 'reset', route, vin: other });
    try {
      const offline = await h.core.jobs.service.open('demo', { vin: other, repairOrder: 'RO-9003' });
      expect(offline.checkIn.pack).toMatchObject({ known: true, source: 'cache' });
      expect(offline.checkIn.packHealth).toMatchObject({ known: true, source: 'cache' });
      // Never read before: nothing kept to stand in, so unknown and why.
      expect(offline.checkIn.place).toMatchObject({
        known: false,
        reason: expect.stringMatching(/^not read: /),
      });
    } finally {
      h.simulator.clearFaults();
    }
  }, 60_000);

  it('verifies a record of the previous schema, whose job was kept without pack, place or visit', async () => {
    const saved = await core.h.core.jobs.export.toJson(job.id);
    if (saved.cancelled) throw new Error('cancelled');
    const v4 = JSON.parse(await readFile(saved.path, 'utf8'));
    v4.schemaVersion = 4;
    v4.job.schemaVersion = 3;
    delete v4.job.visit;
    for (const side of ['checkIn', 'checkOut'])
      for (const key of ['pack', 'packHealth', 'place']) delete v4.job[side][key];
    v4.digest.value = recordDigest(v4);
    // The job as the previous version kept it on disk, read by the core at its next start.
    await core.close();
    await writeFile(
      path.join(dataDir, 'jobs', `${job.id}.json`),
      JSON.stringify({ ...v4.job, profileId: job.profileId }),
    );
    core = await start();
    const { h } = core;
    const loaded = await h.core.jobs.service.get(job.id);
    expect(loaded).toMatchObject({ schemaVersion: 4, status: 'closed' });
    expect(loaded.visit).toBeUndefined();
    expect(loaded.checkIn.pack).toBeUndefined();
    const file = path.join(dataDir, 'record-v4.json');
    await writeFile(file, JSON.stringify(v4));
    await expect(h.core.jobs.export.verifyFile(file)).resolves.toMatchObject({ ok: true });
    // Its digest is over the file as written: a changed value is still caught.
    v4.job.checkIn.takenAt = new Date(clock).toISOString();
    await writeFile(file, JSON.stringify(v4));
    await expect(h.core.jobs.export.verifyFile(file)).resolves.toMatchObject({
      ok: false,
      problem: 'digest',
    });
  }, 60_000);
});
