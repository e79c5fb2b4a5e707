// The facts of a car's visit, as main says them at close and as the Job tab and the PDF show them:
// which alerts were raised, kept or cleared, the software before and after, a session's cost at
// the shop's price, the pack, its health and where the car stood, in English and in German, and a
// job of an earlier version or still open saying so.
import { beforeAll, describe, expect, it } from 'vitest';
import { jobHtml } from '../../../electron/main/jobs/job-html';
import { placeOf } from '../../../electron/main/jobs/job-snapshot';
import { levelPoints } from '../../../electron/main/jobs/visit-charts';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { snapshotRows } from '../../../electron/shared/jobs/snapshot-rows';
import { alertsDuring, softwareDuring } from '../../../electron/shared/jobs/visit-facts';
import { visitRows } from '../../../electron/shared/jobs/visit-rows';
import { sessionCost } from '../../../electron/shared/shop-visit';
import { jobFixture, openJobFixture, recordFixture, visitJobFixture } from '../../support/job-fixture';

const times = { at: (iso: string) => iso.slice(0, 16), taken: (iso: string) => iso.slice(0, 16) };
const english = () => createTranslator({ language: 'en', formatLocale: 'en-US' });

describe('what the snapshots say of the visit', () => {
  it('sorts the alerts into raised, kept and cleared by name', () => {
    const job = visitJobFixture();
    expect(alertsDuring(job.checkIn, job.checkOut!)).toEqual([
      { name: 'UI_a020', status: 'started', time: '2026-11-24T08:00:00.000Z', description: null },
      { name: 'VCFRONT_a180', status: 'active', time: '2026-11-24T08:00:00.000Z', description: null },
      { name: 'BMS_a066', status: 'ended', time: '2026-11-24T08:00:00.000Z', description: null },
    ]);
  });

  it('says nothing of the alerts when either list is unknown, and lists an alert raised twice once', () => {
    const job = visitJobFixture();
    const unknown = {
      ...job.checkOut!,
      firmwareAlerts: { known: false as const, reason: 'not read: offline' },
    };
    expect(alertsDuring(job.checkIn, unknown)).toBeNull();
    const twice = {
      ...job.checkOut!,
      firmwareAlerts: {
        known: true as const,
        value: [
          { name: 'UI_a020', time: '2026-11-25T10:00:00.000Z', description: null },
          { name: 'UI_a020', time: '2026-11-25T10:30:00.000Z', description: null },
        ],
        asOf: null,
        source: 'live' as const,
      },
    };
    expect(alertsDuring(job.checkIn, twice)!.filter((alert) => alert.name === 'UI_a020')).toHaveLength(1);
  });

  it('says an alert that cleared and fired again during the visit as ended and started, not kept', () => {
    const job = visitJobFixture();
    if (!job.checkIn.firmwareAlerts.known) throw new Error('expected the check-in alerts');
    const kept = job.checkIn.firmwareAlerts.value.find((alert) => alert.name === 'VCFRONT_a180')!;
    const again = {
      ...job.checkOut!,
      firmwareAlerts: {
        known: true as const,
        value: [{ ...kept, time: '2026-11-25T09:00:00.000Z' }],
        asOf: null,
        source: 'live' as const,
      },
    };
    const said = alertsDuring(job.checkIn, again)!.filter((alert) => alert.name === 'VCFRONT_a180');
    expect(said).toEqual([
      {
        name: 'VCFRONT_a180',
        status: 'started',
        time: '2026-11-25T09:00:00.000Z',
        description: kept.description,
      },
      { name: 'VCFRONT_a180', status: 'ended', time: kept.time, description: kept.description },
    ]);
  });

  it('takes the software version of each snapshot, null where it is unknown', () => {
    const job = jobFixture();
    expect(softwareDuring(job.checkIn, job.checkOut!)).toEqual({ before: '2026.14.3', after: '2026.14.3' });
    const unread = {
      ...job.checkOut!,
      readings: { ...job.checkOut!.readings, version: { known: false as const, reason: 'x' } },
    };
    expect(softwareDuring(job.checkIn, unread)).toEqual({ before: '2026.14.3', after: null });
  });

  it('prices a session at the energy from the charger, to the cent, and not without a price', () => {
    expect(sessionCost(10.4, 0.35)).toBe(3.64);
    expect(sessionCost(81.5, 0.289)).toBe(23.55);
    expect(sessionCost(10.4, null)).toBeNull();
    expect(sessionCost(null, 0.35)).toBeNull();
    expect(sessionCost(-1, 0.35)).toBeNull();
  });

  it('measures where the car stood against the lot, and says nothing of a lot not set', () => {
    const lot = { latitude: 37.4275, longitude: -121.9066, radiusM: 100 };
    expect(placeOf({ latitude: 37.4283, longitude: -121.9066, address: 'Shop' }, lot)).toMatchObject({
      distanceM: 89,
      onLot: true,
    });
    expect(placeOf({ latitude: 37.4295, longitude: -121.9066 }, lot)).toMatchObject({
      distanceM: 222,
      onLot: false,
    });
    expect(placeOf({ latitude: 37.4295, longitude: -121.9066 }, null)).toMatchObject({
      distanceM: null,
      onLot: null,
    });
    expect(placeOf({ address: 'somewhere' }, lot)).toMatchObject({ distanceM: null, onLot: null, lot });
  });
});

describe('the visit in words', () => {
  it('says the pack, its health and the place at both ends in the reader units', () => {
    const job = visitJobFixture();
    const rows = snapshotRows(job.checkIn, job.checkOut, english(), times);
    const row = (key: string) => rows.find((r) => r.key === key)!.cells.map((cell) => cell.value);
    expect(row('pack')).toEqual([
      '64 %, 46.1 kWh left, range 198 mi, 398 V, modules 20.5–21 °C',
      '78 %, 56.3 kWh left, range 241 mi, 398 V, modules 20.5–21 °C',
    ]);
    expect(row('packHealth')[0]).toBe('usable capacity 72.4 kWh, range at 100 % 310 mi');
    expect(row('place')).toEqual([
      "off the shop's lot (2.4 km from its centre): Rosenheimer Str. 145, München",
      "on the shop's lot (7 m from its centre): Marienplatz 1, München",
    ]);
    const km = snapshotRows(job.checkIn, job.checkOut, { ...english(), units: { distance: 'km' } }, times);
    expect(km.find((r) => r.key === 'packHealth')!.cells[0]!.value).toBe(
      'usable capacity 72.4 kWh, range at 100 % 499 km',
    );
    const miles = snapshotRows(job.checkIn, job.checkOut, { ...english(), units: { distance: 'mi' } }, times);
    expect(miles.find((r) => r.key === 'place')!.cells[1]!.value).toMatch(
      /^on the shop's lot \(23 ft from its centre\)/,
    );
    // The health read offline says so.
    expect(rows.find((r) => r.key === 'packHealth')!.cells[0]!.note).toMatch(/last answer kept offline$/);
  });

  it('says what happened during the visit, one row each, with costs and whether they are on the service', () => {
    const rows = visitRows(visitJobFixture(), english(), times);
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ['in custody', '2026-11-25T10:00 to 2026-11-25T11:00'],
      ['software', '2026.14.3 → 2026.20.1, changed during the visit'],
      ['alerts raised', 'UI_a020 (raised 2026-11-25T10:30)'],
      ['alerts active throughout', 'VCFRONT_a180 (raised 2026-11-24T08:00)'],
      ['alerts cleared', 'BMS_a066 (raised 2026-11-24T08:00)'],
      [
        'charging session',
        '2026-11-25T10:10: 10.4 kWh from the charger, 9.8 kWh into the pack, 64 → 75 %, at Marienplatz 1, München; cost 3.64, recorded on the service',
      ],
      [
        'charging session',
        '2026-11-25T10:45: unknown from the charger, 2.1 kWh into the pack, 75 → 78 %, at unknown; cost 0.74, could not be recorded on the service',
      ],
      ['charging in custody', '2 sessions, 12.5 kWh from the charger, cost 4.38 at 0.35 per kWh'],
    ]);
  });

  it('says an open job has no visit yet, and a closed one of an earlier version did not record it', () => {
    expect(visitRows(openJobFixture(), english(), times)).toEqual([]);
    const old = visitRows(jobFixture(), english(), times);
    expect(old).toEqual([
      {
        key: 'visit',
        label: 'During the visit',
        value: 'not recorded: the job was closed by an earlier version',
        unknown: true,
      },
    ]);
    const rows = snapshotRows(jobFixture().checkIn, null, english(), times);
    expect(rows.find((r) => r.key === 'pack')!.cells[0]).toMatchObject({
      value: 'unknown: not recorded',
      unknown: true,
    });
  });

  describe('in German', () => {
    beforeAll(() => loadCatalog('de'));
    it('speaks German with German numbers', () => {
      const words = createTranslator({ language: 'de', formatLocale: 'de-DE' });
      const job = visitJobFixture();
      const rows = visitRows(job, words, times);
      expect(rows.map((row) => row.label)).toContain('durchgehend aktive Warnungen');
      expect(rows.at(-1)!.value).toBe(
        '2 Ladevorgänge, 12,5 kWh aus dem Ladegerät, Kosten 4,38 bei 0,35 je kWh',
      );
      const place = snapshotRows(job.checkIn, job.checkOut, words, times).find((r) => r.key === 'place')!;
      expect(place.cells[0]!.value).toBe(
        'außerhalb des Werkstattgeländes (2,4 km von dessen Mitte): Rosenheimer Str. 145, München',
      );
    });
  });
});

describe("the visit's charts on the page", () => {
  it('draws the charge through check-in, each session and check-out, in time order', () => {
    const job = visitJobFixture();
    expect(levelPoints(job, job.visit!).map((point) => [point.time.slice(11, 16), point.level])).toEqual([
      ['10:00', 64],
      ['10:10', 64],
      ['10:40', 75],
      ['10:45', 75],
      ['10:55', 78],
      ['11:00', 78],
    ]);
  });

  it('prints both as vector drawings with the numbers they are drawn from beside them', () => {
    const html = jobHtml(recordFixture(0, visitJobFixture()), { timeZone: 'UTC' });
    const charts = [
      ...html.matchAll(/<svg class="chart" role="img" aria-label="([^"]+)"[^>]*>([\s\S]*?)<\/svg>/g),
    ];
    expect(charts.map((chart) => chart[1])).toEqual([
      'Battery during the visit',
      'Charging during the visit',
    ]);
    const line = /<polyline points="([^"]+)"/.exec(charts[0]![2]!)![1]!.split(' ');
    expect(line).toHaveLength(6);
    // 64 % is lower on the page than 78 %: y grows downwards.
    expect(Number(line[0]!.split(',')[1])).toBeGreaterThan(Number(line[5]!.split(',')[1]));
    const bars = [...charts[1]![2]!.matchAll(/<rect [^>]*height="([\d.]+)"/g)].map((bar) => Number(bar[1]));
    expect(bars).toHaveLength(2);
    expect(bars[0]! / bars[1]!).toBeCloseTo(10.4 / 2.1, 1);
    const page = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(page).toContain('2026-11-25 10:00:00 UTC: 64 %');
    expect(page).toContain('2026-11-25 11:00:00 UTC: 78 %');
    expect(page).toContain('2026-11-25 10:10:00 UTC: 10.4 kWh');
    expect(page).toContain('2026-11-25 10:45:00 UTC: 2.1 kWh');
  });

  it('draws nothing for a job without a visit', () => {
    expect(jobHtml(recordFixture(0, jobFixture()), { timeZone: 'UTC' })).not.toContain('<svg');
  });
});
