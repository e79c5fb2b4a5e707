import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import { installFakeGarage } from './fake-garage';
import { deferred, fleet } from './fixtures';
import { bulkRun, connection, garage } from '../../renderer/src/lib/stores';

describe('bulk actions', () => {
  beforeEach(() => {
    garage.reset();
    garage.loading = false;
    connection.reset();
    bulkRun.reset();
  });

  it('says to add vehicles when the garage is empty', () => {
    installFakeGarage({});
    render(BulkActionsView);
    expect(screen.getByText('No vehicles in the garage')).toBeTruthy();
  });

  it('shows a dry run with entries that fail validation', async () => {
    installFakeGarage({});
    garage.vehicles = fleet(3);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('checkbox', { name: /Car 100/ }));
    await fireEvent.click(screen.getByRole('checkbox', { name: /Car 101/ }));
    expect(screen.getByText(/will be sent to 2 of 2 vehicles/)).toBeTruthy();
    expect(
      screen.getAllByText(/Set charge limit \(charge limit 80 %, wait for completion, up to 3 attempts\)/),
    ).toHaveLength(2);
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Charge limit (%)' }), {
      target: { value: '101' },
    });
    expect(screen.getAllByText('Will be skipped')).toHaveLength(2);
    expect((screen.getByRole('button', { name: 'Run on 0 vehicles' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('runs with bounded concurrency, cancels a queued vehicle, and reports each result', async () => {
    const gates = new Map<string, ReturnType<typeof deferred<unknown>>>();
    const sent: string[] = [];
    installFakeGarage({
      'vehicles.command': ([vin]) => {
        sent.push(vin as string);
        const gate = deferred<unknown>();
        gates.set(vin as string, gate);
        return gate.promise;
      },
      'vehicles.list': () => ({ ok: true, value: garage.vehicles }),
    });
    garage.vehicles = fleet(3);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Command to send' }), {
      target: { value: 'close_windows' },
    });
    await fireEvent.change(screen.getByRole('combobox', { name: 'Vehicles at a time' }), {
      target: { value: '1' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Run on 3 vehicles' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Run bulk action' }),
    );

    await waitFor(() => expect(sent).toHaveLength(1));
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel Car 102' }));
    gates.get(sent[0]!)!.resolve({ ok: true, value: { result: true } });
    await waitFor(() => expect(sent).toHaveLength(2));
    gates.get(sent[1]!)!.resolve({ ok: true, value: { result: false, reason: 'not supported' } });
    await waitFor(() => expect(screen.getByText(/3 of 3 finished/)).toBeTruthy());
    expect(sent).toHaveLength(2);
    const rows = screen.getAllByRole('table').at(-1)!.querySelectorAll<HTMLTableRowElement>('tbody tr');
    expect([...rows].map((r) => r.cells[2]!.textContent?.trim())).toEqual([
      'Success',
      'Failed',
      'Cancelled, not sent',
    ]);
    expect((screen.getByRole('progressbar', { name: 'Progress' }) as HTMLProgressElement).value).toBe(3);
  });

  it('cancel run stops every send not yet started', async () => {
    const gates: ReturnType<typeof deferred<unknown>>[] = [];
    installFakeGarage({
      'vehicles.command': () => {
        const gate = deferred<unknown>();
        gates.push(gate);
        return gate.promise;
      },
      'vehicles.list': () => ({ ok: true, value: garage.vehicles }),
    });
    garage.vehicles = fleet(6);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Command to send' }), {
      target: { value: 'open_charge_port' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Run on 6 vehicles' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Run bulk action' }),
    );
    await waitFor(() => expect(gates).toHaveLength(4));
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    gates.forEach((g) => g.resolve({ ok: true, value: { result: true } }));
    await waitFor(() => expect(screen.getByText(/6 of 6 finished/)).toBeTruthy());
    expect(gates).toHaveLength(4);
    expect(screen.getAllByText('Cancelled, not sent')).toHaveLength(2);
  });
});
