// Offline is said once, where the technician looks: the status strip never says "Awake" as if current
// while the service cannot be reached, says when "Refresh status" failed, the Commands tab says the
// reason once, and the dry run never calls a car "Ready" that will not take the command.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import StatusStrip from '../../renderer/src/components/vehicle/StatusStrip.svelte';
import { planBulk } from '../../renderer/src/lib/bulk-plan';
import { COMMANDS } from '../../electron/shared/commands';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';
import { glanced } from './glance-fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';
import { connection, vehicleList, vehicleStates } from '../../renderer/src/lib/stores';

const car = vehicle(1, { nickname: 'Loaner' });

beforeEach(() => {
  vehicleList.loading = false;
});

/** Main says three times that the service could not be reached (its connection.changed events). */
function goOffline(): void {
  for (let i = 0; i < 3; i++)
    connection.apply({ online: false, message: 'connect ECONNREFUSED 127.0.0.1:1' });
}

describe('offline, the status strip', () => {
  it('does not say "Awake" as current, gives the age of what it shows, and says why Refresh failed', async () => {
    let fail = false;
    installFakeGarage({
      'vehicles.state': () =>
        fail
          ? { ok: false, error: { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:1' } }
          : stateAnswer(carState()),
      'vehicles.telemetryConfig': () => ({
        ok: false,
        error: { kind: 'network', message: 'connect ECONNREFUSED' },
      }),
      ...emptyGarage,
    });
    await vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    const strip = screen.getByRole('region', { name: 'Status' });
    expect(within(strip).getByText('Awake')).toBeTruthy();

    fail = true;
    await fireEvent.click(within(strip).getByRole('button', { name: 'Refresh status' }));
    expect(await within(strip).findByRole('alert')).toBeTruthy();
    expect(within(strip).getByRole('alert').textContent).toMatch(/^Refresh failed: /);
    goOffline();
    await within(strip).findByText(/^Last known: Awake, .+ ago$/);
    expect(within(strip).queryByText('Awake')).toBeNull();
    expect(within(strip).queryByText(/Live/)).toBeNull();
    expect(within(strip).getByText(/the service cannot be reached now/)).toBeTruthy();
  });
});

describe('a refresh that fell back on the saved copy', () => {
  it("says main's reason once inside its own sentence, with one full stop", async () => {
    installFakeGarage({
      'vehicles.state': () => ({
        ...stateAnswer(carState()),
        source: 'cache',
        stale: {
          kind: 'network',
          message:
            'The host name api.example could not be found (DNS, ENOTFOUND) while reading the state. Check the base URL and the network.',
        },
      }),
      ...emptyGarage,
    });
    await vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    const strip = screen.getByRole('region', { name: 'Status' });
    const said = within(strip).getByText(/^Refresh failed: The host name/).textContent!;
    expect(said).toContain('Check the base URL and the network. Showing the saved copy.');
    expect(said).not.toContain('..');
  });
});

describe('offline, the Commands tab', () => {
  it('says the error once, not once per failure seen', async () => {
    installFakeGarage({ 'vehicles.state': () => stateAnswer(carState()), ...emptyGarage });
    render(CommandsPanel, { props: { vehicle: car } });
    goOffline();
    const notice = (await screen.findByText('Commands are disabled: the service cannot be reached.')).closest(
      '.banner',
    ) as HTMLElement;
    const text = notice.textContent ?? '';
    expect(text.match(/ECONNREFUSED/g)).toHaveLength(1);
    expect(text).toMatch(/Seen at .+, .+ and .+: connect ECONNREFUSED 127\.0\.0\.1:1\./);
  });
});

describe('the dry run', () => {
  const spec = COMMANDS.set_charge_limit;
  const shared = { waitForCompletion: true, maxAttempts: 3 };

  it('skips a car the service last reported offline, however long ago, and says why', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const offline = glanced(1, { sleep: 'offline' }, now - 3 * 3_600_000);
    const [entry] = planBulk([offline], spec, 80, shared, { now });
    expect(entry!.problem).toBe(
      'Offline (reported 3 hours ago): the service cannot reach it. Refresh its state to include it.',
    );
  });

  it('shows no car as "Ready" while the service cannot be reached, and the notice stays in view', async () => {
    installFakeGarage({});
    vehicleList.vehicles = [vehicle(100), glanced(101, { sleep: 'offline' }, Date.now() - 60_000)];
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('checkbox', { name: /Car 100/ }));
    await fireEvent.click(screen.getByRole('checkbox', { name: /Car 101/ }));
    const table = screen.getByRole('table', { name: 'Dry run' });
    expect(within(table).getAllByText('Ready')).toHaveLength(1);
    expect(within(table).getByText(/^Offline \(reported 1 minute ago\)/)).toBeTruthy();
    goOffline();
    await screen.findByText('Bulk runs are disabled: the service cannot be reached.');
    expect(within(table).queryByText('Ready')).toBeNull();
    expect(within(table).getAllByText(/^Not sendable now: the service cannot be reached/)).toHaveLength(2);
  });
});
