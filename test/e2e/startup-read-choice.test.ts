// End to end in the shipped bundle: the technician's "Also alerts, tyres and certificates" choice is kept
// by main, so the read main starts by itself at launch reads alerts and certificates too, and the
// box shows the choice without the window keeping anything of its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useGarageApp } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

describe('launch with "Also alerts, tyres and certificates" kept by main from before', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'garage-startup-choice-'));
  writeFileSync(join(dataDir, 'garage-refresh.json'), '{ "alertsAndCertificates": true }\n');
  // Registered before the app's own hooks, so it runs after the app has closed.
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = useGarageApp({ dataDir });

  it('reads alerts and certificates at start-up too, and the box shows the kept choice', async () => {
    const { page, simulator } = app;
    const read = (route: string) =>
      new Set(simulator.requests.filter((r) => r.route === route).map((r) => r.vin));
    const states = read('state');
    expect(states.size).toBe(12);
    const alerts = read('firmware_alerts');
    expect(alerts.size).toBeGreaterThan(0);
    expect([...alerts].every((vin) => states.has(vin))).toBe(true);
    expect(read('fleet_telemetry_config').size).toBeGreaterThan(0);
    const box = page.getByRole('checkbox', { name: /Also alerts, tyres and certificates/ });
    await waitFor(
      passes(async () => expect(await box.isChecked()).toBe(true)),
      'the setting to be checked',
    );
  });
});
