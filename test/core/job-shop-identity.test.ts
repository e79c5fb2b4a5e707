// A solo technician names the shop their repair orders are printed for (Settings): main keeps the
// name and address (checked at the IPC edge, kept across a restart), and the PDF prints them in its
// running header and its shop block, read back with `pdftotext -layout`.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/chromium-print';
import { must, startJobCore, type JobCore } from '../support/job-core';

let dataDir: string;
let core: JobCore;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-shop-identity-'));
  core = await startJobCore({ dataDir });
}, 60_000);
afterAll(async () => {
  await core?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function printedText(repairOrder: string): Promise<string> {
  const job = must(await core.h.garage.jobs.open(core.vin, { repairOrder }));
  const saved = await core.h.core.jobs.export.toPdf(job.id);
  if (saved.cancelled) throw new Error('cancelled');
  const closed = must(await core.h.garage.jobs.close(job.id));
  if (closed.status !== 'closed') throw new Error(`not closed: ${JSON.stringify(closed.warnings)}`);
  return pdfText(await readFile(saved.path));
}

describe("the shop's name and address on a solo repair order", () => {
  it('prints a solo technician’s page until the shop is named, then the shop in its header and shop block', async () => {
    const { garage } = core.h;
    expect(must(await garage.settings.shopIdentity())).toEqual({ name: '', address: '' });
    const before = await printedText('RO-8400');
    expect(before).toMatch(/^\s*Solo \(no shop\)\s+Repair order RO-8400/);

    expect(
      must(
        await garage.settings.setShopIdentity({
          name: '  Reyes  Motors ',
          address: ' 12 Harbor Road \n\n  Springfield, IL 62701  \n',
        }),
      ),
    ).toEqual({ name: 'Reyes Motors', address: '12 Harbor Road\nSpringfield, IL 62701' });
    const text = await printedText('RO-8401');
    for (const page of text.split('\f').filter((p) => p.trim()))
      expect(page).toMatch(/^\s*Reyes Motors\s+Repair order RO-8401/);
    // The shop block: its name, then each line of its address beneath it, beside the customer.
    expect(text).toMatch(
      /Shop\s+Customer\n\s*Reyes Motors\s+not recorded\n\s*12 Harbor Road\n\s*Springfield, IL 62701\n/,
    );
    expect(text).not.toContain('Solo (no shop)');
  });

  it('keeps them across a restart', async () => {
    await core.close();
    core = await startJobCore({ dataDir });
    expect(must(await core.h.garage.settings.shopIdentity())).toEqual({
      name: 'Reyes Motors',
      address: '12 Harbor Road\nSpringfield, IL 62701',
    });
  }, 60_000);

  it('refuses at the IPC edge a name or address longer than a shop block holds', async () => {
    const { garage } = core.h;
    const long = await garage.settings.setShopIdentity({ name: 'N'.repeat(121), address: '' });
    expect(long).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: expect.stringContaining('The shop name is longer than 120 characters'),
      },
    });
    const lines = await garage.settings.setShopIdentity({ name: 'Shop', address: 'a\nb\nc\nd\ne\nf\ng' });
    expect(lines).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_input',
        message: expect.stringContaining('The shop address has more than 6 lines'),
      },
    });
    // Nothing refused was kept.
    expect(must(await garage.settings.shopIdentity()).name).toBe('Reyes Motors');
  });
});
