// The desktop shell of the installed app, booted from out/main/index.js: its application menu
// (the platform's roles, no Reload or developer tools), the Help items, the right-click menu,
// the window's place against the displays attached, local crash dumps and a crashed renderer
// coming back with a message.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recorded, standin } from '../electron-standin/boot';
import type { MenuItemStandin, MenuStandin } from '../electron-standin/shell';
import { launchApp, APP_WAIT, type LaunchedApp } from '../support/launch';
import { waitFor } from '../support/wait-for';

let app: LaunchedApp;
let dataDir: string;

const electron = () => standin();

function applicationMenu(): MenuStandin {
  const menu = electron().Menu.getApplicationMenu();
  if (!menu) throw new Error('No application menu was set');
  return menu as MenuStandin;
}

function item(label: string): MenuItemStandin {
  const found = applicationMenu()
    .allItems()
    .find((candidate) => candidate.label === label);
  if (!found) throw new Error(`No menu item "${label}"`);
  return found;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-shell-'));
  // Two displays; the window was last on the second one, partly past its right edge.
  electron().screen.attachDisplays([
    {
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
      workArea: { x: 0, y: 0, width: 1920, height: 1040 },
    },
    {
      bounds: { x: 1920, y: 0, width: 2560, height: 1440 },
      workArea: { x: 1920, y: 0, width: 2560, height: 1400 },
    },
  ]);
  await writeFile(
    path.join(dataDir, 'window-state.json'),
    JSON.stringify({ bounds: { x: 4000, y: 100, width: 1000, height: 700 }, maximized: false }),
  );
  app = await launchApp({ demo: null, dataDir });
});

afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The message boxes shown, with or without a parent window. */
function boxes(): { title: string; message: string }[] {
  return recorded()
    .dialogCalls.filter((call) => call.method === 'showMessageBox')
    .map((call) => call.args.at(-1) as { title: string; message: string });
}

describe('the application menu of an installed build', () => {
  it("has the platform's menus and standard roles", () => {
    const top = applicationMenu().items.map((entry) => entry.label);
    expect(top).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    const roles = applicationMenu()
      .allItems()
      .map((entry) => entry.role)
      .filter(Boolean);
    for (const role of [
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'selectAll',
      'quit',
      'minimize',
      'close',
      'togglefullscreen',
      'zoomIn',
      'help',
    ]) {
      expect(roles).toContain(role);
    }
  });

  it('has no Reload, Force reload or developer tools, and Ctrl+R refreshes data instead', () => {
    const items = applicationMenu().allItems();
    expect(
      items.filter((entry) => ['reload', 'forceReload', 'toggleDevTools'].includes(entry.role ?? '')),
    ).toEqual([]);
    expect(items.filter((entry) => /reload|developer/i.test(entry.label))).toEqual([]);
    const refresh = item("Refresh vehicle's data");
    expect(refresh.accelerator).toBe('CmdOrCtrl+R');
    // Shown in the menu, handled by the page's own key handler.
    expect(refresh.registerAccelerator).toBe(false);
  });

  it('Help shows the logs and crash reports folders, copies diagnostics, says the version and checks for updates', async () => {
    const { dialogCalls, shellCalls } = recorded();
    item('Show logs folder').click();
    const opened = await waitFor(
      () => shellCalls.find((call) => call.method === 'openPath'),
      'openPath',
      APP_WAIT,
    );
    expect(opened.args[0]).toBe(path.join(dataDir, 'logs'));

    item('Show crash reports folder').click();
    const crashes = await waitFor(
      () => shellCalls.find((call) => call.method === 'openPath' && call !== opened),
      'openPath of the crash reports folder',
      APP_WAIT,
    );
    expect(crashes.args[0]).toBe(electron().app.getPath('crashDumps'));

    const before = dialogCalls.length;
    item('Copy diagnostics').click();
    await waitFor(() => dialogCalls.length > before, 'the diagnostics confirmation', APP_WAIT);
    expect(boxes().at(-1)?.message).toBe('Diagnostics copied to the clipboard.');
    const copied = electron().clipboard.readText();
    expect(copied).toContain('Vehicle Garage');
    expect(copied).toContain(dataDir);
    expect(copied).toContain(`Crash dumps: 0 in ${electron().app.getPath('crashDumps')}`);
    expect(copied).toContain('Shop: solo (no shop database)');
    expect(copied).toContain('Network: direct');

    item('About Vehicle Garage').click();
    const about = await waitFor(
      () => boxes().find((box) => box.title === 'About Vehicle Garage'),
      'the About box',
      APP_WAIT,
    );
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    expect(about.message).toBe(`Vehicle Garage ${version}`);

    item('Check for updates…').click();
    await waitFor(
      () => boxes().find((box) => box.message.includes('does not check for updates')),
      'the update answer',
      APP_WAIT,
    );
  });

  it('a menu item asks the page, which opens "Go to vehicle" without reloading', async () => {
    const { page } = app;
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    item('Go to vehicle…').click();
    await page.getByRole('dialog', { name: 'Go to vehicle' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    // The request is taken off the URL once handled.
    expect(await page.evaluate(() => location.hash)).toBe('');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Go to vehicle' }).waitFor({ state: 'detached' });
  });
});

describe('the right-click menu', () => {
  it('offers Cut, Copy, Paste and Select all in a text field, Copy on selected text, nothing elsewhere', () => {
    const { Menu } = electron();
    const popups = Menu.popups;
    const contents = app.window.webContents;
    const flags = { canCut: false, canCopy: true, canPaste: true, canSelectAll: true };
    contents.emit('context-menu', {}, { isEditable: true, selectionText: '', editFlags: flags });
    const field = popups.at(-1)!.menu.items;
    expect(field.filter((entry) => entry.role).map((entry) => [entry.role, entry.enabled])).toEqual([
      ['cut', false],
      ['copy', true],
      ['paste', true],
      ['selectAll', true],
    ]);
    contents.emit('context-menu', {}, { isEditable: false, selectionText: '5YJ3E1EA', editFlags: flags });
    expect(popups.at(-1)!.menu.items.map((entry) => entry.role)).toEqual(['copy']);
    const count = popups.length;
    contents.emit('context-menu', {}, { isEditable: false, selectionText: '', editFlags: flags });
    expect(popups.length).toBe(count);
  });

  it("offers the spell checker's suggestions in a text field, and they replace the word or learn it", () => {
    const { Menu } = electron();
    const contents = app.window.webContents;
    const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
    contents.emit(
      'context-menu',
      {},
      {
        isEditable: true,
        selectionText: '',
        editFlags: flags,
        misspelledWord: 'brakpads',
        dictionarySuggestions: ['brake pads'],
      },
    );
    const items = Menu.popups.at(-1)!.menu.items;
    expect(items.slice(0, 2).map((entry) => entry.label)).toEqual([
      'brake pads',
      'Add “brakpads” to dictionary',
    ]);
    items[0]!.click();
    items[1]!.click();
    expect(contents.replacedMisspellings).toEqual(['brake pads']);
    expect(contents.session.dictionaryWords).toEqual(['brakpads']);
    // The window checks spelling at all (fields holding codes turn it off themselves).
    expect(app.window.options.webPreferences?.spellcheck).toBe(true);
  });
});

describe('the native theme', () => {
  it("follows the window's Light / Dark / System choice", async () => {
    const { page } = app;
    const theme = electron().nativeTheme;
    await waitFor(() => theme.sourcesSet.includes('system'), 'the theme told at start', APP_WAIT);
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check();
    await waitFor(() => theme.themeSource === 'dark', 'the native theme dark', APP_WAIT);
    await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' }).check();
    await waitFor(() => theme.themeSource === 'system', 'the native theme back to the system', APP_WAIT);
  });
});

describe('the window', () => {
  it('opens where it was, kept inside the display it is on', () => {
    expect(app.window.options).toMatchObject({ x: 3480, y: 100, width: 1000, height: 700 });
  });

  it('saves its new place in the data folder', async () => {
    app.window.setBounds({ x: 100, y: 120, width: 1100, height: 760 });
    const file = path.join(dataDir, 'window-state.json');
    const saved = await waitFor(
      async () => {
        const text = await readFile(file, 'utf8').catch(() => '');
        return text.includes('"x":100') ? text : null;
      },
      'the saved window state',
      { ...APP_WAIT, intervalMs: 50 },
    );
    expect(JSON.parse(saved)).toEqual({
      bounds: { x: 100, y: 120, width: 1100, height: 760 },
      maximized: false,
    });
  });

  it('writes crash dumps locally and uploads nothing', () => {
    expect(electron().crashReporter.calls).toEqual([
      { method: 'start', args: [expect.objectContaining({ uploadToServer: false })] },
    ]);
  });

  it('comes back with a message when its renderer process crashes, and logs it', async () => {
    const first = app.window;
    await first.webContents.crashRenderer();
    const second = await waitFor(
      () =>
        electron()
          .BrowserWindow.getAllWindows()
          .find((candidate) => candidate !== first),
      'the restarted window',
      APP_WAIT,
    );
    expect(first.isDestroyed()).toBe(true);
    expect(electron().app.isQuitting()).toBe(false);
    const page = await second.page;
    await page.getByRole('alert', { name: 'Window restarted' }).waitFor();
    await page.getByText('The window stopped unexpectedly and was restarted; runs kept going.').waitFor();
    // The same place as the window it replaces.
    expect(second.options).toMatchObject({ x: 100, y: 120, width: 1100, height: 760 });
    const logs = path.join(dataDir, 'logs');
    await waitFor(
      async () => {
        for (const name of existsSync(logs) ? await readdir(logs) : []) {
          if ((await readFile(path.join(logs, name), 'utf8')).includes('renderer process went away (crashed'))
            return true;
        }
        return false;
      },
      'the log line',
      { ...APP_WAIT, intervalMs: 50 },
    );
  });

  it('stops restarting a renderer that keeps crashing, says so and closes', async () => {
    // One restart so far; two more are allowed within the minute, the next crash is one too many.
    for (let restart = 2; restart <= 3; restart += 1) {
      const dying = electron().BrowserWindow.getAllWindows()[0]!;
      // Crashed once the page has loaded (before, Page.crash would hit the blank page's process).
      await (await dying.page).getByRole('alert', { name: 'Window restarted' }).waitFor();
      await dying.webContents.crashRenderer();
      await waitFor(
        () =>
          electron()
            .BrowserWindow.getAllWindows()
            .find((candidate) => candidate !== dying),
        `restart ${restart}`,
        APP_WAIT,
      );
    }
    const last = electron().BrowserWindow.getAllWindows()[0]!;
    expect(electron().BrowserWindow.getAllWindows()).toEqual([last]);
    await (await last.page).getByRole('alert', { name: 'Window restarted' }).waitFor();
    await last.webContents.crashRenderer();
    const box = await waitFor(
      () => recorded().dialogCalls.find((call) => call.method === 'showErrorBox'),
      'the error box',
      APP_WAIT,
    );
    expect(box.args[0]).toBe('Vehicle Garage keeps stopping');
    expect(await electron().app.exited).toBe(0);
  });
});
