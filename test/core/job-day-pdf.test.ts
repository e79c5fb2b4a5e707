// The printed repair order on a day on the floor, read back with `pdftotext -layout`: a check-in
// value the car reported days before says its age, drivers are named (an unnamed one by a
// labelled, shortened id, never the 16-digit id), and distances, speeds and the cabin temperature
// are in the technician's units.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHtml } from '../../electron/main/jobs/job-html';
import { pdfText, startChromiumPrinter, type ChromiumPrinter } from '../support/chromium-print';
import { jobFixture, offlineCheckInJob, recordFixture } from '../support/job-fixture';

let printer: ChromiumPrinter;
beforeAll(async () => {
  printer = await startChromiumPrinter();
}, 60_000);
afterAll(() => printer?.close());

/**
 * The check-in column's text with each run of spaces and line breaks as one space: its cells wrap,
 * and the open job's check-out column ("not checked out yet") sits beside their lines.
 */
const flat = (text: string) => text.replace(/not checked out yet/g, ' ').replace(/\s+/g, ' ');

describe('the printed check-in', () => {
  let text: string;
  beforeAll(async () => {
    const record = recordFixture(0, offlineCheckInJob());
    text = await pdfText(
      await printer.print(
        jobHtml(record, { timeZone: 'UTC', pressure: 'bar', distance: 'km', temperature: 'f' }),
      ),
    );
  }, 60_000);

  it('says how old a value was when the job was checked in', () => {
    expect(flat(text)).toMatch(/battery 64 % \(as of 2026-11-20 09:00:00 UTC, 5 days ago at check-in\)/);
    expect(flat(text)).toMatch(/less than a minute ago at check-in, last answer kept offline/);
  });

  it('names drivers, and an unnamed one by a labelled, shortened id', () => {
    // Chromium may break the line after the ellipsis.
    expect(flat(text)).toMatch(/drivers Ana Diaz, unnamed driver \(id … ?7654\) \(as of/);
    expect(text).not.toMatch(/\d{16}/);
  });

  it("prints distances, speeds and the cabin temperature in the technician's units", () => {
    expect(text).toMatch(/odometer\s+19,367\.7 km \(as of/);
    expect(text).toMatch(/speed limit\s+137 km\/h \(as of/);
    expect(text).toMatch(/cabin temperature\s+70\.7 °F \(as of/);
    expect(text).not.toMatch(/\d mi\b|\bmph\b/);
  });
});

describe('the printed warnings', () => {
  it("say a speed limit left on in the technician's unit", async () => {
    const record = recordFixture(0, jobFixture());
    record.warnings = [
      {
        id: 'speedLimit',
        text: 'Speed limit mode is on at 85 mph; it was 70 mph at check-in.',
        undo: { command: 'set_speed_limit', value: 70, label: 'Set speed limit to 70 mph' },
      },
    ];
    const text = await pdfText(await printer.print(jobHtml(record, { timeZone: 'UTC', distance: 'km' })));
    expect(text.replace(/\s+/g, ' ')).toContain('The speed limit is 137 km/h; it was 113 km/h at check-in.');
  }, 60_000);
});
