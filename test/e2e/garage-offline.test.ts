// With the service stopped, notes and telemetry still show from the offline cache with the banner,
// and commands are disabled with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchApp, type LaunchedApp } from '../support/launch';
import { main, screenshot, seriousAxeViolations, vehicleList } from './garage-support';

describe('garage offline (demo service stopped)', () => {
  let app: LaunchedApp;
  let vin: string;

  beforeAll(async () => {
    app = await launchApp();
    await app.page.setViewportSize({ width: 1440, height: 900 });
    vin = app.simulator.vehicles()[1]!.vin;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps showing cached telemetry and release notes, and disables commands', async () => {
    const { page } = app;
    await vehicleList(page)
      .getByRole('option', { name: new RegExp(vin) })
      .click();
    const view = main(page);
    // Read both while the service is up, so they are in the offline cache.
    await view.getByRole('tab', { name: 'Telemetry' }).click();
    await view.getByText('Live', { exact: true }).waitFor();
    await view.getByRole('tab', { name: 'Release notes' }).click();
    await view.getByRole('tabpanel').getByRole('article').first().waitFor();

    await app.simulator.stop();

    await view.getByRole('tab', { name: 'Telemetry' }).click();
    await view.getByRole('button', { name: 'Refresh telemetry' }).click();
    await view.getByText(/^Offline: saved copy from .+ \(.+ old\)\.$/).waitFor({ timeout: 30_000 });
    await view.getByRole('table').waitFor();
    // Said once on the tab, by the banner with why and how old: no "Offline copy" badge beside it.
    expect(await view.getByRole('tabpanel').getByText('Offline copy', { exact: true }).count()).toBe(0);
    await page.getByRole('banner').getByText('Offline: service unreachable').waitFor();
    // The row says its copy is offline once: by its age ("Offline · 2 min old") when its state line
    // is that copy, else by the "Offline copy" badge; never both.
    const row = vehicleList(page).getByRole('option', { name: new RegExp(vin) });
    await row
      .getByText(/^(Offline · .+ old|Offline copy)$/)
      .first()
      .waitFor();
    expect((await row.textContent())!.match(/Offline · |Offline copy/g)).toHaveLength(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offline-telemetry-light');

    // Read a moment ago, the notes come from the recent saved copy on purpose: said as such, not as offline.
    await view.getByRole('tab', { name: 'Release notes' }).click();
    await view.getByText(/^Saved copy, .+ old$/).waitFor();
    expect(await view.getByRole('tabpanel').getByRole('article').count()).toBeGreaterThan(0);
    expect(
      await view.getByRole('tabpanel').getByRole('article').first().locator('img').getAttribute('src'),
    ).toMatch(/^data:image\//);
    await screenshot(page, 'offline-release-notes-light');

    await view.getByRole('tab', { name: 'Commands' }).click();
    await view.getByText('Commands are disabled: the service cannot be reached.').waitFor();
    for (const label of [
      'Enable low power mode',
      'Set cabin temperature',
      'Set charging amps',
      'Set charge limit',
      'Open charge port',
      'Set speed limit',
      'Close windows',
      'Enable valet mode',
    ]) {
      expect(await view.getByRole('button', { name: label, exact: true }).isDisabled()).toBe(true);
    }
    await view.getByRole('button', { name: 'Check connection' }).click();
    await view.getByRole('button', { name: 'Check connection' }).waitFor();
    expect(await view.getByRole('button', { name: 'Close windows' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offline-commands-light');
  });
});
