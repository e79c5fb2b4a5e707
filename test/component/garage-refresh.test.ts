import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import { REFRESH_CONCURRENCY } from '../../renderer/src/lib/garage-refresh';
import { installFakeGarage, type Responder } from './fake-garage';
import { deferred, fleet } from './fixtures';
import { garage, garageRefresh } from '../../renderer/src/lib/stores';

const state = { vin: 'x', state: 'online' };
const live = { ok: true, value: state, source: 'live', fetchedAt: new Date().toISOString(), asOf: null };

function mount(count: number, onState: Responder) {
  const fake = installFakeGarage({
    'audit.list': () => ({ ok: true, value: [] }),
    'vehicles.state': onState,
    'vehicles.list': () => ({ ok: true, value: garage.vehicles }),
  });
  garage.vehicles = fleet(count);
  garage.loading = false;
  render(GarageSidebar);
  return fake;
}

const stateCalls = (calls: { operation: string; args: unknown[] }[]) =>
  calls.filter((c) => c.operation === 'vehicles.state');

describe('Refresh garage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    garage.reset();
    garageRefresh.reset();
  });

  it('reads each vehicle once from the service copy (never waking it), with a progress bar, then says how it ended', async () => {
    const gates = Array.from({ length: 3 }, () => deferred<unknown>());
    let n = 0;
    const { calls } = mount(3, () => gates[n++]!.promise);
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh garage' }));
    const bar = screen.getByRole('progressbar', { name: 'Refreshing the garage' });
    expect(bar.getAttribute('max')).toBe('3');
    expect(screen.getByText('0 of 3 read')).toBeTruthy();
    gates[0]!.resolve(live);
    await waitFor(() => expect(screen.getByText('1 of 3 read')).toBeTruthy());
    gates[1]!.resolve(live);
    gates[2]!.resolve({ ...live, source: 'cache', stale: { kind: 'network', message: 'No connection.' } });
    expect(await screen.findByText(/Refreshed 2 of 3 vehicles at .*; 1 failed/)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(stateCalls(calls).map((c) => c.args[1])).toEqual([
      { refresh: true },
      { refresh: true },
      { refresh: true },
    ]);
    expect(new Set(stateCalls(calls).map((c) => c.args[0])).size).toBe(3);
    // The rows follow main's events for each vehicle read: the list is never read again for them.
    expect(calls.some((c) => c.operation === 'vehicles.list')).toBe(false);
    await fireEvent.click(screen.getByRole('button', { name: 'Show failed vehicles' }));
    const failed = screen.getByRole('list', { name: 'Vehicles not refreshed' });
    expect(failed.textContent).toMatch(/Car 102.*No connection\./);
  });

  it('by choice also reads each vehicle’s alerts and telemetry, so the list can show them; a failed one counts', async () => {
    const fake = installFakeGarage({
      'audit.list': () => ({ ok: true, value: [] }),
      'vehicles.state': () => live,
      'vehicles.firmwareAlerts': ([vin]) =>
        vin === garage.vehicles[1]!.vin
          ? { ok: false, error: { kind: 'server_error', message: 'The service failed (500).' } }
          : { ...live, value: { results: [] } },
      'vehicles.telemetryConfig': () => ({ ...live, value: {} }),
      'vehicles.list': () => ({ ok: true, value: garage.vehicles }),
    });
    garage.vehicles = fleet(3);
    garage.loading = false;
    render(GarageSidebar);
    // Without the choice, one read a vehicle.
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh garage' }));
    expect(await screen.findByText(/Refreshed 3 of 3 vehicles/)).toBeTruthy();
    expect(
      fake.calls.filter(
        (c) =>
          c.operation !== 'vehicles.state' &&
          c.operation.startsWith('vehicles.') &&
          c.operation !== 'vehicles.list',
      ),
    ).toEqual([]);

    await fireEvent.click(screen.getByRole('checkbox', { name: /Also alerts and certificates/ }));
    fake.calls.length = 0;
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh garage' }));
    expect(await screen.findByText(/Refreshed 2 of 3 vehicles at .*; 1 failed/)).toBeTruthy();
    const reads = (operation: string) =>
      fake.calls.filter((c) => c.operation === operation).map((c) => [c.args[0], c.args[1]]);
    const vins = garage.vehicles.map((v) => v.vin);
    expect(reads('vehicles.state')).toEqual(vins.map((vin) => [vin, { refresh: true }]));
    expect(reads('vehicles.firmwareAlerts')).toEqual(vins.map((vin) => [vin, { refresh: true }]));
    // The vehicle whose alerts failed is not read further; the others' certificates are.
    expect(reads('vehicles.telemetryConfig')).toEqual(
      [vins[0], vins[2]].map((vin) => [vin, { refresh: true }]),
    );
  });

  it('Cancel stops sending: only the reads already under way finish', async () => {
    const gate = deferred<unknown>();
    const { calls } = mount(20, () => gate.promise);
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh garage' }));
    await waitFor(() => expect(stateCalls(calls)).toHaveLength(REFRESH_CONCURRENCY));
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel refresh' }));
    gate.resolve(live);
    expect(
      await screen.findByText(
        `Cancelled: ${REFRESH_CONCURRENCY} of 20 refreshed, ${20 - REFRESH_CONCURRENCY} vehicles not read`,
      ),
    ).toBeTruthy();
    expect(stateCalls(calls)).toHaveLength(REFRESH_CONCURRENCY);
  });

  it('waits out a rate-limit answer, says so, and reads that vehicle again', async () => {
    let n = 0;
    const { calls } = mount(2, () =>
      ++n === 1
        ? {
            ok: false,
            error: { kind: 'rate_limited', message: 'Too many requests.', status: 429, retryAfterSeconds: 1 },
          }
        : live,
    );
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh garage' }));
    expect(await screen.findByText(/Waiting for the service's rate limit \([12] s\)/)).toBeTruthy();
    expect(await screen.findByText(/Refreshed 2 of 2 vehicles/, {}, { timeout: 5_000 })).toBeTruthy();
    expect(stateCalls(calls)).toHaveLength(3);
  });

  it('stops at once when the token is refused: every other read would fail the same way', async () => {
    const { calls } = mount(10, () => ({
      ok: false,
      error: { kind: 'unauthorized', message: 'The service refused the access token.', status: 401 },
    }));
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh garage' }));
    expect(await screen.findByText(/Stopped after \d+ of 10: .*refused the access token/)).toBeTruthy();
    expect(stateCalls(calls).length).toBeLessThanOrEqual(REFRESH_CONCURRENCY);
  });
});
