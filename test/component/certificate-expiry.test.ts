// The telemetry certificate's expiry: a banner when it ends within 30 days, none when it is good for
// months.
import { render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import TelemetryPanel from '../../renderer/src/components/vehicle/TelemetryPanel.svelte';
import { commandRuns } from '../../renderer/src/lib/stores';
import { connection } from '../../renderer/src/lib/stores';
import { garage } from '../../renderer/src/lib/stores';
import { toasts } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { liveMeta, telemetry, vehicle } from './fixtures';

const car = vehicle(1, { nickname: 'Loaner' });
const list = { 'vehicles.list': () => ({ ok: true, value: [] }) };

beforeEach(() => {
  garage.reset();
  garage.loading = false;
  connection.unreachable = null;
  commandRuns.reset();
  toasts.clear();
});

describe('certificate expiry', () => {
  it('warns in a banner when the certificate expires within 30 days', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({
        ok: true,
        value: telemetry({ exp: Math.floor(Date.now() / 1000) + 3 * 86_400 + 600 }),
        ...liveMeta,
      }),
      ...list,
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    expect(await screen.findByText(/^The telemetry certificate expires in 3 days/)).toBeTruthy();
  });

  it('shows no banner for a certificate good for months', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry(), ...liveMeta }),
      ...list,
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    await screen.findByText('Synced');
    expect(screen.queryByText(/^The telemetry certificate/)).toBeNull();
  });
});
