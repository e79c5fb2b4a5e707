// The repair order's cause and correction while its job is open, through the IPC edge: kept with
// the job as said (an empty one cleared, one not given left as it was), printed on the PDF, refused
// once the job is closed, and refused at the edge when too long.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/chromium-print';
import { must, startJobCore, type JobCore } from '../support/job-core';

let core: JobCore;
beforeAll(async () => {
  core = await startJobCore();
}, 60_000);
afterAll(() => core?.close());

describe("an open job's cause and correction", () => {
  it('are kept as said while open, printed, and refused once the job is closed', async () => {
    const { garage } = core.h;
    const job = must(await garage.jobs.open(core.vin, { repairOrder: 'RO-8300', complaint: 'Rattle' }));
    const said = must(
      await garage.jobs.describe(job.id, { cause: '  Loose heat shield  ', correction: 'Tightened' }),
    );
    expect(said).toMatchObject({ status: 'open', cause: 'Loose heat shield', correction: 'Tightened' });
    // One not given stays; an empty one is cleared.
    expect(must(await garage.jobs.describe(job.id, { correction: '' }))).toMatchObject({
      cause: 'Loose heat shield',
      correction: null,
    });
    expect(must(await garage.jobs.get(job.id))).toMatchObject({
      cause: 'Loose heat shield',
      correction: null,
    });

    const saved = await core.h.core.jobs.export.toPdf(job.id);
    if (saved.cancelled) throw new Error('cancelled');
    const text = (await pdfText(await readFile(saved.path))).replace(/\s+/g, ' ');
    expect(text).toMatch(/Cause Loose heat shield Correction not recorded/);

    const closed = must(await garage.jobs.close(job.id));
    if (closed.status !== 'closed') throw new Error(`not closed: ${JSON.stringify(closed.warnings)}`);
    expect(closed.job.cause).toBe('Loose heat shield');
    const refused = await garage.jobs.describe(job.id, { cause: 'Something else' });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: 'The job is closed: reopen it to change its cause or correction.',
      },
    });
  });

  it('are refused at the IPC edge when longer than a job text may be, or with fields it does not know', async () => {
    const { garage } = core.h;
    expect(await garage.jobs.describe('job-1', { cause: 'x'.repeat(4001) })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    expect(
      await garage.jobs.describe('job-1', { complaint: 'x' } as unknown as { cause: string }),
    ).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });
});
