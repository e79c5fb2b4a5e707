// A bulk run the app was killed in: main says which vehicles were sent with no answer recorded
// ("outcome unknown"). The bar names them apart from the failed and the not sent: "Retry" leaves them
// out, and only their own button, the technician's explicit choice, sends to them again.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import { installFakeRuns } from './fake-runs';
import { fleet } from './fixtures';
import { vehicleList } from '../../renderer/src/lib/stores';

const UNKNOWN_OUTCOME = 'Sent, but the app stopped before its answer was recorded: check its History.';

describe('a bulk run with vehicles whose outcome is unknown', () => {
  beforeEach(() => {
    vehicleList.loading = false;
  });

  it('shows them as such, keeps them out of Retry, and sends to them only by their own button', async () => {
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    const cars = fleet(3);
    vehicleList.vehicles = cars;
    const run = fake.add(
      'bulk-command',
      cars.map((car) => car.vin),
    );
    fake.update(run.id, (r) => {
      r.command = { name: 'set_charge_limit', options: { percent: 80 } };
      r.items[0]!.status = 'succeeded';
      Object.assign(r.items[1]!, { status: 'unknown', message: UNKNOWN_OUTCOME });
      Object.assign(r.items[2]!, { status: 'not-sent', message: 'Not sent: the app quit before its turn.' });
      r.state = 'interrupted';
      r.endedAt = new Date().toISOString();
    });
    render(BulkActionsView);
    await screen.findByText('Stopped when the app quit: 1 sent, 1 outcome unknown, 1 not sent');
    expect(screen.getByText('Sent, outcome unknown')).toBeTruthy();
    expect(screen.getByText(UNKNOWN_OUTCOME)).toBeTruthy();
    // Retry counts only the vehicle never sent.
    expect(screen.getByRole('button', { name: 'Send to the 1 not sent' })).toBeTruthy();
    await fireEvent.click(
      screen.getByRole('button', { name: 'Send again, including the 1 with an unknown outcome' }),
    );
    expect(fake.calls.filter((c) => c.operation === 'runs.retryFailed').map((c) => c.args)).toEqual([
      [run.id, { includeUnknown: true }],
    ]);
  });
});
