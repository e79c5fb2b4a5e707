// Sending from the vehicle view and the bulk view: a command's "Sending…" and outcome survive a tab
// switch, "accepted" is not "done", nothing is sent (plate, tags, a confirmed command, a bulk run)
// while the service is unreachable, and bulk options use the single command's fields and checks.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import PlateAndTagsPanel from '../../renderer/src/components/vehicle/plate-and-tags/PlateAndTagsPanel.svelte';
import { connection } from '../../renderer/src/lib/stores';
import { vehicleList } from '../../renderer/src/lib/stores';
import type { ResultOf } from '../../electron/shared/ipc/api';
import { installFakeGarage } from './fake-garage';
import { deferred, emptyGarage, fleet, vehicle } from './fixtures';

const car = vehicle(1, { nickname: 'Loaner' });

beforeEach(() => {
  vehicleList.loading = false;
});

describe('commands across tab switches', () => {
  it('keeps "Sending…" and the lock when the panel is left and opened again, then the outcome', async () => {
    const gate = deferred<ResultOf<'vehicles.command'>>();
    const { calls } = installFakeGarage({ 'vehicles.command': () => gate.promise, ...emptyGarage });
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
    installFakeGarage({ 'vehicles.command': () => ({ ok: true, value: { result: true } }), ...emptyGarage });
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
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Enable valet mode' }));
    connection.apply({ online: false, message: 'refused' });
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable valet mode' }),
    );
    expect(calls.filter((c) => c.operation === 'vehicles.command')).toHaveLength(0);
  });
});

describe('plate and drive tags while the service is unreachable', () => {
  it('disables the sends, says why and offers a check', async () => {
    const { calls } = installFakeGarage({ ...emptyGarage });
    connection.apply({ online: false, message: 'Connection refused' });
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

describe('bulk options', () => {
  it('uses the same options fields as a single command and says what is wrong with a value', async () => {
    installFakeGarage({});
    vehicleList.vehicles = fleet(2);
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
    vehicleList.vehicles = fleet(2);
    connection.apply({ online: false, message: 'Connection refused' });
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('checkbox', { name: /Car 100/ }));
    expect(screen.getByText('Bulk runs are disabled: the service cannot be reached.')).toBeTruthy();
    // Nothing is "Ready" while the service cannot be reached: the dry run says why, the run sends none.
    expect(screen.getByText(/^Not sendable now: the service cannot be reached/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /^Run on 0 vehicles/ }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });
});
