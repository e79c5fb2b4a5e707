// The words of the menu's own dialogs (About, Check for updates, Copy diagnostics), as plain data.
import type { UpdateStatus } from '../../shared/types';

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
  const runtime = [
    facts.versions.electron ? `Electron ${facts.versions.electron}` : null,
    facts.versions.chrome ? `Chromium ${facts.versions.chrome}` : null,
    facts.versions.node ? `Node ${facts.versions.node}` : null,
  ].filter(Boolean);
  return {
    type: 'info',
    title: `About ${facts.appName}`,
    message: `${facts.appName} ${facts.version}`,
    detail: runtime.length > 0 ? runtime.join(', ') : undefined,
    buttons: ['OK'],
  };
}

/** What "Check for updates" found; `install` tells the adapter which button installs. */
export function updateBox(status: UpdateStatus): MessageBox & { install: number | null } {
  switch (status.state) {
    case 'available':
      return {
        type: 'info',
        title: 'Update available',
        message: `Version ${status.availableVersion ?? '(unknown)'} is available. You have ${status.currentVersion}.`,
        detail: 'Installing restarts the app once commands under way have finished.',
        buttons: ['Install and restart', 'Later'],
        install: 0,
      };
    case 'downloading':
      return { ...plain('info', `Version ${status.availableVersion ?? ''} is downloading.`), install: null };
    case 'downloaded':
      return {
        type: 'info',
        title: 'Update ready',
        message: `Version ${status.availableVersion ?? '(unknown)'} is downloaded.`,
        buttons: ['Install and restart', 'Later'],
        install: 0,
      };
    case 'not-available':
      return { ...plain('info', `You have the latest version (${status.currentVersion}).`), install: null };
    case 'disabled':
      return {
        ...plain('info', `This build does not check for updates. You have version ${status.currentVersion}.`),
        install: null,
      };
    case 'error':
      return {
        ...plain('warning', 'The update check failed.'),
        detail: status.message ?? 'No reason was given.',
        install: null,
      };
  }
}

function plain(type: MessageBox['type'], message: string): MessageBox {
  return { type, title: 'Check for updates', message, buttons: ['OK'] };
}
