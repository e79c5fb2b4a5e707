// Small things a technician's day found wrong on screen, each said the way it is: a firmware alert no
// other car raised lately is not "raised by 0 vehicles"; a speed limit kept while speed-limit mode is
// off is not shown as the car's current limit.
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import FirmwareAlertsCard from '../../renderer/src/components/vehicle/overview/FirmwareAlertsCard.svelte';
import { vehicleStates } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';

const car = vehicle(1, { nickname: 'Night Owl' });
const live = () => ({ source: 'live' as const, fetchedAt: new Date().toISOString() });
const alert = (name: string, count: number) => ({
  timestamp: 1_763_719_205,
  name,
  description: null,
  recent_fleet_count: count,
});

describe('firmware alerts', () => {
  it('never says "raised by 0 vehicles in the fleet"', async () => {
    installFakeGarage({
      'vehicles.firmwareAlerts': () => ({
        ok: true,
        value: { results: [alert('VCFRONT_a361_washerFluidLowMomentary', 0), alert('UI_a020_tyreSoft', 1)] },
        ...live(),
      }),
      ...emptyGarage,
    });
    render(FirmwareAlertsCard, { props: { vehicle: car } });
    expect(await screen.findByText('Not seen lately elsewhere in the fleet')).toBeTruthy();
    expect(screen.getByText('Recently raised by 1 vehicle in the fleet')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\b0 vehicles/);
  });
});

/** The Commands tab of a car whose state reports speed-limit mode `active`, with 65 mph kept for it. */
async function speedLimitMode(active: boolean): Promise<void> {
  const state = carState();
  state.vehicle_state = {
    ...state.vehicle_state!,
    speed_limit_mode: { active, min_limit_mph: 50, max_limit_mph: 90, current_limit_mph: 65 },
  };
  installFakeGarage({ ...emptyGarage, 'vehicles.state': () => stateAnswer(state) });
  await vehicleStates.load(car.vin);
  render(CommandsPanel, { props: { vehicle: car } });
}

describe('the Commands tab', () => {
  it('does not show a limit kept while speed-limit mode is off as the current one', async () => {
    await speedLimitMode(false);
    expect(
      await screen.findByText('Not limited now: speed-limit mode is off (the limit kept for it is 65 mph)'),
    ).toBeTruthy();
    expect(screen.queryByText('Current 65 mph')).toBeNull();
  });

  it('shows a limit in force as the current one', async () => {
    await speedLimitMode(true);
    expect(await screen.findByText('Current 65 mph')).toBeTruthy();
    expect(screen.queryByText(/Not limited now/)).toBeNull();
  });
});
