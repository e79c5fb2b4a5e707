// The Bulk actions view after a run: the form shows again the run main kept (a reload), and once a
// run ended the primary action sends only to the cars not done; sending to all again is asked about,
// naming how many already succeeded.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import { installFakeRuns } from './fake-runs';
import { fleet } from './fixtures';
import { vehicleList } from '../../renderer/src/lib/stores';

describe('the Bulk actions view after a run', () => {
  beforeEach(() => {
    vehicleList.loading = false;
  });

  it('asks main for its latest run on mount and shows the form that run was started from', async () => {
    const fake = installFakeRuns(
      { 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) },
      { connect: false },
    );
    const cars = fleet(5);
    vehicleList.vehicles = cars;
    const run = fake.add('bulk-command', [cars[1]!.vin, cars[3]!.vin]);
    fake.update(run.id, (r) => {
      r.command = {
        name: 'set_charge_limit',
        options: { percent: 65, waitForCompletion: false, maxAttempts: 2 },
      };
      r.items[0]!.status = 'succeeded';
      r.concurrency = 2;
    });
    // A window that has not caught up yet: the view itself asks main.
    render(BulkActionsView);
    await waitFor(() =>
      expect((screen.getByRole('spinbutton', { name: 'Charge limit (%)' }) as HTMLInputElement).value).toBe(
        '65',
      ),
    );
    expect(fake.calls.some((c) => c.operation === 'runs.get')).toBe(true);
    const checked = screen
      .getAllByRole('checkbox')
      .filter(
        (box) => (box as HTMLInputElement).checked && /Car \d+/.test(box.closest('label')?.textContent ?? ''),
      )
      .map((box) => box.closest('label')!.textContent!.match(/Car \d+/)![0]);
    expect(checked).toEqual(['Car 101', 'Car 103']);
    expect((screen.getByRole('combobox', { name: 'Command to send' }) as HTMLSelectElement).value).toBe(
      'set_charge_limit',
    );
    expect((screen.getByRole('combobox', { name: 'Vehicles at a time' }) as HTMLSelectElement).value).toBe(
      '2',
    );
    expect((screen.getByRole('checkbox', { name: 'Wait for completion' }) as HTMLInputElement).checked).toBe(
      false,
    );
    await screen.findByText(/1 of 2 finished/);
  });

  it('after a cancelled run the primary action sends to the cars not sent; all again is confirmed', async () => {
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    vehicleList.vehicles = fleet(6);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Run on 6 vehicles' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Run bulk action' }),
    );
    const run = fake.last();
    fake.update(run.id, (r) => {
      for (const i of [0, 1, 2, 3]) r.items[i]!.status = 'succeeded';
      for (const i of [4, 5]) r.items[i]!.status = 'not-sent';
      r.state = 'cancelled';
      r.endedAt = new Date().toISOString();
    });
    await screen.findByText('Cancelled: 4 sent, 2 not sent');
    const bar = screen.getByRole('region', { name: 'Bulk run' });
    const safe = within(bar).getByRole('button', { name: 'Send to the 2 not sent' });
    const again = within(bar).getByRole('button', { name: 'Run on 6 vehicles' });
    expect(safe.classList.contains('primary')).toBe(true);
    expect(again.classList.contains('primary')).toBe(false);
    // The safe one comes first.
    expect(safe.compareDocumentPosition(again) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Sending to all six again names the four that already succeeded, and needs its own yes.
    await fireEvent.click(again);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/4 of them already succeeded in the last run/)).toBeTruthy();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls.filter((c) => c.operation === 'runs.startBulkCommand')).toHaveLength(1);

    await fireEvent.click(safe);
    expect(fake.calls.filter((c) => c.operation === 'runs.retryFailed').map((c) => c.args)).toEqual([
      [run.id],
    ]);
  });

  it('another value is a new run: the primary action is Run again', async () => {
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    vehicleList.vehicles = fleet(3);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Run on 3 vehicles' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Run bulk action' }),
    );
    fake.update(fake.last().id, (r) => {
      r.items[0]!.status = 'succeeded';
      for (const i of [1, 2]) r.items[i]!.status = 'not-sent';
      r.state = 'cancelled';
    });
    await screen.findByText('Cancelled: 1 sent, 2 not sent');
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Charge limit (%)' }), {
      target: { value: '70' },
    });
    expect(screen.getByRole('button', { name: 'Run on 3 vehicles' }).classList.contains('primary')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Send to the 2 not sent' }).classList.contains('primary')).toBe(
      false,
    );
  });
});
