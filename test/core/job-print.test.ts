// "Print repair order" goes through main as the PDF export does: the same PDF, carrying the record
// (so it verifies against the log like an exported one), written to the data folder's prints and
// handed to the computer's viewer, whose Print is the OS's. A viewer that cannot open it is said,
// with where the file is. Through the core against the demo simulator, printed by Chromium.
import { afterAll, beforeAll, expect, it } from 'vitest';
import path from 'node:path';
import { pdfText } from '../support/chromium-print';
import { startJobCore, type JobCore } from '../support/job-core';

const opened: string[] = [];
let refuse = '';
let core: JobCore;
beforeAll(async () => {
  core = await startJobCore({
    openFile: async (file) => {
      opened.push(file);
      return refuse;
    },
  });
}, 60_000);
afterAll(() => core?.close());

it('prints the record to a PDF in the data folder and opens it to print; it verifies like the export', async () => {
  const { h, vin } = core;
  const job = await h.core.jobs.service.open('demo', { vin, repairOrder: 'RO-PRINT-1' });
  const printed = await h.garage.jobs.printPdf(job.id, { pressure: 'psi' });
  if (!printed.ok) throw new Error(printed.error.message);
  expect(printed.value.path).toBe(path.join(h.dataDir, 'prints', `repair-order-${job.id}.pdf`));
  expect(opened).toEqual([printed.value.path]);
  expect(await pdfText(printed.value.path)).toContain('RO-PRINT-1');
  const verdict = await h.core.jobs.export.verifyFile(printed.value.path);
  expect(verdict.ok).toBe(true);

  refuse = 'No application is registered for PDF files';
  const failed = await h.garage.jobs.printPdf(job.id);
  expect(failed.ok).toBe(false);
  if (!failed.ok)
    expect(failed.error.message).toBe(
      `The repair order was printed to ${printed.value.path}, but it could not be opened to print: No application is registered for PDF files`,
    );
  // Another profile's job is not this window's to print.
  expect((await h.garage.jobs.printPdf('no-such-job')).ok).toBe(false);
}, 60_000);
