// The words of the menu's own dialogs (About, Check for updates, Copy diagnostics, the logs), as
// plain data in main's language.
import type { UpdateStatus } from '../../shared/types';
import { tm } from '../i18n/main-words';

export interface MessageBox {
  type: 'info' | 'warning' | 'error';
  title: string;
  message: string;
  detail?: string;
  buttons: string[];
}

export function aboutBox(facts: {
  appName: string;
  version: string;
  versions: { electron?: string; chrome?: string; node?: string };
}): MessageBox {
  // Product names and version numbers: the same in every language.
  const runtime = [
    facts.versions.electron ? `Electron ${facts.versions.electron}` : null,
    facts.versions.chrome ? `Chromium ${facts.versions.chrome}` : null,
    facts.versions.node ? `Node ${facts.versions.node}` : null,
  ].filter(Boolean);
  return {
    type: 'info',
    title: tm('dialog.aboutTitle', { app: facts.appName }),
    message: `${facts.appName} ${facts.version}`,
    detail: runtime.length > 0 ? runtime.join(', ') : undefined,
    buttons: [tm('dialog.ok')],
  };
}

/** What "Check for updates" found; `install` tells the adapter which button installs. */
export function updateBox(status: UpdateStatus): MessageBox & { install: number | null } {
  const current = status.currentVersion;
  const version = status.availableVersion ?? tm('dialog.unknownVersion');
  switch (status.state) {
    case 'available':
      return {
        type: 'info',
        title: tm('dialog.updateAvailableTitle'),
        message: tm('dialog.updateAvailable', { version, current }),
        detail: tm('dialog.updateRestartNote'),
        buttons: [tm('dialog.installAndRestart'), tm('dialog.later')],
        install: 0,
      };
    case 'downloading':
      return {
        ...plain('info', tm('dialog.updateDownloading', { version: status.availableVersion ?? '' })),
        install: null,
      };
    case 'downloaded':
      return {
        type: 'info',
        title: tm('dialog.updateReadyTitle'),
        message: tm('dialog.updateDownloaded', { version }),
        buttons: [tm('dialog.installAndRestart'), tm('dialog.later')],
        install: 0,
      };
    case 'not-available':
      return { ...plain('info', tm('dialog.updateLatest', { current })), install: null };
    case 'disabled':
      return { ...plain('info', tm('dialog.updateDisabled', { current })), install: null };
    case 'error':
      return {
        ...plain('warning', tm('dialog.updateCheckFailed')),
        detail: status.message ?? tm('dialog.noReason'),
        install: null,
      };
  }
}

function plain(type: MessageBox['type'], message: string): MessageBox {
  return { type, title: tm('dialog.updatesTitle'), message, buttons: [tm('dialog.ok')] };
}

/** Help → Show logs folder when the app writes no log file. */
export function noLogFileBox(): MessageBox {
  return {
    type: 'warning',
    title: tm('dialog.logsTitle'),
    message: tm('dialog.noLogFile'),
    buttons: [tm('dialog.ok')],
  };
}

/** Help → Copy diagnostics: copied, or why not. */
export function diagnosticsBox(copied: boolean): MessageBox {
  return copied
    ? {
        type: 'info',
        title: tm('dialog.diagnosticsTitle'),
        message: tm('dialog.diagnosticsCopied'),
        detail: tm('dialog.diagnosticsCopiedDetail'),
        buttons: [tm('dialog.ok')],
      }
    : {
        type: 'warning',
        title: tm('dialog.diagnosticsTitle'),
        message: tm('dialog.diagnosticsFailed'),
        buttons: [tm('dialog.ok')],
      };
}

/** Help → Check for updates when main could not ask at all. */
export function updateCheckFailedBox(): MessageBox {
  return { ...plain('warning', tm('dialog.updatesFailed')) };
}

/** The window kept crashing and is not restarted again: the app closes after this. */
export function keepsStoppingBox(): { title: string; detail: string } {
  return { title: tm('crash.title'), detail: tm('crash.detail') };
}

/** Start-up failed: why, in a line (the data folder in use says its own message). */
export function startFailedBox(): { title: string; message: string } {
  return { title: tm('start.failedTitle'), message: tm('start.failed') };
}
