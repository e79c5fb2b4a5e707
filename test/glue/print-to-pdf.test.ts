// The PrintToPdf adapter under the stand-in: a hidden window loads the record's page from a data:
// URL and webContents.printToPDF prints it with Chromium's own print; the PDF's text is read back
// with pdftotext, and the print window is gone afterwards.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobHtml } from '../../electron/main/jobs/job-html';
import { standin } from '../electron-standin/boot';
import type { BrowserWindow } from '../electron-standin/browser-window';
import { IMPORT_KEY } from '../electron-standin/key';
import { pdfInfo, pdfPageSize, pdfText } from '../support/chromium-print';
import { FIXTURE_VIN, recordFixture } from '../support/job-fixture';

type Adapter = typeof import('../../electron/main/adapters/print-to-pdf');

const electron = standin();
let window: BrowserWindow;
let createPrintToPdf: Adapter['createPrintToPdf'];

beforeAll(async () => {
  // Node's own loader resolves the adapter's `electron` to the stand-in, as in the bundle.
  const nativeImport = (globalThis as unknown as Record<symbol, (url: string) => Promise<Adapter>>)[
    IMPORT_KEY
  ]!;
  ({ createPrintToPdf } = await nativeImport(
    pathToFileURL(path.resolve('electron/main/adapters/print-to-pdf.ts')).href,
  ));
  // The app's own window stays open, as it does while a technician exports.
  window = new electron.BrowserWindow({ show: false });
});
afterAll(async () => {
  window.destroy();
  await electron.app.exited;
});

it('prints the record page to a PDF holding the repair order, VIN, technician and effects', async () => {
  const print = createPrintToPdf();
  const pdf = await print(jobHtml(recordFixture(3)));
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(pdf);
  expect(text).toContain('Repair order RO-4711');
  expect(text).toContain(FIXTURE_VIN);
  expect(text).toContain('Dana Reyes');
  expect(text).toContain('Reyes & Sons <Motors>');
  expect(text).toContain('80 → 90');
  // Tagged (generateTaggedPDF): the page's headings and tables reach screen readers.
  expect((await pdfInfo(pdf))['Tagged']).toBe('yes');
  // Only the app's window is left: the hidden print window was destroyed.
  expect(electron.BrowserWindow.getAllWindows()).toEqual([window]);
});

it("prints on the paper of the technician's region: A4, or US Letter", async () => {
  const print = createPrintToPdf();
  const a4 = await pdfPageSize(await print(jobHtml(recordFixture(1))));
  expect([Math.round(a4.width), Math.round(a4.height)]).toEqual([595, 842]);
  const letter = await pdfPageSize(await print(jobHtml(recordFixture(1), { paper: 'Letter' })));
  expect([Math.round(letter.width), Math.round(letter.height)]).toEqual([612, 792]);
});
