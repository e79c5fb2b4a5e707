// The application menu as plain data, so a unit test can read every role and accelerator without
// Electron; adapters/menu.ts turns `command` into a click handler. Platform conventions: on macOS
// the app menu holds About, Settings and Quit; on Windows and Linux, File holds Settings and Exit
// and Help holds About. An installed app has no Reload or developer tools: Ctrl+R is the app's
// own "refresh the vehicle's data", never a window reload that would drop what is on screen. Labels
// are in main's language; Electron words the roles' own items in the system's.
import { SHORTCUTS, type ShortcutAction } from '../../shared/shortcuts';
import { tm } from '../i18n/main-words';

export type MenuCommand =
  | { kind: 'shortcut'; action: ShortcutAction }
  | { kind: 'about' }
  | { kind: 'show-logs' }
  | { kind: 'show-crash-dumps' }
  | { kind: 'copy-diagnostics' }
  | { kind: 'check-updates' };

export interface MenuSpec {
  label?: string;
  role?: string;
  type?: 'separator';
  accelerator?: string;
  /** False: shown in the menu, but the key goes to the page (its handler does the work). */
  registerAccelerator?: boolean;
  command?: MenuCommand;
  submenu?: MenuSpec[];
}

export interface MenuFacts {
  platform: string;
  /** app.isPackaged: no reload and no developer tools when true. */
  packaged: boolean;
  appName: string;
}

const separator: MenuSpec = { type: 'separator' };

/** A menu item that asks the renderer to do what its shortcut does, showing the shortcut. */
function shortcutItem(action: ShortcutAction, label: string): MenuSpec {
  const shortcut = SHORTCUTS.find((candidate) => candidate.action === action)!;
  return {
    label,
    accelerator: shortcut.accelerators[0],
    registerAccelerator: false,
    command: { kind: 'shortcut', action },
  };
}

export function menuTemplate(facts: MenuFacts): MenuSpec[] {
  const mac = facts.platform === 'darwin';
  const settings = shortcutItem('open-settings', mac ? tm('menu.settingsMac') : tm('menu.settings'));
  const about = tm('menu.about', { app: facts.appName });

  const appMenu: MenuSpec = {
    label: facts.appName,
    role: 'appMenu',
    submenu: [
      { role: 'about', label: about },
      separator,
      settings,
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };

  const file: MenuSpec = {
    label: tm('menu.file'),
    role: 'fileMenu',
    submenu: mac ? [{ role: 'close' }] : [settings, separator, { role: 'quit', label: tm('menu.exit') }],
  };

  const edit: MenuSpec = {
    label: tm('menu.edit'),
    role: 'editMenu',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' }] : []),
      { role: 'delete' },
      { role: 'selectAll' },
      separator,
      shortcutItem('focus-search', tm('menu.searchGarage')),
      shortcutItem('quick-open', tm('menu.goToVehicle')),
    ],
  };

  const developer: MenuSpec[] = facts.packaged
    ? []
    : [
        // Development builds only; Ctrl+R stays the data refresh, so reload takes Shift.
        { role: 'forceReload', accelerator: 'CmdOrCtrl+Shift+R' },
        { role: 'toggleDevTools' },
        separator,
      ];
  const view: MenuSpec = {
    label: tm('menu.view'),
    role: 'viewMenu',
    submenu: [
      shortcutItem('refresh-vehicle', tm('menu.refreshVehicle')),
      separator,
      ...developer,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };

  const windowMenu: MenuSpec = {
    label: tm('menu.window'),
    role: 'windowMenu',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };

  const help: MenuSpec = {
    label: tm('menu.help'),
    role: 'help',
    submenu: [
      shortcutItem('show-shortcuts', tm('menu.shortcuts')),
      separator,
      { label: tm('menu.showLogs'), command: { kind: 'show-logs' } },
      { label: tm('menu.showCrashDumps'), command: { kind: 'show-crash-dumps' } },
      { label: tm('menu.copyDiagnostics'), command: { kind: 'copy-diagnostics' } },
      { label: tm('menu.checkUpdates'), command: { kind: 'check-updates' } },
      ...(mac ? [] : [separator, { label: about, command: { kind: 'about' } } as MenuSpec]),
    ],
  };

  return [...(mac ? [appMenu] : []), file, edit, view, windowMenu, help];
}

/** Every role in a template, depth first: what the menu asks Electron to do by itself. */
export function rolesOf(template: readonly MenuSpec[]): string[] {
  return template.flatMap((item) => [...(item.role ? [item.role] : []), ...rolesOf(item.submenu ?? [])]);
}
