import { describe, expect, it } from 'vitest';
import { contextMenuItems } from '../../../electron/main/app/context-menu';
import { aboutBox, updateBox } from '../../../electron/main/app/menu-messages';
import { menuTemplate, rolesOf, type MenuSpec } from '../../../electron/main/app/menu-template';
import { SHORTCUTS } from '../../../electron/shared/shortcuts';

const flat = (template: readonly MenuSpec[]): MenuSpec[] =>
  template.flatMap((item) => [item, ...flat(item.submenu ?? [])]);

describe('the application menu', () => {
  it('on Windows and Linux: File, Edit, View, Window, Help, with About in Help and Exit in File', () => {
    for (const platform of ['win32', 'linux']) {
      const template = menuTemplate({ platform, packaged: true, appName: 'Vehicle Garage' });
      expect(template.map((item) => item.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
      const help = template
        .at(-1)!
        .submenu!.map((item) => item.label)
        .filter(Boolean);
      expect(help).toEqual([
        'Keyboard shortcuts',
        'Show logs folder',
        'Show crash reports folder',
        'Copy diagnostics',
        'Check for updates…',
        'About Vehicle Garage',
      ]);
      expect(template[0]!.submenu!.find((item) => item.role === 'quit')?.label).toBe('Exit');
    }
  });

  it('on macOS: the app menu first, with About, Settings, Services, Hide and Quit', () => {
    const template = menuTemplate({ platform: 'darwin', packaged: true, appName: 'Vehicle Garage' });
    expect(template.map((item) => item.label)).toEqual([
      'Vehicle Garage',
      'File',
      'Edit',
      'View',
      'Window',
      'Help',
    ]);
    expect(rolesOf([template[0]!])).toEqual([
      'appMenu',
      'about',
      'services',
      'hide',
      'hideOthers',
      'unhide',
      'quit',
    ]);
    expect(template[0]!.submenu!.some((item) => item.label === 'Settings…')).toBe(true);
    expect(rolesOf(template)).toContain('pasteAndMatchStyle');
    expect(rolesOf(template)).toContain('front');
  });

  it('has Reload and developer tools only in a development build, and never on Ctrl+R', () => {
    for (const platform of ['darwin', 'win32', 'linux']) {
      const installed = rolesOf(menuTemplate({ platform, packaged: true, appName: 'G' }));
      expect(installed.filter((role) => /reload|devtools/i.test(role))).toEqual([]);
      const dev = flat(menuTemplate({ platform, packaged: false, appName: 'G' }));
      expect(dev.find((item) => item.role === 'toggleDevTools')).toBeDefined();
      const reload = dev.find((item) => item.role === 'forceReload')!;
      expect(reload.accelerator).toBe('CmdOrCtrl+Shift+R');
      expect(dev.filter((item) => item.accelerator === 'CmdOrCtrl+R').map((item) => item.label)).toEqual([
        "Refresh vehicle's data",
      ]);
    }
  });

  it('shows every shortcut once, leaving the key to the page', () => {
    const items = flat(menuTemplate({ platform: 'linux', packaged: true, appName: 'G' })).filter(
      (item) => item.command?.kind === 'shortcut',
    );
    const actions = items.map((item) => (item.command as { action: string }).action);
    // Settings is in File on Windows and Linux (and in the app menu on macOS).
    expect(new Set(actions)).toEqual(new Set(SHORTCUTS.map((shortcut) => shortcut.action)));
    for (const item of items) expect(item.registerAccelerator).toBe(false);
  });
});

describe('the right-click menu', () => {
  const flags = { canCut: true, canCopy: true, canPaste: false, canSelectAll: true };

  it('offers Cut, Copy, Paste and Select all in a field, each as the field allows', () => {
    expect(contextMenuItems({ isEditable: true, selectionText: '', editFlags: flags })).toEqual([
      { role: 'cut', label: 'Cut', enabled: true },
      { role: 'copy', label: 'Copy', enabled: true },
      { role: 'paste', label: 'Paste', enabled: false },
      { type: 'separator' },
      { role: 'selectAll', label: 'Select all', enabled: true },
    ]);
  });

  it("puts the spell checker's suggestions and Add to dictionary first for a misspelled word", () => {
    const items = contextMenuItems({
      isEditable: true,
      selectionText: '',
      editFlags: flags,
      misspelledWord: 'brakpads',
      dictionarySuggestions: ['brake pads', 'breakpads', 'a', 'b', 'c', 'd'],
    });
    expect(items.slice(0, 7)).toEqual([
      { label: 'brake pads', replaceWith: 'brake pads' },
      { label: 'breakpads', replaceWith: 'breakpads' },
      { label: 'a', replaceWith: 'a' },
      { label: 'b', replaceWith: 'b' },
      { label: 'c', replaceWith: 'c' },
      { label: 'Add “brakpads” to dictionary', learnWord: 'brakpads' },
      { type: 'separator' },
    ]);
    expect(items.at(-1)).toEqual({ role: 'selectAll', label: 'Select all', enabled: true });
    expect(
      contextMenuItems({ isEditable: true, selectionText: '', editFlags: flags, misspelledWord: 'Zoë' })[0],
    ).toEqual({ label: 'No spelling suggestions', enabled: false });
  });

  it('offers Copy on selected text and nothing on the page itself', () => {
    expect(contextMenuItems({ isEditable: false, selectionText: 'VIN', editFlags: flags })).toEqual([
      { role: 'copy', label: 'Copy', enabled: true },
    ]);
    expect(contextMenuItems({ isEditable: false, selectionText: '  ', editFlags: flags })).toEqual([]);
  });
});

describe('the menu dialogs', () => {
  it('About names the app, its version and the runtime', () => {
    const box = aboutBox({
      appName: 'Vehicle Garage',
      version: '1.2.3',
      versions: { electron: '45.4.1', node: '24.1.0' },
    });
    expect(box.message).toBe('Vehicle Garage 1.2.3');
    expect(box.detail).toBe('Electron 45.4.1, Node 24.1.0');
  });

  it('Check for updates says what it found and offers to install only what is there', () => {
    expect(
      updateBox({ state: 'available', currentVersion: '1.0.0', availableVersion: '1.1.0' }),
    ).toMatchObject({
      message: 'Version 1.1.0 is available. You have 1.0.0.',
      install: 0,
    });
    expect(updateBox({ state: 'not-available', currentVersion: '1.0.0' })).toMatchObject({
      message: 'You have the latest version (1.0.0).',
      install: null,
    });
    expect(updateBox({ state: 'error', currentVersion: '1.0.0', message: 'feed unreachable' })).toMatchObject(
      {
        type: 'warning',
        detail: 'feed unreachable',
        install: null,
      },
    );
  });
});
