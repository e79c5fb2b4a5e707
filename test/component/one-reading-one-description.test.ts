// One reading of a car is described one way on a screen: the status strip and the garage row beside
// it say the same words of it ("Live", its age, "Saved copy") as the test's clock runs, never "Live"
// in one place and "1 minute old" in the other.
import { render, screen, within } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import VehicleOption from '../../renderer/src/components/sidebar/VehicleOption.svelte';
import StatusStrip from '../../renderer/src/components/vehicle/StatusStrip.svelte';
import { clock, connection, vehicleStates } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { emptyGarage } from './fixtures';
import { glanced } from './glance-fixtures';
import { carState } from './vehicle-state-fixtures';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-25T04:06:25.000Z');
const READ_AT = T0 - 5_000;

/** The state read answers with the reading taken at READ_AT, from the service or the saved copy. */
function answer(source: 'live' | 'cache') {
  installFakeGarage({
    'vehicles.state': () => ({
      ok: true,
      value: carState(),
      source,
      fetchedAt: new Date(T0).toISOString(),
      asOf: new Date(READ_AT).toISOString(),
    }),
    ...emptyGarage,
  });
}

/** The words the strip and the row say of the reading's age. */
function said(row: HTMLElement): { strip: string; row: string } {
  const strip = screen.getByRole('region', { name: 'Status' });
  const stripAge = strip.querySelector('.asof .age')?.textContent ?? '';
  const rowAge = row.querySelector('.age')?.textContent ?? '';
  return { strip: stripAge.replace(/^\s*·\s*/, '').trim(), row: rowAge.trim() };
}

describe('one reading on one screen', () => {
  it('is "Live" in the strip and the row together, then the same age in both as the clock runs', async () => {
    answer('live');
    clock.set(T0 + 10_000);
    const car = glanced(1, { sleep: 'awake', batteryLevel: 72 }, READ_AT);
    await vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    const row = render(VehicleOption, { props: { vehicle: car } }).container;

    expect(said(row)).toEqual({ strip: 'Live', row: 'Live' });

    clock.set(READ_AT + 14 * MINUTE);
    flushSync();
    const aged = said(row);
    expect(aged.strip).toBe('Latest from the service, reading 14 minutes old');
    expect(aged.row).toBe(aged.strip);
    expect(within(row).queryByText(/Live/)).toBeNull();
  });

  it('stops saying "Live" in the row too once the service cannot be reached', async () => {
    answer('live');
    clock.set(T0 + 10_000);
    const car = glanced(1, { sleep: 'awake' }, READ_AT);
    await vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    const row = render(VehicleOption, { props: { vehicle: car } }).container;
    connection.apply({ online: false, message: 'connect ECONNREFUSED 127.0.0.1:1' });
    flushSync();
    const offline = said(row);
    expect(offline.strip).toMatch(/the service cannot be reached now/);
    expect(offline.row).toBe(offline.strip);
  });

  it('says a saved copy the same way in the strip and the row, and nowhere "Live" or a bare age', async () => {
    answer('cache');
    clock.set(READ_AT + 20 * MINUTE);
    const car = glanced(1, { sleep: 'asleep', batteryLevel: 91 }, READ_AT);
    for (const part of [car.glance.sleep!, car.glance.batteryLevel!]) part.fromCache = true;
    await vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    const row = render(VehicleOption, { props: { vehicle: car } }).container;
    expect(said(row)).toEqual({
      strip: 'Saved copy, reading 20 minutes old',
      row: 'Saved copy, reading 20 minutes old',
    });
    expect(document.body.textContent).not.toMatch(/Live/);
  });
});
