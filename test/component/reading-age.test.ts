// The age shown is the reading's own (a state's section timestamps, a tyre measurement), not when
// the app asked: a live answer carrying a five-day-old reading is "5 days old", never "Live", and a
// reading older than a day is marked old whichever path brought it (live, saved or offline copy).
import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import StatusStrip from '../../renderer/src/components/vehicle/StatusStrip.svelte';
import TyresCard from '../../renderer/src/components/vehicle/overview/TyresCard.svelte';
import { dataAge } from '../../renderer/src/lib/format';
import { vehicleStates } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vehicle } from './fixtures';
import { carState } from './vehicle-state-fixtures';

const DAY = 86_400_000;
const MINUTE = 60_000;
const car = vehicle(1, { nickname: 'Loaner' });

describe('the reading’s own age', () => {
  it('words a live answer, a saved copy and an offline copy by the age of the reading they carry', () => {
    const now = Date.parse('2026-11-25T10:00:00.000Z');
    const at = (ms: number) => new Date(now - ms).toISOString();
    const reading = at(5 * DAY);
    expect(dataAge({ source: 'live', fetchedAt: at(0) }, now, reading)).toMatchObject({
      kind: 'live',
      text: 'Latest from the service, reading 5 days old',
      old: true,
    });
    expect(dataAge({ source: 'cache', fetchedAt: at(20_000) }, now, reading)).toMatchObject({
      kind: 'saved',
      text: 'Saved copy, reading 5 days old',
      old: true,
    });
    expect(
      dataAge(
        { source: 'cache', fetchedAt: at(MINUTE), stale: { kind: 'network', message: 'x' } },
        now,
        reading,
      ),
    ).toMatchObject({ kind: 'offline', text: 'Offline: saved copy, reading 5 days old', old: true });
    // A fresh reading read live is live; a few hours old is said, not yet old.
    expect(dataAge({ source: 'live', fetchedAt: at(0) }, now, at(10_000))).toMatchObject({ text: 'Live' });
    expect(dataAge({ source: 'live', fetchedAt: at(0) }, now, at(3 * 3_600_000))).toMatchObject({
      kind: 'live',
      text: 'Latest from the service, reading 3 hours old',
      old: false,
    });
  });

  it('tyres measured 20 days ago are 20 days old, not "Live"', async () => {
    const measured = Math.floor((Date.now() - 20 * DAY) / 1000);
    installFakeGarage({
      'vehicles.tirePressure': () => ({
        ok: true,
        value: {
          front_left: 2.9,
          front_right: 2.9,
          rear_left: 2.2,
          rear_right: 2.9,
          front_left_status: 'normal',
          front_right_status: 'normal',
          rear_left_status: 'low',
          rear_right_status: 'normal',
          timestamp: measured,
        },
        source: 'live',
        fetchedAt: new Date().toISOString(),
      }),
      ...emptyGarage,
    });
    render(TyresCard, { props: { vehicle: car } });
    const line = await screen.findByText(/Latest from the service, reading 20 days old/);
    expect(line.closest('p')!.classList.contains('old')).toBe(true);
    expect(line.closest('p')!.textContent).not.toMatch(/Live/);
  });

  it('a saved copy of a state five days old says five days old in the status strip', async () => {
    const state = carState();
    const sectionsAt = Date.now() - 5 * DAY;
    for (const section of ['charge_state', 'climate_state', 'vehicle_state', 'drive_state'] as const) {
      state[section]!.timestamp = sectionsAt;
    }
    installFakeGarage({
      'vehicles.state': () => ({
        ok: true,
        value: state,
        source: 'cache',
        // Fetched seconds ago: the copy is fresh, the reading in it is not.
        fetchedAt: new Date(Date.now() - 20_000).toISOString(),
        asOf: new Date(sectionsAt).toISOString(),
      }),
      ...emptyGarage,
    });
    render(StatusStrip, { props: { vehicle: car } });
    await vehicleStates.load(car.vin);
    const strip = screen.getByRole('region', { name: 'Status' });
    const age = await within(strip).findByText(/Saved copy, reading 5 days old/);
    expect(age.classList.contains('old')).toBe(true);
    expect(strip.textContent).not.toMatch(/less than a minute old/);
  });
});
