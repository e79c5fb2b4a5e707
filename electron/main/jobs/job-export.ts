// Saves a job's record where the technician picks (the save dialog port, as the audit export does):
// as JSON for a dealer management system, or as a PDF printed from the record's HTML through the
// PrintToPdf port (Electron's printToPDF in the app). Everything comes from local files: it works
// offline. The PDF carries the record's JSON inside it (pdf-record.ts), so either file can be
// checked against the log.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { JobExportResult, JobPrintResult, JobVerification } from '../../shared/jobs/job-record';
import { AppError } from '../../shared/result';
import { errorCode, writeFileAtomic } from '../storage/atomic-file';
import type { ChooseSaveFile } from '../services/audit-export';
import { jobHtml } from './job-html';
import { embedRecord, isPdf, readPdfRecord } from './pdf-record';
import type { JobService } from './job-service';
import { tm } from '../i18n/main-words';

export type { JobExportResult };

/** Prints an HTML document to PDF bytes; the app's adapter uses a hidden window's printToPDF. */
export type PrintToPdf = (html: string) => Promise<Buffer>;
type PaperSize = import('../../shared/regional-units').PaperSize;
type PressureUnit = import('../../shared/regional-units').PressureUnit;
type RecordUnits = import('../../shared/jobs/record-words').RecordUnits;
type ShopIdentity = import('../../shared/shop-identity').ShopIdentity;

/** Record files are small; a much larger file is not one of ours. */
const RECORD_FILE_MAX = 64 * 1024 * 1024;

/**
 * Opens a file in the computer's own viewer (shell.openPath in the app): for a record to print,
 * the PDF viewer's Print is the OS's, with its printers and their settings. Resolves to why it could
 * not, or '' when it opened.
 */
export type OpenFile = (path: string) => Promise<string>;

/** Asks which record file to check; the chosen path, or null when the technician cancelled. */
export type ChooseRecordFile = () => Promise<string | null>;

const recordJson = (record: unknown) => `${JSON.stringify(record, null, 2)}\n`;

const unreadable = (why: string): JobVerification => ({
  ok: false,
  problem: 'unreadable',
  text: tm('jobFile.notVerified', { why }),
});

export function createJobExport(options: {
  jobs: JobService;
  chooseRecordFile?: ChooseRecordFile;
  chooseSaveFile?: ChooseSaveFile;
  printToPdf?: PrintToPdf;
  /** The paper of the technician's region (shared/regional-units.ts). */
  paper?: PaperSize;
  /** The shop named in Settings, printed for a job that names no shop; read at each export. */
  shopIdentity?: () => ShopIdentity;
  openFile?: OpenFile;
  /** Where records printed for the printer are written (one file per job, replaced each time). */
  printDir?: string;
}) {
  let running = false;

  async function save(
    id: string,
    extension: 'json' | 'pdf',
    render: (record: Awaited<ReturnType<JobService['record']>>) => Promise<Buffer | string>,
  ): Promise<JobExportResult> {
    if (running) throw new AppError('busy', tm('errors.exportRunning'));
    const choose = options.chooseSaveFile;
    if (!choose) throw new AppError('internal', tm('errors.noSaving'));
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

  /**
   * Checks a record file (JSON as saved by toJson, or a PDF as saved by toPdf) against the audit
   * log. A PDF's record is the one attached to it, found through the document's structure; its
   * printed pages are checked only to be the bytes the record was attached to, never for what they
   * show.
   */
  async function verifyFile(path: string): Promise<JobVerification> {
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      return unreadable(tm('jobFile.unreadable', { code: errorCode(error) ?? tm('errors.readFailed') }));
    }
    if (bytes.length > RECORD_FILE_MAX) return unreadable(tm('jobFile.tooLarge'));
    if (!isPdf(bytes)) return options.jobs.verify(bytes.toString('utf8'));
    const pdf = readPdfRecord(bytes);
    if (!pdf.found)
      return unreadable(
        pdf.problem === null ? tm('jobFile.noRecord') : tm('jobFile.notPdf', { problem: pdf.problem }),
      );
    if (pdf.laterUpdate)
      return {
        ok: false,
        problem: 'pages',
        text: tm('jobFile.laterUpdate'),
      };
    if (pdf.printed === 'changed')
      return {
        ok: false,
        problem: 'pages',
        text: tm('jobFile.pagesChanged'),
      };
    const verdict = await options.jobs.verify(pdf.json);
    if (!verdict.ok || pdf.printed === 'unchanged') return verdict;
    return {
      ...verdict,
      text: tm('jobFile.pagesNotChecked', { verdict: verdict.text }),
    };
  }

  type PrintUnits = { pressure?: PressureUnit } & Partial<Omit<RecordUnits, 'pressure'>>;

  /** The record as the PDF prints it: the same record as the JSON export, inside the printed pages. */
  async function pdfOf(
    record: Awaited<ReturnType<JobService['record']>>,
    print: PrintUnits,
  ): Promise<Buffer> {
    if (!options.printToPdf) throw new AppError('internal', tm('errors.noPrinting'));
    return embedRecord(
      await options.printToPdf(
        jobHtml(record, { ...print, paper: options.paper, shop: options.shopIdentity?.() }),
      ),
      recordJson(record),
    );
  }

  return {
    toJson: (id: string) => save(id, 'json', async (record) => recordJson(record)),
    /** The units the technician reads values in (the service's, and bar, unless said). */
    toPdf: (id: string, print: PrintUnits = {}) => save(id, 'pdf', (record) => pdfOf(record, print)),
    /**
     * The same PDF, written to the data folder's prints and opened in the computer's viewer, whose
     * Print sends it to the shop's printer: no save dialog, and the file is the export's, checkable
     * against the log.
     */
    async print(id: string, print: PrintUnits = {}): Promise<JobPrintResult> {
      if (running) throw new AppError('busy', tm('errors.exportRunning'));
      if (!options.openFile || !options.printDir) throw new AppError('internal', tm('errors.noPrinting'));
      running = true;
      try {
        const record = await options.jobs.record(id);
        const file = path.join(options.printDir, `repair-order-${record.job.id}.pdf`);
        await mkdir(options.printDir, { recursive: true });
        await writeFileAtomic(file, await pdfOf(record, print));
        const problem = await options.openFile(file);
        if (problem) throw new AppError('internal', tm('jobPrint.notOpened', { path: file, why: problem }));
        return { path: file, entries: record.digest.entries, digest: record.digest.value };
      } finally {
        running = false;
      }
    },
    /** Asks which record file to check (a dialog in the app), then checks it; null when cancelled. */
    async verifyChosen(): Promise<JobVerification | null> {
      if (!options.chooseRecordFile) throw new AppError('internal', tm('errors.noOpening'));
      const path = await options.chooseRecordFile();
      return path === null ? null : verifyFile(path);
    },
    verifyFile,
  };
}

export type JobExport = ReturnType<typeof createJobExport>;
