// Everything the window shows belongs to the active profile: a car added to a new profile (whose
// token the service refuses) with a VIN the demo profile also has never shows the demo's state,
// job or claim, and a read begun before the switch does not land after it.
import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../electron/shared/types';
import StatusStrip from '../../renderer/src/components/vehicle/StatusStrip.svelte';
import { openJobs, profiles, shop, vehicleStates } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { deferred, vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';

const demo: Profile = {
  id: 'demo',
  name: 'Demo',
  baseUrl: 'http://127.0.0.1:1',
  demo: true,
  hasToken: true,
  active: true,
};
const fresh: Profile = {
  id: 'new',
  name: 'New shop',
  baseUrl: 'https://api.example.test',
  demo: false,
  hasToken: true,
  active: false,
};
const car = vehicle(7, { nickname: 'Night Owl' });
const refused = {
  ok: false as const,
  error: { kind: 'auth' as const, message: 'token refused', status: 401 },
};

function garage(state: () => unknown) {
  let active = 'demo';
  return installFakeGarage({
    'profiles.activate': (args) => {
      active = args[0];
      return { ok: true, value: { ...fresh, active: true } };
    },
    'profiles.list': () => ({
      ok: true,
      value: [
        { ...demo, active: active === 'demo' },
        { ...fresh, active: active === 'new' },
      ],
    }),
    'vehicles.list': () => ({ ok: true, value: [car] }),
    'jobs.list': () => ({ ok: true, value: [] }),
    'shop.status': () => ({ ok: true, value: { state: 'solo', pending: 0, error: null } }),
    'vehicles.state': () => (active === 'demo' ? state() : refused) as never,
  });
}

describe('a profile switch', () => {
  it('shows the new profile’s refusal, not the demo profile’s state of the same VIN', async () => {
    garage(() =>
      stateAnswer({
        ...carState({ state: 'asleep' }),
        charge_state: { ...carState().charge_state!, battery_level: 91 },
      }),
    );
    profiles.all = [demo, fresh];
    await vehicleStates.load(car.vin);
    expect(vehicleStates.get(car.vin).state?.charge_state?.battery_level).toBe(91);
    openJobs.apply(car.vin, {
      number: 'RO-DEMO-1',
      openedAt: '2026-11-21T10:00:00.000Z',
      technician: 'Demo',
    } as never);
    shop.applyClaim(car.vin, { vin: car.vin, claimedBy: 'Demo tech', mine: false, expired: false } as never);

    expect((await profiles.activate('new')).ok).toBe(true);
    expect(vehicleStates.get(car.vin).state).toBeNull();
    expect(openJobs.get(car.vin)).toBeNull();
    expect(shop.claims.get(car.vin)).toBeUndefined();

    render(StatusStrip, { props: { vehicle: car } });
    const strip = screen.getByRole('region', { name: 'Status' });
    await vehicleStates.load(car.vin);
    expect(await within(strip).findByText(/token refused|refused/i)).toBeTruthy();
    expect(strip.textContent).not.toMatch(/91 %/);
    expect(strip.textContent).not.toMatch(/Asleep/);
  });

  it('drops a read of the old profile that answers after the switch', async () => {
    const late = deferred<unknown>();
    garage(() => late.promise);
    profiles.all = [demo, fresh];
    const reading = vehicleStates.load(car.vin);
    await profiles.activate('new');
    // The demo's answer arrives once the new profile is shown.
    late.resolve(
      stateAnswer({ ...carState(), charge_state: { ...carState().charge_state!, battery_level: 91 } }),
    );
    expect(await reading).toBeNull();
    await vehicleStates.load(car.vin);
    expect(vehicleStates.get(car.vin).state).toBeNull();
    expect(vehicleStates.get(car.vin).error?.message).toBe('token refused');
  });
});
