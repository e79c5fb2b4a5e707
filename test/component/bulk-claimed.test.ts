// Shop mode: a bulk run skips the cars other technicians hold and says so in the dry run, by name
// and time; "Include claimed cars" sends to them too, and the run asks main to record each override.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClaimView } from '../../electron/shared/shop';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import { formatDateTime } from '../../renderer/src/lib/format';
import { shop, vehicleList } from '../../renderer/src/lib/stores';
import { installFakeRuns } from './fake-runs';
import { fleet } from './fixtures';

const SINCE = '2026-11-25T08:30:00.000Z';

function claim(vin: string, claimedBy: string, mine: boolean): ClaimView {
  return {
    vin,
    claimedBy,
    machine: 'bay-1',
    note: null,
    since: SINCE,
    expiresAt: '2026-11-25T16:30:00.000Z',
    expired: false,
    mine,
  };
}

describe('bulk runs and claimed cars', () => {
  beforeEach(() => {
    vehicleList.loading = false;
  });

  const dryRow = (vin: string) =>
    within(screen.getByRole('table', { name: 'Dry run' }))
      .getByText(vin)
      .closest('tr')!;

  async function pickAll() {
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    const cars = fleet(3);
    vehicleList.vehicles = cars;
    // Car 0 is Ana's, car 1 is this technician's own claim, car 2 is free.
    shop.claims = new Map([
      [cars[0]!.vin, claim(cars[0]!.vin, 'Ana', false)],
      [cars[1]!.vin, claim(cars[1]!.vin, 'Ben', true)],
    ]);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    return { fake, cars };
  }

  it('skips a car another technician holds, says who and since when, and main is told to skip it', async () => {
    const { fake, cars } = await pickAll();
    const reason = `Skipped: claimed by Ana since ${formatDateTime(SINCE)}.`;
    const row = dryRow(cars[0]!.vin);
    expect(within(row).getByText('Will be skipped')).toBeTruthy();
    expect(row.textContent).toContain(reason);
    // One's own claim never holds one back.
    expect(within(dryRow(cars[1]!.vin)).getByText('Ready')).toBeTruthy();
    expect(screen.getByText(/will be sent to 2 of 3 vehicles/)).toBeTruthy();
    const include = screen.getByRole('checkbox', { name: 'Include claimed cars' }) as HTMLInputElement;
    expect(include.checked).toBe(false);

    await fireEvent.click(screen.getByRole('button', { name: 'Run on 2 vehicles' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Run bulk action' }),
    );
    const start = fake.calls.find((c) => c.operation === 'runs.startBulkCommand')!;
    const input = start.args[0] as { items: unknown[]; includeClaimed?: boolean };
    expect(input.includeClaimed).toBeUndefined();
    expect(input.items[0]).toEqual({ vin: cars[0]!.vin, skip: { reason: 'claimed', message: reason } });
    expect(input.items.slice(1)).toEqual([{ vin: cars[1]!.vin }, { vin: cars[2]!.vin }]);
    // The results say it too, as main reports it.
    expect(await screen.findAllByText(reason)).not.toHaveLength(0);
  });

  it('sends to claimed cars only when the technician includes them, and says the confirmation is recorded', async () => {
    const { fake, cars } = await pickAll();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Include claimed cars' }));
    const row = dryRow(cars[0]!.vin);
    expect(within(row).getByText('Ready')).toBeTruthy();
    expect(row.textContent).toContain('Sent anyway: claimed by Ana');
    await fireEvent.click(screen.getByRole('button', { name: 'Run on 3 vehicles' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toMatch(/1 of them is claimed by another technician: your\s+confirmation/);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Run bulk action' }));
    const start = fake.calls.find((c) => c.operation === 'runs.startBulkCommand')!;
    expect(start.args[0]).toMatchObject({
      includeClaimed: true,
      items: cars.map((car) => ({ vin: car.vin })),
    });
  });
});
