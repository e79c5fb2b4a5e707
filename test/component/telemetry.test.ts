import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import type { ResultOf } from '../../electron/shared/ipc/api';
import { installFakeGarage } from './fake-garage';
import { deferred, liveMeta, staleMeta, telemetry, vehicle } from './fixtures';
import { clock, vehicleList } from '../../renderer/src/lib/stores';

const car = vehicle(1);

describe('telemetry panel', () => {
  it('shows a skeleton while loading', async () => {
    const gate = deferred<ResultOf<'vehicles.telemetryConfig'>>();
    installFakeGarage({
      'vehicles.telemetryConfig': () => gate.promise,
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    expect(screen.getByRole('status').textContent).toContain('Loading telemetry configuration');
    gate.resolve({ ok: true, value: telemetry(), ...liveMeta });
    expect(await screen.findByText('Synced')).toBeTruthy();
  });

  it('shows states, endpoint, expiry, alerts, a sortable field table and the raw JSON', async () => {
    // Read seconds ago by the window's clock: "Live" (older, it would say its age).
    clock.set(Date.parse(liveMeta.fetchedAt) + 5_000);
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({
        ok: true,
        value: telemetry({}, { synced: false, update_available: true }),
        ...liveMeta,
      }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    expect(await screen.findByText('Not synced yet')).toBeTruthy();
    expect(screen.getByText('Update available')).toBeTruthy();
    expect(screen.getByText('telemetry.example')).toBeTruthy();
    expect(screen.getByText('4443')).toBeTruthy();
    expect(screen.getByText(/expires in (199|200) days/)).toBeTruthy();
    expect(screen.getByText('service')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();

    const table = screen.getByRole('table');
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => (r as HTMLTableRowElement).cells[0]!.textContent);
    expect(names()).toEqual(['BatteryLevel', 'Gear', 'Odometer']);
    await fireEvent.click(within(table).getByRole('button', { name: /Interval/ }));
    expect(names()).toEqual(['Gear', 'BatteryLevel', 'Odometer']);
    expect(within(table).getAllByRole('columnheader')[1]!.getAttribute('aria-sort')).toBe('ascending');
    await fireEvent.click(within(table).getByRole('button', { name: /Interval/ }));
    expect(names()).toEqual(['Odometer', 'BatteryLevel', 'Gear']);

    const show = screen.getByRole('button', { name: 'Show raw JSON' });
    await fireEvent.click(show);
    expect(show.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: /Raw JSON/ }).textContent).toContain(
      '"hostname": "telemetry.example"',
    );
  });

  it('warns when the certificate expires within 30 days', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({
        ok: true,
        value: telemetry({ exp: Math.floor(Date.now() / 1000) + 10 * 86_400 + 60 }),
        ...liveMeta,
      }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    expect(await screen.findByText('Warning: expires in 10 days')).toBeTruthy();
  });

  it('shows the empty field map as an empty state', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry({ fields: {} }), ...liveMeta }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    expect(await screen.findByText('No telemetry fields configured')).toBeTruthy();
  });

  // Whether this read makes the service unreachable is main's to say (its connection feed, from the
  // read's stale network copy: test/unit/events/change-feeds.test.ts); the panel shows the copy.
  it('shows cached data with the offline banner', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry(), ...staleMeta }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    vehicleList.selectedVin = car.vin;
    render(TelemetryPanel, { props: { vehicle: car } });
    expect(await screen.findByText(/^Offline: saved copy from .+ \(\d+ days? old\)\.$/)).toBeTruthy();
    // The banner says it, with why and how old; no badge says it a second time.
    expect(screen.queryByText('Offline copy')).toBeNull();
  });

  it('shows an error in plain words and retries with a refresh', async () => {
    let calls = 0;
    const { calls: log } = installFakeGarage({
      'vehicles.telemetryConfig': () =>
        ++calls === 1
          ? { ok: false, error: { kind: 'vehicle_offline', message: 'Vehicle is offline', status: 408 } }
          : { ok: true, value: telemetry(), ...liveMeta },
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    expect((await screen.findByRole('alert')).textContent).toContain('offline or asleep');
    await fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Synced')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh telemetry' }));
    await waitFor(() =>
      expect(log.filter((c) => c.operation === 'vehicles.telemetryConfig').at(-1)?.args).toEqual([
        car.vin,
        { refresh: true },
      ]),
    );
  });

  it('offers no retry where a retry cannot help', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({
        ok: false,
        error: { kind: 'unauthorized', message: 'Invalid access token', status: 401 },
      }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    expect((await screen.findByRole('alert')).textContent).toContain('Replace it in Settings');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
