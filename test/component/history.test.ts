import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HistoryPanel from '../../renderer/src/components/vehicle/history/HistoryPanel.svelte';
import type { ResultOf } from '../../electron/shared/ipc/api';
import { installFakeGarage } from './fake-garage';
import { deferred, ok, vehicle } from './fixtures';
import { jobFixture } from '../support/job-fixture';
import { connectStores, toasts } from '../../renderer/src/lib/stores';

const car = vehicle(1);

function entry(
  id: string,
  time: string,
  operation: string,
  outcome: 'success' | 'failed' | 'error',
  extra = {},
) {
  return {
    id,
    time,
    profileId: 'demo',
    profileName: 'Demo',
    vin: car.vin,
    operation,
    params: {},
    outcome,
    durationMs: 1200,
    ...extra,
  };
}

describe('history panel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists entries newest first with outcome and reason', async () => {
    installFakeGarage({
      'audit.list': () => ({
        ok: true,
        value: [
          entry('a', '2026-11-20T10:00:00Z', 'command:set_charge_limit', 'success', {
            params: { waitForCompletion: true, maxAttempts: 3, percent: 80 },
            durationMs: 340,
          }),
          entry('b', '2026-11-21T10:00:00Z', 'command:close_windows', 'failed', { reason: 'not_supported' }),
          entry('c', '2026-11-19T10:00:00Z', 'setPlate', 'error', {
            errorKind: 'network',
            params: { plate: 'BAY 4' },
          }),
          entry('d', '2026-11-18T10:00:00Z', 'setDriveTag', 'success', {
            params: { drives: '10000', tag: 'Service' },
          }),
        ],
      }),
    });
    render(HistoryPanel, { props: { vehicle: car } });
    const rows = (await screen.findAllByRole('row')).slice(1) as HTMLTableRowElement[];
    expect(rows.map((r) => r.cells[1]!.textContent)).toEqual([
      'Close windows',
      'Set charge limit',
      'Set plate',
      'Tag drives',
    ]);
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]!).getByText('this vehicle does not support it (not_supported)')).toBeTruthy();
    expect(
      within(rows[1]!).getByText('charge limit 80 %, wait for completion, up to 3 attempts'),
    ).toBeTruthy();
    expect(rows[1]!.cells[5]!.textContent).toBe('340 ms');
    expect(rows[0]!.cells[5]!.textContent).toBe('1.2 s');
    expect(within(rows[2]!).getByText('plate BAY 4')).toBeTruthy();
    expect(within(rows[2]!).getByText(/cannot be reached/)).toBeTruthy();
    expect(within(rows[3]!).getByText('drives 10000, tag Service')).toBeTruthy();
  });

  it("shows an entry main wrote while the history is open, from main's event, without reading the log again", async () => {
    const fake = installFakeGarage({
      'audit.list': () => ({
        ok: true,
        value: [entry('a', '2026-11-20T10:00:00Z', 'command:set_charge_limit', 'success')],
      }),
    });
    const disconnect = connectStores(fake.api);
    render(HistoryPanel, { props: { vehicle: car } });
    await screen.findByText('Set charge limit');
    const pushed = entry('e', '2026-11-22T10:00:00Z', 'command:close_windows', 'success');
    fake.emit({ type: 'audit.added', profileId: 'demo', vin: car.vin, id: 'e', entry: pushed });
    // Another vehicle's entry is not this history's.
    const other = {
      ...entry('f', '2026-11-23T10:00:00Z', 'command:enable_valet', 'success'),
      vin: vehicle(2).vin,
    };
    fake.emit({ type: 'audit.added', profileId: 'demo', vin: other.vin, id: 'f', entry: other });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    const rows = screen.getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(rows.map((r) => r.cells[1]!.textContent)).toEqual(['Close windows', 'Set charge limit']);
    expect(fake.calls.filter((c) => c.operation === 'audit.list')).toHaveLength(1);
    disconnect();
  });

  it('names adding and removing the vehicle, and a replaced plate, in words', async () => {
    installFakeGarage({
      'audit.list': () => ({
        ok: true,
        value: [
          entry('r', '2026-11-22T10:00:00Z', 'removeVehicle', 'success', { params: { nickname: 'Loaner' } }),
          entry('p', '2026-11-21T10:00:00Z', 'setPlate', 'success', {
            params: { plate: 'NEW 1', previousPlate: 'OLD 9' },
          }),
          entry('a', '2026-11-20T10:00:00Z', 'addVehicle', 'success'),
        ],
      }),
    });
    render(HistoryPanel, { props: { vehicle: car } });
    const rows = (await screen.findAllByRole('row')).slice(1) as HTMLTableRowElement[];
    expect(rows.map((r) => r.cells[1]!.textContent)).toEqual([
      'Remove vehicle from the garage',
      'Set plate',
      'Add vehicle to the garage',
    ]);
    expect(rows[1]!.cells[2]!.textContent).toBe('plate NEW 1; before: OLD 9');
  });

  it('says what will appear when there is no history', async () => {
    installFakeGarage({ 'audit.list': () => ({ ok: true, value: [] }) });
    render(HistoryPanel, { props: { vehicle: car } });
    expect(await screen.findByText('Nothing done to this vehicle yet')).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    installFakeGarage({
      'audit.list': () => ({ ok: false, error: { kind: 'storage', message: 'audit.log unreadable' } }),
    });
    render(HistoryPanel, { props: { vehicle: car } });
    expect((await screen.findByRole('alert')).textContent).toContain('audit.log unreadable');
  });

  it('asks main to export this vehicle only, with the dates chosen, and never receives the CSV', async () => {
    const asked: unknown[] = [];
    installFakeGarage({
      'audit.list': () => ({ ok: true, value: [] }),
      'audit.exportToFile': (filter: unknown) => {
        asked.push(filter);
        return { ok: true, value: { cancelled: false, path: '/home/tech/audit.csv', entries: 3 } };
      },
    });
    render(HistoryPanel, { props: { vehicle: car } });
    const button = screen.getByRole('button', { name: 'Export this vehicle’s history (CSV)…' });
    // No box to tick: a vehicle's own History never exports other vehicles or profiles.
    expect(screen.queryByRole('checkbox')).toBeNull();
    await fireEvent.click(button);
    await waitFor(() => expect(toasts.items.at(-1)?.message).toBe('Saved 3 entries to /home/tech/audit.csv'));
    await fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await fireEvent.click(button);
    await waitFor(() => expect(asked).toHaveLength(2));
    // The arguments of each call.
    expect(asked).toEqual([[{ vin: car.vin }], [{ vin: car.vin, from: '2026-01-01' }]]);
  });

  it('says nothing when the save dialog is cancelled', async () => {
    const dialog = deferred<ResultOf<'audit.exportToFile'>>();
    installFakeGarage({
      'audit.list': () => ({ ok: true, value: [] }),
      'audit.exportToFile': () => dialog.promise,
    });
    const before = toasts.items.length;
    render(HistoryPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Export this vehicle’s history (CSV)…' }));
    await screen.findByRole('button', { name: 'Exporting…' });
    dialog.resolve({ ok: true, value: { cancelled: true } });
    // The button comes back once the answer is handled; a toast would have been added by then.
    await screen.findByRole('button', { name: 'Export this vehicle’s history (CSV)…' });
    expect(toasts.items.length).toBe(before);
  });
});

describe('history in words', () => {
  it('says a telemetry write in words, its expiry as a date, and what each success confirmed', async () => {
    installFakeGarage({
      'audit.list': () => ({
        ok: true,
        value: [
          entry('t', '2026-11-22T10:00:00Z', 'writeTelemetryConfig', 'success', {
            params: {
              fields: { Gear: { interval_seconds: 7 }, Location: { interval_seconds: 30 } },
              before: { synced: false, exp: 1_795_000_000, fields: {} },
              after: { synced: true, exp: 1_796_083_200, fields: { Gear: { interval_seconds: 7 } } },
            },
          }),
          entry('a', '2026-11-20T10:00:00Z', 'command:set_charge_limit', 'success', {
            params: { waitForCompletion: true, percent: 80 },
          }),
        ],
      }),
      'jobs.list': () => ok([]),
    });
    render(HistoryPanel, { props: { vehicle: car } });
    const rows = (await screen.findAllByRole('row')).slice(1) as HTMLTableRowElement[];
    const telemetry = rows[0]!.textContent!;
    expect(telemetry).toContain('Gear every 7 s, Location every 30 s');
    expect(telemetry).toContain(
      `configuration expires ${new Date(1_796_083_200_000).toLocaleDateString('en-US', { dateStyle: 'medium' })}`,
    );
    expect(telemetry).not.toMatch(/[{}"]|1796083200/);
    // Details: what the service confirmed, not an empty cell.
    expect(rows[1]!.cells[4]!.textContent).toBe('Set charge limit to 80 %: done, the service confirmed');
  });

  it('lists the vehicle’s job openings, closings and notes among its entries', async () => {
    const job = jobFixture({
      vin: car.vin,
      events: [
        { time: '2026-11-20T09:00:00.000Z', kind: 'opened', technician: 'Dana Reyes' },
        { time: '2026-11-20T12:00:00.000Z', kind: 'closed', technician: 'Dana Reyes' },
      ],
      notes: [{ time: '2026-11-20T11:00:00.000Z', technician: 'Dana Reyes', text: 'Latch replaced' }],
    });
    const { calls } = installFakeGarage({
      'audit.list': () => ({
        ok: true,
        value: [entry('a', '2026-11-20T10:00:00Z', 'command:set_charge_limit', 'success', {})],
      }),
      'jobs.list': () => ok([job]),
    });
    render(HistoryPanel, { props: { vehicle: car } });
    await screen.findByText('Job RO-4711 closed');
    const rows = (screen.getAllByRole('row').slice(1) as HTMLTableRowElement[]).map((r) => [
      r.cells[1]!.textContent,
      r.cells[4]!.textContent,
    ]);
    expect(rows).toEqual([
      ['Job RO-4711 closed', ''],
      ['Note on job RO-4711', 'Latch replaced'],
      ['Set charge limit', 'Set charge limit: done, the service confirmed'],
      ['Job RO-4711 opened', 'Charges only to 80 %'],
    ]);
    expect(calls.find((c) => c.operation === 'jobs.list')?.args).toEqual([{ vin: car.vin }]);
  });
});
