// Remote start in the Commands tab, by accessible names: it says what it lets anyone at the car do,
// asks first in words that say so (no key, 2 minutes), sends nothing when the technician cancels,
// sends `remote_start` with the tab's options once confirmed and shows what the car then reports; in
// a shop, the policy's refusal shows with the offer to ask a foreman, as for an unlock.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { expect, it } from 'vitest';
import ApprovalRequests from '../../renderer/src/components/shell/ApprovalRequests.svelte';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import type { VehicleState } from '../../electron/shared/types';
import { vehicleStates } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { ok, vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';

const car = vehicle(1);

/** A car whose keyless driving follows the remote start it accepts. */
function keylessCar() {
  let started = false;
  const state = (): VehicleState => {
    const base = carState();
    return { ...base, vehicle_state: { ...base.vehicle_state!, remote_start: started } };
  };
  const fake = installFakeGarage({
    'vehicles.list': () => ok([]),
    'vehicles.status': () => ({ ok: true, value: { status: 'awake' }, source: 'live', fetchedAt: '' }),
    'vehicles.state': () => stateAnswer(state()),
    'service.command': (args) => {
      if (args[1] === 'remote_start') started = true;
      return ok({ result: true });
    },
  });
  return {
    fake,
    sent: () => fake.calls.filter((c) => c.operation === 'service.command').map((c) => c.args[1]),
  };
}

const section = () => screen.getByRole('region', { name: 'Keyless driving' });

it('asks before a remote start, saying the car can be driven without a key for 2 minutes, and sends it once confirmed', async () => {
  const lot = keylessCar();
  render(CommandsPanel, { props: { vehicle: car } });
  await waitFor(() => expect(vehicleStates.get(car.vin).state).not.toBeNull());
  expect(section().textContent).toContain(
    'Lets anyone at the car drive it without a key, if driving begins within 2 minutes.',
  );

  // Cancelled: nothing goes to main.
  await fireEvent.click(within(section()).getByRole('button', { name: 'Remote start' }));
  let dialog = screen.getByRole('dialog', { name: 'Remote start?' });
  expect(dialog.textContent).toContain(
    'Anyone at the car can then drive it away without a key for 2 minutes.',
  );
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(lot.fake.calls.some((c) => c.operation === 'runs.startVehicleCommand')).toBe(false);

  // Confirmed: sent with the tab's options, and the car's report beside the button.
  await fireEvent.click(within(section()).getByRole('button', { name: 'Remote start' }));
  dialog = screen.getByRole('dialog', { name: 'Remote start?' });
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Remote start' }));
  await within(section()).findByText('now keyless driving on, was keyless driving off');
  expect(lot.fake.calls.find((c) => c.operation === 'runs.startVehicleCommand')?.args).toEqual([
    car.vin,
    'remote_start',
    { waitForCompletion: true, maxAttempts: 3 },
  ]);
  expect(lot.sent()).toEqual(['remote_start']);
});

it("shows the shop policy's refusal with the offer to ask a foreman", async () => {
  const message = 'Only a foreman or an admin may start a car remotely in this shop.';
  installFakeGarage({
    'vehicles.list': () => ok([]),
    'vehicles.state': () => stateAnswer(carState()),
    'runs.startVehicleCommand': () => ({ ok: false, error: { kind: 'policy_refused', message } }),
    'approvals.list': () => ok({ requests: [], mayDecide: false }),
  });
  render(ApprovalRequests);
  render(CommandsPanel, { props: { vehicle: car } });
  await waitFor(() => expect(vehicleStates.get(car.vin).state).not.toBeNull());
  await fireEvent.click(within(section()).getByRole('button', { name: 'Remote start' }));
  const dialog = screen.getByRole('dialog', { name: 'Remote start?' });
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Remote start' }));
  expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
  expect(screen.getByRole('button', { name: 'Ask for approval' })).toBeTruthy();
});
