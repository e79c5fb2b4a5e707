// Saves a job's record where the technician picks (the save dialog port, as the audit export does):
// as JSON for a dealer management system, or as a PDF printed from the record's HTML through the
// PrintToPdf port (Electron's printToPDF in the app). Everything comes from local files: it works
// offline. The PDF carries the record's JSON inside it (pdf-record.ts), so either file can be
// checked against the log.
import { readFile } from 'node:fs/promises';
import type { JobExportResult, JobVerification } from '../../shared/jobs/job-record';
import { AppError } from '../../shared/result';
import { errorCode, writeFileAtomic } from '../storage/atomic-file';
import type { ChooseSaveFile } from '../services/audit-export';
import { jobHtml } from './job-html';
import { embedRecord, isPdf, readEmbeddedRecord } from './pdf-record';
import type { JobService } from './job-service';

export type { JobExportResult };

/** Prints an HTML document to PDF bytes; the app's adapter uses a hidden window's printToPDF. */
export type PrintToPdf = (html: string) => Promise<Buffer>;

/** Record files are small; a much larger file is not one of ours. */
const RECORD_FILE_MAX = 64 * 1024 * 1024;

/** Asks which record file to check; the chosen path, or null when the technician cancelled. */
export type ChooseRecordFile = () => Promise<string | null>;

const recordJson = (record: unknown) => `${JSON.stringify(record, null, 2)}\n`;

export function createJobExport(options: {
  jobs: JobService;
  chooseRecordFile?: ChooseRecordFile;
  chooseSaveFile?: ChooseSaveFile;
  printToPdf?: PrintToPdf;
}) {
  let running = false;

  async function save(
    id: string,
    extension: 'json' | 'pdf',
    render: (record: Awaited<ReturnType<JobService['record']>>) => Promise<Buffer | string>,
  ): Promise<JobExportResult> {
    if (running) throw new AppError('busy', 'An export is already running; wait for it to finish.');
    const choose = options.chooseSaveFile;
    if (!choose) throw new AppError('internal', 'Saving files is not available in this window.');
    running = true;
    try {
      const record = await options.jobs.record(id);
      const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 40);
      const path = await choose(
        `repair-order-${safe(record.job.repairOrder)}-${record.job.vin}.${extension}`,
      );
      if (path === null) return { cancelled: true };
      await writeFileAtomic(path, await render(record));
      return { cancelled: false, path, entries: record.digest.entries, digest: record.digest.value };
    } finally {
      running = false;
    }
  }

  /** Checks a record file (JSON as saved by toJson, or a PDF as saved by toPdf) against the audit log. */
  async function verifyFile(path: string): Promise<JobVerification> {
    let text: string;
    try {
      const bytes = await readFile(path);
      if (bytes.length > RECORD_FILE_MAX)
        return {
          ok: false,
          problem: 'unreadable',
          text: 'Not verified: the file is too large to be a job record.',
        };
      if (isPdf(bytes)) {
        const embedded = readEmbeddedRecord(bytes);
        if (embedded === null)
          return {
            ok: false,
            problem: 'unreadable',
            text: 'Not verified: this PDF carries no job record (it was not exported by this version of the app).',
          };
        text = embedded;
      } else text = bytes.toString('utf8');
    } catch (error) {
      return {
        ok: false,
        problem: 'unreadable',
        text: `Not verified: the file could not be read (${errorCode(error) ?? 'read failed'}).`,
      };
    }
    return options.jobs.verify(text);
  }

  return {
    toJson: (id: string) => save(id, 'json', async (record) => recordJson(record)),
    toPdf: (id: string) =>
      save(id, 'pdf', async (record) => {
        if (!options.printToPdf)
          throw new AppError('internal', 'Printing to PDF is not available in this window.');
        // The same record as the JSON export, inside the printed PDF.
        return embedRecord(await options.printToPdf(jobHtml(record)), recordJson(record));
      }),
    /** Asks which record file to check (a dialog in the app), then checks it; null when cancelled. */
    async verifyChosen(): Promise<JobVerification | null> {
      if (!options.chooseRecordFile)
        throw new AppError('internal', 'Opening files is not available in this window.');
      const path = await options.chooseRecordFile();
      return path === null ? null : verifyFile(path);
    },
    verifyFile,
  };
}

export type JobExport = ReturnType<typeof createJobExport>;
