// The PrintToPdf port in the app: a hidden, sandboxed window with JavaScript off loads the record's
// HTML from a data: URL (the page's own CSP allows nothing but its inline style) and Chromium prints
// it with webContents.printToPDF. One window per print, destroyed afterwards.
import { BrowserWindow } from 'electron';
import { AppError } from '../../shared/result';
import type { PrintToPdf } from '../jobs/job-export';
import { tm } from '../i18n/main-words';

/** Chromium refuses URLs longer than 2 MiB; a record that large is refused with a clear message. */
const URL_MAX = 2 * 1024 * 1024;

export function createPrintToPdf(): PrintToPdf {
  return async (html) => {
    const url = `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
    if (url.length > URL_MAX) throw new AppError('invalid_input', tm('errors.recordTooLarge'));
    const window = new BrowserWindow({
      show: false,
      webPreferences: {
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        javascript: false,
        disableBlinkFeatures: 'Auxclick',
      },
    });
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    window.webContents.on('will-navigate', (event) => event.preventDefault());
    try {
      await window.loadURL(url);
      // Tagged: the PDF carries the page's structure (headings, tables, reading order) for screen
      // readers and for reflowing on a small screen.
      return await window.webContents.printToPDF({
        printBackground: true,
        preferCSSPageSize: true,
        generateTaggedPDF: true,
      });
    } finally {
      window.destroy();
    }
  };
}
