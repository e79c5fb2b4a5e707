import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import { installFakeGarage } from './fake-garage';
import { installFakeRuns } from './fake-runs';
import { fleet } from './fixtures';
import { vehicleList } from '../../renderer/src/lib/stores';

describe('bulk actions', () => {
  beforeEach(() => {
    vehicleList.loading = false;
  });

  it('says to add vehicles when the garage is empty', () => {
    installFakeGarage({});
    render(BulkActionsView);
    expect(screen.getByText('No vehicles in the garage')).toBeTruthy();
  });

  it('shows a dry run with entries that fail validation', async () => {
    installFakeGarage({});
    vehicleList.vehicles = fleet(3);
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

  it('starts the run in main with the dry run, shows what main reports, cancels one vehicle through main', async () => {
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    const cars = fleet(3);
    vehicleList.vehicles = cars;
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Vehicles at a time' }), {
      target: { value: '1' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Run on 3 vehicles' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Run bulk action' }),
    );

    // One call starts it: main sends, paces and keeps the results.
    const start = fake.calls.find((c) => c.operation === 'runs.startBulkCommand')!;
    expect(start.args[0]).toEqual({
      command: {
        name: 'set_charge_limit',
        options: { percent: 80, waitForCompletion: true, maxAttempts: 3 },
      },
      items: cars.map((car) => ({ vin: car.vin })),
      concurrency: 1,
    });
    expect(fake.calls.filter((c) => c.operation === 'service.command')).toHaveLength(0);
    const run = fake.last();
    fake.update(run.id, (r) => {
      r.items[0]!.status = 'sending';
      r.items[0]!.phase = 'sending';
    });
    await screen.findByText('Sending…');
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel Car 102' }));
    expect(fake.calls.filter((c) => c.operation === 'runs.cancelItem').map((c) => c.args)).toEqual([
      [run.id, cars[2]!.vin],
    ]);
    fake.update(run.id, (r) => {
      Object.assign(r.items[0]!, {
        status: 'succeeded',
        woke: true,
        effect: { value: 80, text: 'now 80 %', confirmed: true, asOf: null },
      });
      Object.assign(r.items[1]!, { status: 'failed', message: 'The vehicle did not do it: not supported' });
      r.state = 'completed';
      r.endedAt = new Date().toISOString();
    });
    await screen.findByText('Completed: 1 succeeded, 1 failed, 1 not sent');
    const rows = screen.getAllByRole('table').at(-1)!.querySelectorAll<HTMLTableRowElement>('tbody tr');
    expect([...rows].map((r) => r.cells[2]!.textContent?.trim())).toEqual(['Success', 'Failed', 'Not sent']);
    expect(rows[0]!.cells[3]!.textContent).toBe('Done (woken for it): now 80 %');
    // The bar fills with the vehicles that had their turn, not the one never sent.
    expect((screen.getByRole('progressbar', { name: 'Progress' }) as HTMLProgressElement).value).toBe(2);
    await fireEvent.click(screen.getByRole('button', { name: 'Export results (CSV)' }));
    await waitFor(() => expect(fake.calls.some((c) => c.operation === 'runs.exportResults')).toBe(true));
    await fireEvent.click(
      screen.getByRole('button', { name: 'Retry the 1 failed and send to the 1 not sent' }),
    );
    expect(fake.calls.filter((c) => c.operation === 'runs.retryFailed').map((c) => c.args)).toEqual([
      [run.id],
    ]);
  });

  it('Cancel run comes before the per-vehicle cancels, asks main, and a cancelled run never says complete', async () => {
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    vehicleList.vehicles = fleet(6);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Command to send' }), {
      target: { value: 'open_charge_port' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Run on 6 vehicles' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Run bulk action' }),
    );
    const run = fake.last();
    fake.update(run.id, (r) => {
      for (const i of [0, 1]) r.items[i]!.status = 'succeeded';
    });
    const cancelRun = await screen.findByRole('button', { name: 'Cancel run' });
    const firstItemCancel = screen.getByRole('button', { name: 'Cancel Car 102' });
    expect(
      cancelRun.compareDocumentPosition(firstItemCancel) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await fireEvent.click(cancelRun);
    expect(fake.calls.filter((c) => c.operation === 'runs.cancel').map((c) => c.args)).toEqual([[run.id]]);
    fake.update(run.id, (r) => {
      for (const it of r.items) if (it.status === 'queued') it.status = 'not-sent';
      r.state = 'cancelled';
      r.endedAt = new Date().toISOString();
    });
    await screen.findByText('Cancelled: 2 sent, 4 not sent');
    expect(screen.queryByText(/complete/i)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send to the 4 not sent' })).toBeTruthy();
    expect((screen.getByRole('progressbar', { name: 'Progress' }) as HTMLProgressElement).value).toBe(2);
  });

  it('shows a run that main kept going while the window reloaded, and follows it', async () => {
    const fake = installFakeRuns(
      { 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) },
      { connect: false },
    );
    const cars = fleet(3);
    vehicleList.vehicles = cars;
    const run = fake.add(
      'bulk-command',
      cars.map((c) => c.vin),
    );
    fake.update(run.id, (r) => (r.items[0]!.status = 'succeeded'));
    // The window (re)loads: it asks main once for the runs it kept, then follows their events.
    fake.connect();
    render(BulkActionsView);
    await screen.findByText(/1 of 3 finished/);
    fake.update(run.id, (r) => (r.items[1]!.status = 'succeeded'));
    await screen.findByText(/2 of 3 finished/);
    expect(screen.getByRole('button', { name: 'Cancel run' })).toBeTruthy();
  });
});
