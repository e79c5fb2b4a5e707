// The renderer follows main's events: a vehicle's new entry replaces its row without a re-list, the
// garage is listed again only when main says the list changed, and an open vehicle given a new
// entry object for the same VIN does not read its state again (the loop that re-read it forever).
import { render, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import VehicleView from '../../renderer/src/components/vehicle/VehicleView.svelte';
import { connectStores } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';
import { vehicleList } from '../../renderer/src/lib/stores';

const profile = { id: 'p1', name: 'Demo', active: true, demo: true, hasToken: true, baseUrl: '' };

describe("the stores follow main's events", () => {
  it('replaces a changed row, drops a removed one and ignores another profile, with no read back', async () => {
    const cars = [vehicle(1), vehicle(2)];
    const fake = installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [profile] }),
      'vehicles.list': () => ({ ok: true, value: cars }),
    });
    const disconnect = connectStores(fake.api);
    await vehicleList.load();
    const before = fake.calls.length;

    fake.emit({
      type: 'vehicle.changed',
      profileId: 'p1',
      vin: cars[0]!.vin,
      entry: { ...cars[0]!, nickname: 'Renamed elsewhere' },
    });
    expect(vehicleList.vehicles[0]!.nickname).toBe('Renamed elsewhere');
    fake.emit({
      type: 'vehicle.changed',
      profileId: 'other',
      vin: cars[1]!.vin,
      entry: { ...cars[1]!, nickname: 'Not this profile' },
    });
    expect(vehicleList.vehicles[1]!.nickname).toBe(cars[1]!.nickname);
    fake.emit({ type: 'vehicle.changed', profileId: 'p1', vin: cars[1]!.vin, entry: null });
    expect(vehicleList.vehicles.map((v) => v.vin)).toEqual([cars[0]!.vin]);
    expect(fake.calls.length).toBe(before);

    // The list itself changed: one read of it; the profiles changed: one read of them.
    fake.emit({ type: 'garage.changed', profileId: 'p1' });
    fake.emit({ type: 'settings.changed', what: 'profiles' });
    await waitFor(() => expect(vehicleList.vehicles).toHaveLength(2));
    expect(fake.calls.slice(before).map((c) => c.operation)).toEqual(['vehicles.list', 'profiles.list']);

    disconnect();
    fake.emit({ type: 'garage.changed', profileId: 'p1' });
    expect(fake.calls.slice(before)).toHaveLength(2);
  });

  it('reads an open vehicle’s state once, however often main sends its new entry', async () => {
    const car = vehicle(1);
    const fake = installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [profile] }),
      'vehicles.list': () => ({ ok: true, value: [car] }),
      'vehicles.state': () => stateAnswer(carState()),
    });
    connectStores(fake.api);
    await vehicleList.load();
    vehicleList.select(car.vin);
    const view = render(VehicleView, { props: { vehicle: vehicleList.selected! } });
    const stateReads = () => fake.calls.filter((c) => c.operation === 'vehicles.state').length;
    await waitFor(() => expect(stateReads()).toBe(1));
    for (let i = 0; i < 5; i++) {
      // What main sends after the read it answered: the same vehicle, a new object.
      fake.emit({ type: 'vehicle.changed', profileId: 'p1', vin: car.vin, entry: { ...car } });
      await view.rerender({ vehicle: vehicleList.selected! });
    }
    expect(vehicleList.selected).not.toBe(car);
    expect(stateReads()).toBe(1);
    // Listed once, when the garage loaded; never again for the events.
    expect(fake.calls.filter((c) => c.operation === 'vehicles.list')).toHaveLength(1);
  });
});
