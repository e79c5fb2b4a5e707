// The PrintToPdf port for Node-level tests: Debian's Chromium (headless, JavaScript off, every
// request but the data: page refused) loads the HTML from a data: URL and prints it with
// Chromium's own print (CDP Page.printToPDF), tagged, as the app's hidden window does with printToPDF.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import type { PrintToPdf } from '../../electron/main/jobs/job-export';
import { CHROMIUM_ARGS } from './chromium-args';

export interface ChromiumPrinter {
  print: PrintToPdf;
  /** Every URL the page asked for, for tests that check it loads nothing of its own. */
  requests: string[];
  close(): Promise<void>;
}

export async function startChromiumPrinter(): Promise<ChromiumPrinter> {
  let browser: Browser | null = null;
  const requests: string[] = [];
  return {
    requests,
    async print(html) {
      browser ??= await chromium.launch({
        executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      });
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        await context.route('**/*', (route, request) => {
          requests.push(request.url());
          return request.url().startsWith('data:') ? route.continue() : route.abort();
        });
        const page = await context.newPage();
        await page.goto(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`, { waitUntil: 'load' });
        return await page.pdf({ printBackground: true, preferCSSPageSize: true, tagged: true });
      } finally {
        await context.close();
      }
    },
    async close() {
      await browser?.close();
    },
  };
}

/** The text of a PDF as poppler's pdftotext reads it (layout kept, so table rows stay on a line). */
export async function pdfText(pdf: Buffer | string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'garage-pdf-'));
  try {
    const file = typeof pdf === 'string' ? pdf : path.join(folder, 'in.pdf');
    if (typeof pdf !== 'string') await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The first page's size in points, as poppler's pdfinfo reads it ("612 x 792"). */
export async function pdfPageSize(pdf: Buffer): Promise<{ width: number; height: number }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'garage-pdf-'));
  try {
    const file = path.join(folder, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdfinfo', [file]);
    const match = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout);
    if (!match) throw new Error(`pdfinfo named no page size:\n${stdout}`);
    return { width: Number(match[1]), height: Number(match[2]) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** pdfinfo's fields ("Tagged", "Pages", "Page size", …) as it prints them. */
export async function pdfInfo(pdf: Buffer): Promise<Record<string, string>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'garage-pdf-'));
  try {
    const file = path.join(folder, 'in.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdfinfo', [file]);
    return Object.fromEntries(
      stdout
        .split('\n')
        .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => [match[1]!.trim(), match[2]!.trim()]),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A page as poppler's pdftoppm renders it in grey (0 black … 255 white), row by row. */
export interface PageImage {
  width: number;
  height: number;
  /** The grey value at (x, y). */
  at(x: number, y: number): number;
}

/** Every page of the PDF rendered at `dpi` in grey (pdftoppm -gray, read as binary PGM). */
export async function pdfPageImages(pdf: Buffer, dpi = 50): Promise<PageImage[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'garage-pdf-'));
  try {
    const file = path.join(folder, 'in.pdf');
    await writeFile(file, pdf);
    await promisify(execFile)('pdftoppm', ['-gray', '-r', String(dpi), file, path.join(folder, 'page')]);
    const names = (await readdir(folder)).filter((name) => name.endsWith('.pgm')).sort();
    return Promise.all(
      names.map(async (name) => {
        const bytes = await readFile(path.join(folder, name));
        // "P5\n<width> <height>\n<max>\n" then one byte a pixel.
        const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
        if (!header || header[3] !== '255') throw new Error(`${name} is not an 8-bit PGM`);
        const width = Number(header[1]);
        const height = Number(header[2]);
        const start = header[0].length;
        return { width, height, at: (x: number, y: number) => bytes[start + y * width + x]! };
      }),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
