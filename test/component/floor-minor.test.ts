// Small things a technician's day found wrong on screen, each said the way it is: a firmware alert no
// other car raised lately is not "raised by 0 vehicles".
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import FirmwareAlertsCard from '../../renderer/src/components/vehicle/overview/FirmwareAlertsCard.svelte';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';

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
