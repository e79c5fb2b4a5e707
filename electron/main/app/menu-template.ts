// The application menu as plain data, so a unit test can read every role and accelerator without
// Electron; adapters/menu.ts turns `command` into a click handler. Platform conventions: on macOS
// the app menu holds About, Settings and Quit; on Windows and Linux, File holds Settings and Exit
// and Help holds About. An installed app has no Reload or developer tools: Ctrl+R is the app's
// own "refresh the vehicle's data", never a window reload that would drop what is on screen.
import { SHORTCUTS, type ShortcutAction } from '../../shared/shortcuts';

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
  const settings = shortcutItem('open-settings', mac ? 'Settings…' : 'Settings');

  const appMenu: MenuSpec = {
    label: facts.appName,
    role: 'appMenu',
    submenu: [
      { role: 'about', label: `About ${facts.appName}` },
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
    label: 'File',
    role: 'fileMenu',
    submenu: mac ? [{ role: 'close' }] : [settings, separator, { role: 'quit', label: 'Exit' }],
  };

  const edit: MenuSpec = {
    label: 'Edit',
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
      shortcutItem('focus-search', 'Search the garage'),
      shortcutItem('quick-open', 'Go to vehicle…'),
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
    label: 'View',
    role: 'viewMenu',
    submenu: [
      shortcutItem('refresh-vehicle', "Refresh vehicle's data"),
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
    label: 'Window',
    role: 'windowMenu',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };

  const help: MenuSpec = {
    label: 'Help',
    role: 'help',
    submenu: [
      shortcutItem('show-shortcuts', 'Keyboard shortcuts'),
      separator,
      { label: 'Show logs folder', command: { kind: 'show-logs' } },
      { label: 'Show crash reports folder', command: { kind: 'show-crash-dumps' } },
      { label: 'Copy diagnostics', command: { kind: 'copy-diagnostics' } },
      { label: 'Check for updates…', command: { kind: 'check-updates' } },
      ...(mac
        ? []
        : [separator, { label: `About ${facts.appName}`, command: { kind: 'about' } } as MenuSpec]),
    ],
  };

  return [...(mac ? [appMenu] : []), file, edit, view, windowMenu, help];
}

/** Every role in a template, depth first: what the menu asks Electron to do by itself. */
export function rolesOf(template: readonly MenuSpec[]): string[] {
  return template.flatMap((item) => [...(item.role ? [item.role] : []), ...rolesOf(item.submenu ?? [])]);
}
