// The technician's whole day in demo mode, through accessible names only.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../support/launch';
import { AUDIT_CSV_COLUMNS } from '../../electron/main/audit/audit-csv';
import { parseCsv } from '../unit/audit/parse-csv';
import { main, openVehicle, screenshot, seriousAxeViolations, vehicleList } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

describe('garage end to end (demo)', () => {
  let app: LaunchedApp;
  let name: string;
  let vin: string;

  beforeAll(async () => {
    app = await launchApp();
    await app.page.setViewportSize({ width: 1440, height: 900 });
    await vehicleList(app.page).getByRole('option').first().waitFor();
    // The second demo vehicle is awake and online; it is removed and added back through the UI.
    const state = app.simulator.vehicles()[1]!;
    vin = state.vin;
    name = 'Bay 4 loaner';
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the demo fleet in the sidebar, searchable by VIN, nickname or plate', async () => {
    const { page } = app;
    const options = vehicleList(page).getByRole('option');
    expect(await options.count()).toBeGreaterThanOrEqual(10);
    const search = page.getByRole('searchbox', { name: 'Search vehicles' });
    await search.fill(vin.slice(-6));
    await waitFor(
      passes(async () => expect(await options.count()).toBe(1)),
      'one vehicle shown',
    );
    await search.fill('');
    await waitFor(
      passes(async () => expect(await options.count()).toBeGreaterThanOrEqual(10)),
      'the whole garage shown again',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'garage-light');
  });

  it('removes a vehicle with confirmation and adds it back by VIN with a nickname', async () => {
    const { page } = app;
    await vehicleList(page)
      .getByRole('option', { name: new RegExp(vin) })
      .click();
    await main(page).getByRole('button', { name: 'Remove vehicle' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove vehicle?' });
    await confirm.getByRole('button', { name: 'Remove vehicle' }).click();
    await waitFor(
      passes(async () =>
        expect(
          await vehicleList(page)
            .getByRole('option', { name: new RegExp(vin) })
            .count(),
        ).toBe(0),
      ),
      'the removed vehicle gone from the list',
    );

    await page.getByRole('button', { name: 'Add vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add vehicle' });
    await dialog.getByRole('textbox', { name: 'VIN' }).fill(vin.slice(0, 9) + 'O');
    await dialog.getByText(/may not contain I, O or Q/).waitFor();
    await dialog.getByRole('textbox', { name: 'VIN' }).fill(vin.toLowerCase());
    await dialog.getByText(/^Tesla · /).waitFor();
    await dialog.getByRole('textbox', { name: 'Nickname (optional)' }).fill(name);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'add-vehicle-light');
    await dialog.getByRole('button', { name: 'Add vehicle' }).click();
    await main(page).getByRole('heading', { name, level: 2 }).waitFor();
    expect(
      await vehicleList(page)
        .getByRole('option', { name: new RegExp(name) })
        .getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('renames the vehicle', async () => {
    const { page } = app;
    await main(page).getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename vehicle' });
    await dialog.getByRole('textbox', { name: 'Nickname' }).fill('Bay 4 loaner car');
    await dialog.getByRole('button', { name: 'Save nickname' }).click();
    name = 'Bay 4 loaner car';
    await main(page).getByRole('heading', { name, level: 2 }).waitFor();
  });

  it('reads the overview and the telemetry configuration', async () => {
    const { page } = app;
    await main(page).getByText('Deployed version').waitFor();
    await main(page).getByRole('tab', { name: 'Telemetry' }).click();
    await main(page).getByText('Live', { exact: true }).waitFor();
    await main(page)
      .getByText(/^(Synced|Not synced yet)$/)
      .waitFor();
    await main(page)
      .getByText(/expires in \d+ days?|expired/)
      .first()
      .waitFor();
    const table = main(page).getByRole('table');
    await table.getByRole('button', { name: /Interval/ }).click();
    expect(await table.getByRole('columnheader', { name: /Interval/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await main(page).getByRole('button', { name: 'Show raw JSON' }).click();
    await main(page)
      .getByRole('region', { name: /Raw JSON/ })
      .waitFor();
    await main(page).getByRole('button', { name: 'Refresh telemetry' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'telemetry-light');
  });

  it('reads release notes, current, staged and in German, with cached images', async () => {
    const { page } = app;
    await main(page).getByRole('tab', { name: 'Release notes' }).click();
    const cards = main(page).getByRole('tabpanel').getByRole('article');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    const src = await cards.first().locator('img').getAttribute('src');
    expect(src).toMatch(/^data:image\//);
    await main(page).getByRole('combobox', { name: 'Language' }).selectOption('de');
    await main(page)
      .getByText(/Deployed/)
      .waitFor();
    await main(page).getByRole('radio', { name: 'Staged version' }).check();
    await main(page)
      .getByText(/Deployed/)
      .waitFor();
    await main(page).getByRole('radio', { name: 'Current version' }).check();
    await cards.first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'release-notes-light');
  });

  it('runs every command, with values at the bounds; beyond them nothing can be sent', async () => {
    const { page } = app;
    await main(page).getByRole('tab', { name: 'Commands' }).click();
    const panel = main(page).getByRole('tabpanel');
    const sent = () => app.simulator.requests.filter((r) => r.route === 'command').length;

    async function press(label: string, confirm: boolean) {
      const before = sent();
      await panel.getByRole('button', { name: label, exact: true }).click();
      if (confirm) {
        const dialog = page.getByRole('dialog', { name: `${label}?` });
        await dialog.getByRole('button', { name: label }).click();
      }
      await waitFor(
        passes(() => expect(sent()).toBeGreaterThan(before)),
        'the command sent',
      );
      await waitFor(
        passes(async () =>
          expect(await panel.getByRole('button', { name: label, exact: true }).isEnabled()).toBe(true),
        ),
        'the button enabled again',
      );
    }

    // Each field's bounds are the vehicle's own where its state reports them.
    const bounded: [string, string, number][] = [
      ['Temperature (°C)', 'Set cabin temperature', 0.5],
      ['Charging current (A)', 'Set charging amps', 1],
      ['Charge limit (%)', 'Set charge limit', 1],
      ['Speed limit (mph)', 'Set speed limit', 1],
    ];
    for (const [field, label, step] of bounded) {
      const input = panel.getByRole('spinbutton', { name: field });
      await waitFor(
        passes(async () => expect(await input.inputValue()).not.toBe('')),
        'the field filled',
      );
      const min = Number(await input.getAttribute('min'));
      const max = Number(await input.getAttribute('max'));
      for (const beyond of [min - step, max + step]) {
        await input.fill(String(beyond));
        expect(await panel.getByRole('button', { name: label }).isDisabled()).toBe(true);
        await panel.getByText(/must be between/).waitFor();
      }
      for (const atBound of [min, max]) {
        await input.fill(String(atBound));
        await press(label, label === 'Set speed limit');
      }
    }
    await panel.getByRole('spinbutton', { name: 'Temperature (°C)' }).fill('21.3');
    await panel.getByText('Temperature must be in steps of 0.5 °C').waitFor();
    await panel.getByRole('spinbutton', { name: 'Temperature (°C)' }).fill('21.5');

    for (const label of ['Open charge port', 'Close windows']) await press(label, false);
    for (const label of ['Enable low power mode', 'Enable valet mode']) await press(label, true);

    // Max attempts is three choices: nothing outside 1–3 can be picked.
    const attempts = panel.getByRole('group', { name: 'Max attempts' });
    expect(await attempts.getByRole('radio').count()).toBe(3);
    await attempts.getByRole('radio', { name: '1' }).check();
    await panel.getByRole('checkbox', { name: 'Wait for completion' }).uncheck();
    await press('Close windows', false);
    const last = app.simulator.requests.filter((r) => r.route === 'command').at(-1)!;
    expect(last.query).toMatchObject({ max_attempts: '1', wait_for_completion: 'false' });

    // Each outcome is shown next to its button; the temperature's, sent at 28 while the field now
    // holds 21.5, is marked as about an earlier value instead of showing "Success" beside 21.5.
    expect(await panel.getByText(/^(Success|Failed|Error)$/).count()).toBeGreaterThanOrEqual(7);
    expect(await panel.getByText('Earlier value').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'commands-light');
  });

  it('sets the plate and tags drives, validated as typed', async () => {
    const { page } = app;
    await main(page).getByRole('tab', { name: 'Plate and drive tags' }).click();
    const panel = main(page).getByRole('tabpanel');
    await panel.getByRole('textbox', { name: 'Plate' }).fill('BAY#4');
    await panel.getByText('Plate may not contain “#”: use letters A–Z, digits, spaces and dashes').waitFor();
    await panel.getByRole('textbox', { name: 'Plate' }).fill('bay 4');
    await panel.getByRole('button', { name: 'Set plate' }).click();
    await panel.getByText('Plate set to BAY 4').waitFor();
    await waitFor(
      passes(() => expect(app.simulator.vehicleState(vin).plate).toBe('BAY 4')),
      'the plate on the car',
    );
    await vehicleList(page).getByRole('option', { name: /BAY 4/ }).waitFor();

    const drive = app.simulator.vehicleState(vin).drives[0]!;
    await panel.getByRole('textbox', { name: 'Drive ids' }).fill(`${drive.id},,x`);
    await panel.getByRole('button', { name: 'Tag drives' }).click();
    await panel.getByText(/is empty \(check the commas\)/).waitFor();
    await panel.getByRole('textbox', { name: 'Drive ids' }).fill(String(drive.id));
    await panel.getByRole('combobox', { name: 'Tag', exact: true }).fill('Service');
    await panel.getByRole('button', { name: 'Tag drives' }).click();
    await panel.getByText('Tagged 1 drive “Service”').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'plate-tags-light');
  });

  it('lists the history newest first and exports this vehicle’s history as CSV', async () => {
    const { page } = app;
    await main(page).getByRole('tab', { name: 'History', exact: true }).click();
    const rows = main(page).getByRole('table').getByRole('row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBeGreaterThan(15);
    expect(await rows.nth(1).textContent()).toMatch(/Set drive tag|Tag|drive/i);
    // Main asks where to save (the harness's dialog answers with a file in the data folder) and
    // writes it; the page only hears where it went.
    await main(page).getByRole('button', { name: 'Export this vehicle’s history (CSV)…' }).click();
    const saved = page.getByRole('status').getByText(/^Saved \d+ entries to .*\.csv$/);
    await saved.waitFor();
    const file = /to (.*\.csv)$/.exec((await saved.textContent()) ?? '')![1]!;
    const [header, ...lines] = parseCsv(await readFile(file, 'utf8'));
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    // This vehicle only, named and in the technician's words.
    const vinColumn = header!.indexOf('VIN');
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((line) => line[vinColumn]))).toEqual(new Set([vin]));
    expect(lines.map((line) => line[header!.indexOf('Action')])).not.toContain('setDriveTag');
    await screenshot(page, 'history-light');
  });

  it('runs a bulk action on three vehicles and cancels one before it is sent', async () => {
    const { page } = app;
    await page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Bulk actions' })
      .click();
    const view = main(page);
    const fleet = app.simulator.vehicles();
    // Two sleeping vehicles first: each waking takes a moment, so the third is still queued. None
    // the app has seen offline: the dry run would skip that one, and say why.
    const picks = [fleet[2]!, fleet[7]!, fleet[4]!];
    for (const v of picks.slice(0, 2)) app.simulator.setVehicleState(v.vin, { sleepState: 'asleep' });
    for (const v of picks) await view.getByRole('checkbox', { name: new RegExp(v.vin) }).check();
    await view.getByRole('combobox', { name: 'Command to send' }).selectOption({ label: 'Set charge limit' });
    await view.getByRole('spinbutton', { name: 'Charge limit (%)' }).fill('101');
    await view.getByText('Will be skipped').first().waitFor();
    await view.getByRole('spinbutton', { name: 'Charge limit (%)' }).fill('90');
    await view.getByText(/will be sent to 3 of 3 vehicles/).waitFor();
    await view.getByRole('combobox', { name: 'Vehicles at a time' }).selectOption('1');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-dry-run-light');

    const before = app.simulator.requests.filter((r) => r.route === 'command').length;
    await view.getByRole('button', { name: 'Run on 3 vehicles' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run bulk action' }).click();
    await view.getByRole('button', { name: `Cancel ${picks[2]!.displayName}` }).click();
    await view.getByText(/^Completed: \d+ succeeded, \d+ failed, 1 not sent$/).waitFor({ timeout: 20_000 });
    const sentTo = app.simulator.requests
      .filter((r) => r.route === 'command')
      .slice(before)
      .map((r) => r.path);
    expect(sentTo.some((p) => p.includes(picks[2]!.vin))).toBe(false);
    expect(sentTo.filter((p) => p.includes('set_charge_limit')).length).toBeGreaterThanOrEqual(2);
    expect(await view.getByText('Not sent', { exact: true }).count()).toBe(1);
    // The bar fills with the vehicles that had their turn: the cancelled one never does.
    expect(await view.getByRole('progressbar', { name: 'Progress' }).getAttribute('value')).toBe('2');
    await screenshot(page, 'bulk-results-light');
  });

  it('switches to the dark theme, which persists, and stays accessible', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
    await main(page).getByRole('radio', { name: 'Dark' }).check();
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'settings-dark');
    await page.reload();
    await vehicleList(page).getByRole('option').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');

    await openVehicle(page, name);
    for (const [tab, shot] of [
      ['Telemetry', 'telemetry-dark'],
      ['Release notes', 'release-notes-dark'],
      ['Commands', 'commands-dark'],
    ] as const) {
      await main(page).getByRole('tab', { name: tab }).click();
      await main(page).getByRole('tabpanel').locator('button').first().waitFor();
      // Settled: no spinner or loading placeholder is still running.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, shot);
    }
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
    await main(page).getByRole('radio', { name: 'Light' }).check();
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    await screenshot(page, 'settings-light');
  });
});
