// The application menu and the page's right-click menu (Electron's Menu), built from the plain
// templates in app/menu-template.ts and app/context-menu.ts.
import {
  clipboard,
  dialog,
  Menu,
  shell,
  type BrowserWindow,
  type MenuItemConstructorOptions,
  type WebContents,
} from 'electron';
import { mkdir } from 'node:fs/promises';
import type { ShellRequest } from '../../shared/shell-requests';
import type { UpdateStatus } from '../../shared/types';
import { contextMenuItems } from '../app/context-menu';
import {
  aboutBox,
  diagnosticsBox,
  noLogFileBox,
  updateBox,
  updateCheckFailedBox,
  type MessageBox,
} from '../app/menu-messages';
import { menuTemplate, type MenuCommand, type MenuSpec } from '../app/menu-template';

export interface MenuDeps {
  platform: string;
  packaged: boolean;
  appName: string;
  version: string;
  versions: { electron?: string; chrome?: string; node?: string };
  /** The folder holding the log file, or null when logging to a file failed. */
  logsFolder: string | null;
  /** Where Crashpad keeps this machine's crash dumps. */
  crashDumpsFolder: string;
  /** The diagnostics report (the app.diagnostics operation's text), or null if it failed. */
  diagnostics(): Promise<string | null>;
  checkForUpdates(): Promise<UpdateStatus | null>;
  installUpdate(): Promise<UpdateStatus | null>;
  /** The app's window now, if any. */
  window(): BrowserWindow | null;
  /** Asks the page to do what one of its shortcuts does. */
  ask(request: ShellRequest): void;
  onProblem(message: string, error: unknown): void;
}

function show(window: BrowserWindow | null, box: MessageBox) {
  return window ? dialog.showMessageBox(window, box) : dialog.showMessageBox(box);
}

async function run(command: MenuCommand, deps: MenuDeps): Promise<void> {
  const window = deps.window();
  switch (command.kind) {
    case 'shortcut':
      deps.ask({ kind: 'action', action: command.action });
      return;
    case 'about':
      await show(window, aboutBox(deps));
      return;
    case 'show-logs': {
      if (!deps.logsFolder) {
        await show(window, noLogFileBox());
        return;
      }
      const problem = await shell.openPath(deps.logsFolder);
      if (problem) deps.onProblem(`Could not open the logs folder ${deps.logsFolder}`, problem);
      return;
    }
    case 'show-crash-dumps': {
      // Crashpad makes the folder on its first dump: an empty one to look into is the honest answer.
      await mkdir(deps.crashDumpsFolder, { recursive: true }).catch(() => {});
      const problem = await shell.openPath(deps.crashDumpsFolder);
      if (problem)
        deps.onProblem(`Could not open the crash reports folder ${deps.crashDumpsFolder}`, problem);
      return;
    }
    case 'copy-diagnostics': {
      const text = await deps.diagnostics();
      if (text === null) {
        await show(window, diagnosticsBox(false));
        return;
      }
      clipboard.writeText(text);
      await show(window, diagnosticsBox(true));
      return;
    }
    case 'check-updates': {
      const status = await deps.checkForUpdates();
      if (!status) {
        await show(window, updateCheckFailedBox());
        return;
      }
      const box = updateBox(status);
      const answer = await show(window, box);
      if (box.install !== null && answer.response === box.install) await deps.installUpdate();
      return;
    }
  }
}

function toElectron(spec: MenuSpec, deps: MenuDeps): MenuItemConstructorOptions {
  const { command, submenu, ...rest } = spec;
  const item = { ...rest } as MenuItemConstructorOptions;
  if (submenu) item.submenu = submenu.map((child) => toElectron(child, deps));
  if (command) {
    item.click = () => {
      run(command, deps).catch((error: unknown) =>
        deps.onProblem(`Menu action ${command.kind} failed`, error),
      );
    };
  }
  return item;
}

export function installApplicationMenu(deps: MenuDeps): void {
  const template = menuTemplate(deps).map((spec) => toElectron(spec, deps));
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

/** Cut, Copy, Paste, Select all in text fields; Copy on a selection; nothing elsewhere. */
export function installContextMenu(contents: WebContents, window: () => BrowserWindow | null): void {
  contents.on('context-menu', (_event, params) => {
    const items = contextMenuItems(params);
    if (items.length === 0) return;
    const owner = window();
    const template: MenuItemConstructorOptions[] = items.map(({ replaceWith, learnWord, ...item }) => {
      if (replaceWith !== undefined)
        return { ...item, click: () => contents.replaceMisspelling(replaceWith) };
      if (learnWord !== undefined) {
        return { ...item, click: () => contents.session.addWordToSpellCheckerDictionary(learnWord) };
      }
      return item;
    });
    Menu.buildFromTemplate(template).popup(owner ? { window: owner } : {});
  });
}
