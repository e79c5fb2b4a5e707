// Behaviour added in the review pass: errors said once, toasts that stay small and out of the way,
// command outcomes that survive a tab switch, sends blocked while offline, the certificate warning.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import ToastRegion from '../../renderer/src/components/common/ToastRegion.svelte';
import CommandsPanel from '../../renderer/src/components/vehicle/CommandsPanel.svelte';
import PlateAndTagsPanel from '../../renderer/src/components/vehicle/PlateAndTagsPanel.svelte';
import TelemetryPanel from '../../renderer/src/components/vehicle/TelemetryPanel.svelte';
import { describeError, explain } from '../../renderer/src/lib/errors';
import { MAX_TOASTS } from '../../renderer/src/lib/toasts.svelte';
import { installFakeGarage } from './fake-garage';
import { deferred, fleet, liveMeta, telemetry, vehicle } from './fixtures';
import { commandRuns, connection, garage, toasts } from '../../renderer/src/lib/stores';

const car = vehicle(1, { nickname: 'Loaner' });
const list = { 'vehicles.list': () => ({ ok: true, value: [] }) };

beforeEach(() => {
  garage.reset();
  garage.loading = false;
  connection.unreachable = null;
  commandRuns.reset();
  toasts.clear();
});

describe('errors in plain words, said once', () => {
  it('shows only the service message when it already says what the headline says', () => {
    const offline = {
      kind: 'vehicle_offline' as const,
      message:
        'The vehicle is offline or asleep and could not be woken (408). Try again when it has connectivity.',
    };
    expect(explain(offline)).toEqual({ headline: offline.message, detail: null });
    expect(describeError(offline)).toBe(offline.message);
  });

  it('keeps the headline when the message adds something else', () => {
    expect(explain({ kind: 'not_found', message: 'Unknown drive' })).toEqual({
      headline: 'Not found on the service.',
      detail: 'Unknown drive',
    });
    expect(explain({ kind: 'network', message: 'Error: x\n    at foo (a.js:1:1)' }).detail).toBe('Error: x');
    expect(explain({ kind: 'internal', message: '    at foo (a.js:1:1)' }).detail).toBeNull();
  });
});

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('shows at most three, in a polite status region, without taking focus, and leaves on its own', async () => {
    vi.useFakeTimers();
    render(ToastRegion);
    const before = document.activeElement;
    for (let i = 1; i <= 5; i++) toasts.show(`Notice ${i}`, 'success');
    await vi.advanceTimersByTimeAsync(0);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(within(region).getAllByRole('button', { name: 'Dismiss notice' })).toHaveLength(MAX_TOASTS);
    expect(region.textContent).toContain('Notice 5');
    expect(region.textContent).not.toContain('Notice 2');
    expect(document.activeElement).toBe(before);
    await vi.advanceTimersByTimeAsync(4100);
    expect(toasts.items).toHaveLength(0);
    toasts.show('Could not save', 'error');
    await vi.advanceTimersByTimeAsync(4100);
    expect(toasts.items.map((t) => t.message)).toEqual(['Could not save']);
  });
});

describe('commands across tab switches', () => {
  it('keeps "Sending…" and the lock when the panel is left and opened again, then the outcome', async () => {
    const gate = deferred<unknown>();
    const { calls } = installFakeGarage({ 'vehicles.command': () => gate.promise, ...list });
    const first = render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Open charge port' }));
    first.unmount();

    render(CommandsPanel, { props: { vehicle: car } });
    const button = screen.getByRole('button', { name: 'Open charge port' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(await screen.findByText('Sent; waiting for the vehicle to finish…')).toBeTruthy();
    await fireEvent.click(button);
    expect(calls.filter((c) => c.operation === 'vehicles.command')).toHaveLength(1);
    gate.resolve({ ok: true, value: { result: false, reason: 'not_supported' } });
    expect(
      await screen.findByText('The vehicle did not do it: this vehicle does not support it (not_supported)'),
    ).toBeTruthy();
  });

  it('says "accepted" rather than "done" when it did not wait for the vehicle', async () => {
    installFakeGarage({ 'vehicles.command': () => ({ ok: true, value: { result: true } }), ...list });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Wait for completion' }));
    expect(screen.getByText(/the vehicle may not have done it yet/)).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Open charge port' }));
    expect(
      await screen.findByText('Charge port opened: accepted by the service, not waited for the vehicle'),
    ).toBeTruthy();
  });

  it('sends nothing when the service went away while the confirmation was open', async () => {
    const { calls } = installFakeGarage({
      'vehicles.command': () => ({ ok: true, value: { result: true } }),
      ...list,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Enable valet mode' }));
    connection.unreachable = { kind: 'network', reason: 'refused', since: new Date().toISOString() };
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable valet mode' }),
    );
    expect(calls.filter((c) => c.operation === 'vehicles.command')).toHaveLength(0);
  });
});

describe('plate and drive tags while the service is unreachable', () => {
  it('disables the sends, says why and offers a check', async () => {
    const { calls } = installFakeGarage({ ...list });
    connection.unreachable = {
      kind: 'network',
      reason: 'Connection refused',
      since: new Date().toISOString(),
    };
    render(PlateAndTagsPanel, { props: { vehicle: car } });
    expect(
      screen.getByText('Plate and drive tags are disabled: the service cannot be reached.'),
    ).toBeTruthy();
    for (const name of ['Set plate', 'Clear plate', 'Tag drives']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Check connection' })).toBeTruthy();
    expect(calls.filter((c) => c.operation.startsWith('vehicles.set'))).toHaveLength(0);
  });
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

describe('bulk options', () => {
  it('uses the same options fields as a single command and says what is wrong with a value', async () => {
    installFakeGarage({});
    garage.vehicles = fleet(2);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('checkbox', { name: /Car 100/ }));
    // Three choices, so no value outside them can be entered.
    const attempts = screen.getByRole('group', { name: 'Max attempts' });
    expect(
      within(attempts)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3']);
    expect((within(attempts).getByRole('radio', { name: '3' }) as HTMLInputElement).checked).toBe(true);
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Charge limit (%)' }), {
      target: { value: '101' },
    });
    expect(screen.getAllByText('Charge limit must be between 50 and 100 %').length).toBeGreaterThan(0);
  });

  it('disables the run while the service is unreachable, with the reason', async () => {
    installFakeGarage({});
    garage.vehicles = fleet(2);
    connection.unreachable = {
      kind: 'network',
      reason: 'Connection refused',
      since: new Date().toISOString(),
    };
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('checkbox', { name: /Car 100/ }));
    expect(screen.getByText('Bulk runs are disabled: the service cannot be reached.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Run on 1 vehicle' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });
});
