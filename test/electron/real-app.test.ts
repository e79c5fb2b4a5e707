// The built app in the real Electron binary (npm run test:electron, where the binary exists): what
// the stand-in cannot show. The garage opens on the embedded simulator and a command reaches a car;
// the menu has no Reload that would drop the screen; the window's renderer is sandboxed and isolated
// with no Node in the page; a vehicle-garage:// link from a second launch opens that car.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchRealApp, type RealApp } from './real-app';
import { waitFor } from '../support/wait-for';

interface MenuItemView {
  label: string;
  role: string | null;
  accelerator: string | null;
  submenu: MenuItemView[];
}

describe('the app in the real Electron binary', () => {
  let real: RealApp;
  beforeAll(async () => {
    real = await launchRealApp();
  });
  afterAll(async () => {
    await real?.close();
  });

  const main = () => real.window.getByRole('main', { name: 'Vehicle details' });
  const list = () => real.window.getByRole('listbox', { name: 'Vehicles' });

  it('opens the demo garage and sends a command that the car confirms', async () => {
    await list().getByRole('option').first().waitFor({ timeout: 60_000 });
    await list().getByRole('option').first().click();
    await main().getByRole('tab', { name: 'Commands' }).click();
    const panel = main().getByRole('tabpanel');
    const field = panel.getByRole('spinbutton', { name: 'Charge limit (%)' });
    await waitFor(async () => (await field.inputValue()) !== '', 'the charge limit read from the car', {
      timeoutMs: 30_000,
    });
    const before = Number(await field.inputValue());
    const target = before >= 95 ? before - 5 : before + 5;
    await field.fill(String(target));
    await panel.getByRole('button', { name: 'Set charge limit' }).click();
    await panel.getByText(`now ${target} %, was ${before} %`).waitFor({ timeout: 60_000 });
  });

  it('has no Reload in its menu that would drop what is on screen', async () => {
    const items = await real.app.evaluate(({ Menu }) => {
      const view = (menu: Electron.Menu | null): MenuItemView[] =>
        (menu?.items ?? []).map((item) => ({
          label: item.label,
          role: item.role ?? null,
          accelerator: item.accelerator ?? null,
          submenu: view(item.submenu ?? null),
        }));
      return view(Menu.getApplicationMenu());
    });
    const all = (list: MenuItemView[]): MenuItemView[] =>
      list.flatMap((item) => [item, ...all(item.submenu)]);
    const flat = all(items);
    expect(flat.length).toBeGreaterThan(5);
    // A development run keeps a Shift reload for developers; plain Ctrl+R is the app's data refresh.
    expect(flat.filter((item) => item.role?.toLowerCase() === 'reload')).toEqual([]);
    expect(flat.filter((item) => item.accelerator === 'CmdOrCtrl+R' && item.role !== null)).toEqual([]);
  });

  it('runs the window sandboxed and isolated, with no Node in the page', async () => {
    const facts = await real.app.evaluate(({ app, BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]!.webContents;
      // Electron's own record of the window's preferences (not in its typings).
      const prefs =
        (
          contents as unknown as { getLastWebPreferences?: () => Record<string, unknown> }
        ).getLastWebPreferences?.() ?? null;
      const renderer = app.getAppMetrics().find((metric) => metric.pid === contents.getOSProcessId());
      return {
        prefs: prefs && {
          sandbox: prefs['sandbox'],
          contextIsolation: prefs['contextIsolation'],
          nodeIntegration: prefs['nodeIntegration'],
          webSecurity: prefs['webSecurity'],
        },
        // Reported on Windows and macOS only.
        sandboxedProcess: renderer?.sandboxed ?? null,
        noSandboxSwitch: app.commandLine.hasSwitch('no-sandbox'),
        url: contents.getURL(),
      };
    });
    expect(facts.noSandboxSwitch).toBe(false);
    if (facts.prefs) {
      expect(facts.prefs).toEqual({
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        webSecurity: true,
      });
    }
    if (facts.sandboxedProcess !== null) expect(facts.sandboxedProcess).toBe(true);
    expect(facts.prefs !== null || facts.sandboxedProcess !== null || process.platform === 'linux').toBe(
      true,
    );
    expect(facts.url.startsWith('app://garage/')).toBe(true);
    const page = await real.window.evaluate(() => ({
      process: typeof (globalThis as Record<string, unknown>)['process'],
      require: typeof (globalThis as Record<string, unknown>)['require'],
      garage: typeof (globalThis as Record<string, unknown>)['garage'],
      ipc: 'ipcRenderer' in ((globalThis as Record<string, unknown>)['garage'] as object),
    }));
    expect(page).toEqual({ process: 'undefined', require: 'undefined', garage: 'object', ipc: false });
  });

  it('opens the car a vehicle-garage:// link names, clicked while the app runs', async () => {
    const options = list().getByRole('option');
    const vin = await real.window.evaluate(async () => {
      const api = (
        globalThis as unknown as { garage: { vehicles: { list(): Promise<{ value: { vin: string }[] }> } } }
      ).garage;
      return (await api.vehicles.list()).value.at(-1)!.vin;
    });
    expect(await options.count()).toBeGreaterThan(1);
    const second = spawn(real.executablePath, [...real.args, `vehicle-garage://vehicle/${vin}`], {
      env: real.env,
      stdio: 'ignore',
    });
    // The second launch hands the link to this copy and exits.
    expect(await new Promise((resolve) => second.on('exit', resolve))).toBe(0);
    await main().getByText(vin).first().waitFor({ timeout: 30_000 });
  });
});
