// The printed repair order as a customer and a service manager read it: printed by Chromium (as the
// app's print window does, tagged), its text read back with poppler's `pdftotext -layout` and its
// pages rendered with `pdftoppm`. Workshop actions in words (never the JSON the log keeps), a
// command that changed nothing said so, the effect on one line, the shop's clock beside UTC, tyre
// pressures and the odometer in the technician's units, the signature lines, and a header and page number on every
// page; the same in German.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHtml } from '../../electron/main/jobs/job-html';
import { loadCatalog } from '../../electron/shared/i18n/catalogs';
import { createTranslator } from '../../electron/shared/i18n/translator';
import type { JobRecord } from '../../electron/shared/jobs/job-record';
import {
  pdfInfo,
  pdfPageImages,
  pdfText,
  startChromiumPrinter,
  type ChromiumPrinter,
  type PageImage,
} from '../support/chromium-print';
import { auditEntry, FIXTURE_VIN, jobFixture, recordFixture } from '../support/job-fixture';

let printer: ChromiumPrinter;
beforeAll(async () => {
  await loadCatalog('de');
  printer = await startChromiumPrinter();
}, 60_000);
afterAll(() => printer?.close());

const SHOP_STATE = { locked: true, sentry_mode: true, guest_mode_enabled: false, ft: 0, rt: 0 };

/** A long job: twelve confirmed charge-limit changes, then the workshop and access writes. */
function longRecord(): JobRecord {
  const job = jobFixture();
  job.checkIn.tyrePressures = {
    known: true,
    value: { frontLeft: 2.93, frontRight: 2.9, rearLeft: null, rearRight: 2.87 },
    asOf: job.checkIn.takenAt,
    source: 'live',
  };
  const record = recordFixture(12, job);
  const at = '2026-11-25T10:21:00.000Z';
  const workshop = { waitForCompletion: true, maxAttempts: 3 };
  record.actions.push(
    {
      // Sentry mode on for a car whose sentry mode was already on: done, and nothing changed.
      entry: auditEntry(20, {
        operation: 'command:enable_sentry',
        params: { ...workshop, before: SHOP_STATE, after: SHOP_STATE },
      }),
      effect: {
        status: 'confirmed',
        reading: 'sentry',
        before: true,
        after: true,
        confirmedAt: at,
        text: `sentry mode on → on, confirmed ${at.slice(11, 19)} UTC`,
      },
    },
    {
      entry: auditEntry(21, {
        operation: 'command:unlock',
        params: { ...workshop, before: SHOP_STATE, after: { ...SHOP_STATE, locked: false } },
      }),
      effect: {
        status: 'confirmed',
        reading: 'locked',
        before: true,
        after: false,
        confirmedAt: at,
        text: `doors locked → unlocked, confirmed ${at.slice(11, 19)} UTC`,
      },
    },
    {
      entry: auditEntry(22, {
        operation: 'removeDriver',
        params: {
          userId: '1002',
          before: [
            { user_id_s: '1001', name: 'Ana Diaz' },
            { user_id_s: '1002', name: 'Bo Chen' },
          ],
          after: [{ user_id_s: '1001', name: 'Ana Diaz' }],
        },
      }),
      effect: {
        status: 'not-applicable',
        reading: null,
        before: null,
        after: null,
        confirmedAt: null,
        text: "no effect on the car's state to check",
      },
    },
  );
  record.digest = { ...record.digest, entries: record.actions.length };
  return record;
}

/** The text of each page (pdftotext ends each with a form feed). */
const pagesOf = (text: string) =>
  text.split('\f').filter((page, i, all) => i < all.length - 1 || page.trim());

/** A row near the top of the page that is dark across at least half its width: the header's rule. */
function headerRule(page: PageImage, dpi: number): number | null {
  const band = Math.round((20 / 25.4) * dpi);
  for (let y = 0; y < band; y++) {
    let dark = 0;
    for (let x = 0; x < page.width; x++) if (page.at(x, y) < 160) dark++;
    if (dark >= page.width / 2) return y;
  }
  return null;
}

/** The share of dark pixels below the header band: 0 for a blank page. */
function inkBelowHeader(page: PageImage, dpi: number): number {
  const top = Math.round((22 / 25.4) * dpi);
  let dark = 0;
  for (let y = top; y < page.height; y++)
    for (let x = 0; x < page.width; x++) if (page.at(x, y) < 128) dark++;
  return dark / (page.width * (page.height - top));
}

describe('the printed repair order', () => {
  let pdf: Buffer;
  let text: string;

  beforeAll(async () => {
    pdf = await printer.print(jobHtml(longRecord(), { timeZone: 'America/Chicago', pressure: 'psi' }));
    text = await pdfText(pdf);
  }, 60_000);

  it('says workshop and access actions in words, never the JSON their entries keep', () => {
    expect(text).not.toMatch(/[{}[\]]|":|"locked"|sentry_mode|user_id_s/);
    expect(text).toContain('Sentry mode on');
    expect(text).toMatch(/the car's state did not\s/);
    expect(text).toContain('Unlock');
    expect(text).toMatch(/attempts, doors locked → unlocked/);
    expect(text).toContain('Remove driver');
    expect(text).toMatch(/user id 1002, drivers: 2 entries → 1\s/);
  });

  it('says a command that changed nothing changed nothing, not that it succeeded', () => {
    const sentry = text.split('\n').find((line) => line.includes('Sentry mode on'))!;
    expect(sentry).toMatch(/Sentry mode on\s+done,\s+changed nothing: sentry mode was already on$/);
    expect(sentry).not.toContain('success');
    expect(text).not.toContain('on → on');
  });

  it('gives the effect column room: an effect reads on one line beside its action', () => {
    for (let minute = 1; minute <= 12; minute++) {
      const clock = `10:${String(minute).padStart(2, '0')}:00 UTC`;
      expect(text).toMatch(
        new RegExp(`Set charge limit\\s+success\\s+charge limit 80 → 90 %, confirmed ${clock}\\n`),
      );
    }
    expect(text).toMatch(/Unlock\s+success\s+doors locked → unlocked, confirmed 10:21:00 UTC\n/);
  });

  it("prints the shop's local time beside UTC", () => {
    expect(text).toMatch(/Open\s+2026-11-25 04:00:00 CST \(2026-11-25 10:00:00 UTC\) –/);
    expect(text).toContain('2026-11-25 04:00:00 CST (2026-11-25 10:00:00 UTC): opened by Dana Reyes');
    // An action's time: the shop's clock, and UTC beneath it.
    expect(text).toMatch(/2026-11-25\s+Set charge limit[^\n]*\n04:01:00 CST[^\n]*\n10:01:00 UTC/);
  });

  it("prints tyre pressures in the technician's unit", () => {
    // Check-in's pressures wrap inside their column: the next line carries the last one.
    expect(text).toMatch(/tyre pressures \(psi\)\s+FL 42\.5, FR 42\.1, RL unknown, RR\s.*\n\s+41\.6 \(as of/);
    expect(text).not.toContain('2.93');
  });

  it("prints the odometer in miles, the service's unit, unless the technician reads kilometres", () => {
    expect(text).toMatch(/odometer\s+12,034\.5 mi \(as of/);
    expect(text).not.toMatch(/\d km\b/);
  });

  it('ends with signature lines for the technician and the customer', () => {
    expect(text).toMatch(/Signatures\s+Technician: Dana Reyes\s+Customer\s+Date\s+Date/);
  });

  it('has the header and its page number on every page, and is a tagged PDF', async () => {
    const info = await pdfInfo(pdf);
    expect(info['Tagged']).toBe('yes');
    const count = Number(info['Pages']);
    expect(count).toBeGreaterThan(1);
    const pages = pagesOf(text);
    expect(pages).toHaveLength(count);
    pages.forEach((page, i) => {
      expect(page).toMatch(
        new RegExp(`^\\s*Reyes & Sons <Motors>\\s+Repair order RO-4711 · ${FIXTURE_VIN}\\n`),
      );
      expect(page).toMatch(new RegExp(`Page ${i + 1} of ${count}\\s*$`));
    });
  });

  it('renders every page with its header band and a body that is not blank', async () => {
    const dpi = 100;
    const images = await pdfPageImages(pdf, dpi);
    expect(images).toHaveLength(Number((await pdfInfo(pdf))['Pages']));
    for (const image of images) {
      expect(headerRule(image, dpi)).not.toBeNull();
      expect(inkBelowHeader(image, dpi)).toBeGreaterThan(0.005);
    }
  });
});

describe('the printed repair order in German', () => {
  it('says every word of the page in German, with the local time, kPa and kilometres', async () => {
    const words = createTranslator({ language: 'de', formatLocale: 'de-DE' });
    const pdf = await printer.print(
      jobHtml(longRecord(), { words, timeZone: 'Europe/Berlin', pressure: 'kPa', distance: 'km' }),
    );
    const text = await pdfText(pdf);
    const pages = pagesOf(text);
    pages.forEach((page, i) => {
      expect(page).toContain(`Auftrag RO-4711 · ${FIXTURE_VIN}`);
      expect(page).toMatch(new RegExp(`Seite ${i + 1} von ${pages.length}\\s*$`));
    });
    expect(text).toMatch(/25\.11\.2026, 11:00:00 MEZ \(25\.11\.2026, 10:00:00 UTC\)/);
    expect(text).toMatch(/Reifendrücke \(kPa\)\s+VL 293, VR 290, HL unbekannt, HR\s(287\s|.*\n\s+287\s)/);
    expect(text).toMatch(/unbekannt \(vom Fahrzeug nicht\s+gemeldet\)/);
    // The service's 12,034.5 mi, in the technician's kilometres.
    expect(text).toMatch(/Kilometerstand\s+19\.367,7 km \(Stand/);
    expect(text).not.toMatch(/12\.034,5|\d mi\b/);
    expect(text).toMatch(/Wächtermodus ein\s+ausgeführt,\s+nichts geändert: Wächtermodus war bereits an\n/);
    expect(text).toMatch(/Türen verriegelt → entriegelt/);
    expect(text).toContain('Fahrer entfernen');
    expect(text).toMatch(/Unterschriften\s+Techniker: Dana Reyes\s+Kunde\s+Datum\s+Datum/);
    for (const english of ['Page ', 'Repair order', 'unknown', 'not reported', 'Signatures', 'Customer'])
      expect(text).not.toContain(english);
  });
});
