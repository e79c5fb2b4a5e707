// Checking a saved record file speaks main's language: a file that is no record, or a PDF that
// carries none, is refused in German when German is spoken, and in English word for word otherwise.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { speak } from '../../../electron/main/i18n/main-words';
import { createJobExport } from '../../../electron/main/jobs/job-export';
import type { JobService } from '../../../electron/main/jobs/job-service';

let folder = '';
beforeAll(async () => {
  await loadCatalog('de');
  folder = await mkdtemp(path.join(os.tmpdir(), 'garage-job-file-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));
afterEach(() => speak({ language: 'en', formatLocale: undefined }));

const check = createJobExport({ jobs: {} as JobService });

describe('checking a record file', () => {
  it('says a PDF without a record, and a missing file, in English and in German', async () => {
    const pdf = path.join(folder, 'plain.pdf');
    await writeFile(pdf, '%PDF-1.7\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const missing = path.join(folder, 'gone.json');
    const english = await check.verifyFile(pdf);
    expect(english.ok).toBe(false);
    expect(english.text).toMatch(/^Not verified: this PDF (carries no job record|could not be read as one)/);
    expect((await check.verifyFile(missing)).text).toBe('Not verified: the file could not be read (ENOENT).');

    speak({ language: 'de', formatLocale: 'de-DE' });
    expect((await check.verifyFile(pdf)).text).toMatch(/^Nicht bestätigt: dieses PDF /);
    expect((await check.verifyFile(missing)).text).toBe(
      'Nicht bestätigt: die Datei konnte nicht gelesen werden (ENOENT).',
    );
  });
});
