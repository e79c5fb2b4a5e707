// The car's state is main's one word for it: the garage row and the open vehicle's header both show
// the glance main keeps, so when main learns that a car the status read called asleep is out of
// reach (its wake-up failed), the header says "Offline" with the row, not the window's older read.
import { render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import StatusStrip from '../../renderer/src/components/vehicle/StatusStrip.svelte';
import { connectStores, vehicleList, vehicleStates } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { glanced, seen } from './glance-fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';

const profile = { id: 'p1', name: 'Demo', active: true, demo: true, hasToken: true, baseUrl: '' };

describe('one word for whether a car answers', () => {
  it('the header says what the row says once main knows the car is offline', async () => {
    const car = glanced(1, { sleep: 'asleep' }, Date.now() - 60_000, { nickname: 'Night Owl' });
    const fake = installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [profile] }),
      'vehicles.list': () => ({ ok: true, value: [car] }),
      'audit.list': () => ({ ok: true, value: [] }),
      // The service's copy still says what it said when the car fell asleep.
      'vehicles.state': () => stateAnswer(carState({ state: 'asleep' })),
    });
    connectStores(fake.api);
    await vehicleList.load();
    vehicleList.loading = false;
    render(GarageSidebar);
    await vehicleStates.load(car.vin);
    const view = render(StatusStrip, { props: { vehicle: vehicleList.vehicles[0]! } });
    const row = screen.getByRole('option', { name: /Night Owl/ });
    const strip = screen.getByRole('region', { name: 'Status' });
    expect(row.textContent).toContain('☾ Asleep');
    expect(within(strip).getByText('Asleep')).toBeTruthy();

    // A command's wake-up failed: main now holds the car offline and sends its new entry.
    const offline = {
      ...car,
      glance: { ...car.glance, sleep: seen('offline' as const, Date.now(), 'wake') },
    };
    fake.emit({ type: 'vehicle.changed', profileId: 'p1', vin: car.vin, entry: offline });
    await view.rerender({ vehicle: vehicleList.vehicles[0]! });
    await waitFor(() => expect(row.textContent).toContain('✕ Offline'));
    expect(within(strip).getByText('Offline')).toBeTruthy();
    expect(strip.textContent).not.toMatch(/Asleep/);
    expect(row.textContent).not.toMatch(/Asleep/);
  });
});
