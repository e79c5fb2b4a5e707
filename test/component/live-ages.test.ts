// Every age on screen runs on the window's one clock: "Live" is said only while the service
// answered under a minute ago and still answers, a strip left open ages like the list row beside
// it, and a card says the time of what it shows beside its age.
import { render, screen, within } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DataAgeLine from '../../renderer/src/components/common/DataAgeLine.svelte';
import VehicleOption from '../../renderer/src/components/sidebar/VehicleOption.svelte';
import StatusStrip from '../../renderer/src/components/vehicle/StatusStrip.svelte';
import { LIVE_MS } from '../../renderer/src/lib/format';
import { clock, connection, vehicleStates } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { emptyGarage } from './fixtures';
import { glanced } from './glance-fixtures';
import { carState } from './vehicle-state-fixtures';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-25T04:06:25.000Z');

/** A live state read at T0 of a reading taken 5 s before. */
function readAtT0() {
  installFakeGarage({
    'vehicles.state': () => ({
      ok: true,
      value: carState(),
      source: 'live',
      fetchedAt: new Date(T0).toISOString(),
      asOf: new Date(T0 - 5_000).toISOString(),
    }),
    ...emptyGarage,
  });
}

afterEach(() => vi.useRealTimers());

describe('the window’s clock', () => {
  it('turns the status strip’s "Live" into the reading’s age as the clock runs, as the row beside it says', async () => {
    readAtT0();
    clock.set(T0);
    const car = glanced(1, { sleep: 'awake', batteryLevel: 72 }, T0 - 5_000);
    await vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    const row = render(VehicleOption, { props: { vehicle: car } });
    const strip = screen.getByRole('region', { name: 'Status' });
    expect(within(strip).getByText(/· Live$/)).toBeTruthy();
    // The row says the same of the reading in its short form: "Live" beside "Live".
    expect(within(row.container).getByText('Live')).toBeTruthy();

    clock.set(T0 + 14 * MINUTE);
    flushSync();
    expect(within(strip).queryByText(/Live/)).toBeNull();
    expect(within(strip).getByText(/· Latest from the service, reading 14 minutes old$/)).toBeTruthy();
    expect(within(row.container).getByText('14 min old')).toBeTruthy();
  });

  it('ages by itself: a minute after the read, with nothing else happening, "Live" is gone', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(T0);
    readAtT0();
    const car = glanced(1, { sleep: 'awake' }, T0 - 5_000);
    await vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    const strip = screen.getByRole('region', { name: 'Status' });
    expect(within(strip).getByText(/· Live$/)).toBeTruthy();
    vi.advanceTimersByTime(LIVE_MS);
    flushSync();
    expect(within(strip).queryByText(/Live/)).toBeNull();
    expect(within(strip).getByText(/reading 1 minute old$/)).toBeTruthy();
  });

  it('says no "Live" once main says the service cannot be reached, however recent the reading', async () => {
    readAtT0();
    clock.set(T0 + 10_000);
    const car = glanced(1, { sleep: 'awake' }, T0);
    await vehicleStates.load(car.vin);
    render(StatusStrip, { props: { vehicle: car } });
    const strip = screen.getByRole('region', { name: 'Status' });
    expect(within(strip).getByText(/· Live$/)).toBeTruthy();
    connection.apply({ online: false, message: 'connect ECONNREFUSED 127.0.0.1:1' });
    flushSync();
    expect(within(strip).queryByText(/Live/)).toBeNull();
    expect(within(strip).getByText(/the service cannot be reached now/)).toBeTruthy();
  });

  it('gives a card’s data its time beside "Live", and ages it', () => {
    clock.set(T0 + 20_000);
    render(DataAgeLine, { props: { meta: { source: 'live', fetchedAt: new Date(T0).toISOString() } } });
    const line = screen.getByText(/Live/);
    expect(line.textContent?.trim()).toMatch(/^As of .+\s·\sLive$/);
    expect(line.querySelector('time')?.getAttribute('datetime')).toBe(new Date(T0).toISOString());
    clock.set(T0 + 3 * MINUTE);
    flushSync();
    expect(line.textContent?.trim()).toMatch(/^As of .+\s·\sLatest from the service, 3 minutes old$/);
  });
});
