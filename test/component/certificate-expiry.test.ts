// The telemetry certificate's expiry: a banner when it ends within 30 days, none when it is good for
// months.
import { render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import { vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, liveMeta, telemetry, vehicle } from './fixtures';

const car = vehicle(1, { nickname: 'Loaner' });

beforeEach(() => {
  vehicleList.loading = false;
});

describe('certificate expiry', () => {
  it('warns in a banner when the certificate expires within 30 days', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({
        ok: true,
        value: telemetry({ exp: Math.floor(Date.now() / 1000) + 3 * 86_400 + 600 }),
        ...liveMeta,
      }),
      ...emptyGarage,
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    expect(await screen.findByText(/^The telemetry certificate expires in 3 days/)).toBeTruthy();
    // The banner names what renews it in this app: writing the configuration again, which the
    // service signs anew; the controls it names are on the same tab.
    const banner = screen.getByText(/^The telemetry certificate expires in 3 days/).closest('p')!;
    const words = banner.textContent!.replace(/\s+/g, ' ');
    expect(words).toMatch(
      /Write the configuration again before then \(Reset to recommended or Save configuration below\)/,
    );
    expect(words).toMatch(/the service signs it anew/);
    expect(screen.getByRole('button', { name: 'Reset to recommended' })).toBeTruthy();
  });

  it('says how to renew an expired certificate from this app', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({
        ok: true,
        value: telemetry({ exp: Math.floor(Date.now() / 1000) - 2 * 86_400 }),
        ...liveMeta,
      }),
      ...emptyGarage,
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    const banner = (await screen.findByText(/^The telemetry certificate expired/)).closest('p')!;
    const words = banner.textContent!.replace(/\s+/g, ' ');
    expect(words).toMatch(
      /until a configuration is written again: use Reset to recommended or Save configuration/,
    );
    expect(words).not.toMatch(/is sent\./);
  });

  it('shows no banner for a certificate good for months', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry(), ...liveMeta }),
      ...emptyGarage,
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    await screen.findByText('Synced');
    expect(screen.queryByText(/^The telemetry certificate/)).toBeNull();
  });
});
