// One reading of a car is worded one way on a screen: the garage row says in few words what the
// status strip beside it says at length (the same source, the same age), both made by one function
// from one age, and both age with the window's clock: "Live" beside "Live" only while it is true,
// "14 min old" beside "reading 14 minutes old", "Saved · 20 min old" beside "Saved copy, …".
import { render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import VehicleList from '../../renderer/src/components/sidebar/VehicleList.svelte';
import VehicleOption from '../../renderer/src/components/sidebar/VehicleOption.svelte';
import StatusStrip from '../../renderer/src/components/vehicle/StatusStrip.svelte';
import { clock, connection, openJobs, shop, vehicleStates } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, vinFor } from './fixtures';
import { glanced } from './glance-fixtures';
import { carState } from './vehicle-state-fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-25T04:06:25.000Z');
const READ_AT = T0 - 5_000;
/** Where the test's clock stops: just read, minutes, hours and days later. */
const STOPS = [T0 + 10_000, READ_AT + 14 * MINUTE, READ_AT + 2 * HOUR + 5 * MINUTE, READ_AT + 3 * DAY];

type Source = 'live' | 'service' | 'saved' | 'offline';

/**
 * What a wording says of a reading: where it came from and how old it is (amount and unit), read the
 * same way from the row's short form and the strip's long one.
 */
function meaning(text: string): { source: Source; amount: number | null; unit: string | null } {
  if (text === 'Live') return { source: 'live', amount: null, unit: null };
  const source: Source = /^Offline/.test(text) ? 'offline' : /^Saved/.test(text) ? 'saved' : 'service';
  if (/(less than a minute|under 1 min) old/.test(text)) return { source, amount: 0, unit: 'minute' };
  const age = /(\d+) (min|minutes?|hr|hours?|days?) old/.exec(text);
  if (!age) throw new Error(`no age in "${text}"`);
  return {
    source,
    amount: Number(age[1]),
    unit: age[2]!.replace(/^(min|hr)$|s$/, (unit) => ({ min: 'minute', hr: 'hour' })[unit] ?? ''),
  };
}

/** The state read answers with the reading taken at READ_AT, from the service or the saved copy. */
function answer(source: 'live' | 'cache', stale = false) {
  installFakeGarage({
    'vehicles.state': () => ({
      ok: true,
      value: carState(),
      source,
      fetchedAt: new Date(T0).toISOString(),
      asOf: new Date(READ_AT).toISOString(),
      ...(stale ? { stale: { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:1' } } : {}),
    }),
    ...emptyGarage,
  });
}

/** The strip and the row of one car whose glance parts were read at READ_AT. */
async function mount(fromCache: boolean): Promise<() => { row: string; strip: string }> {
  clock.set(T0 + 10_000);
  const car = glanced(1, { sleep: 'awake', batteryLevel: 72 }, READ_AT);
  for (const part of [car.glance.sleep!, car.glance.batteryLevel!]) part.fromCache = fromCache;
  await vehicleStates.load(car.vin);
  render(StatusStrip, { props: { vehicle: car } });
  const row = render(VehicleOption, { props: { vehicle: car } }).container;
  return () => {
    const strip = screen.getByRole('region', { name: 'Status' }).querySelector('.asof .age');
    return {
      strip: (strip?.textContent ?? '').replace(/^\s*·\s*/, '').trim(),
      row: (row.querySelector('.age')?.textContent ?? '').trim(),
    };
  };
}

/** At each stop of the clock, the row and the strip say the same source and age. */
function agreeAsTheClockRuns(said: () => { row: string; strip: string }): { row: string; strip: string }[] {
  const seen: { row: string; strip: string }[] = [];
  for (const at of STOPS) {
    clock.set(at);
    flushSync();
    const now = said();
    expect(meaning(now.row), JSON.stringify(now)).toEqual(meaning(now.strip));
    seen.push(now);
  }
  return seen;
}

describe('one reading, one wording in the row and the strip', () => {
  it('a live reading: "Live" in both while it is, then the same age in both', async () => {
    answer('live');
    const said = await mount(false);
    expect(agreeAsTheClockRuns(said)).toEqual([
      { row: 'Live', strip: 'Live' },
      { row: '14 min old', strip: 'Latest from the service, reading 14 minutes old' },
      { row: '2 hr old', strip: 'Latest from the service, reading 2 hours old' },
      { row: '3 days old', strip: 'Latest from the service, reading 3 days old' },
    ]);
  });

  it('a live reading once the service cannot be reached: "Live" in neither', async () => {
    answer('live');
    const said = await mount(false);
    connection.apply({ online: false, message: 'connect ECONNREFUSED 127.0.0.1:1' });
    const seen = agreeAsTheClockRuns(said);
    expect(seen[0]).toEqual({
      row: 'under 1 min old',
      strip: 'Latest from the service, reading less than a minute old; the service cannot be reached now',
    });
    expect(seen.map(({ row }) => row)).not.toContain('Live');
  });

  it('a copy saved on purpose (cached): "Saved" and its age in both, never "Live"', async () => {
    answer('cache');
    const said = await mount(true);
    expect(agreeAsTheClockRuns(said)).toEqual([
      { row: 'Saved · under 1 min old', strip: 'Saved copy, reading less than a minute old' },
      { row: 'Saved · 14 min old', strip: 'Saved copy, reading 14 minutes old' },
      { row: 'Saved · 2 hr old', strip: 'Saved copy, reading 2 hours old' },
      { row: 'Saved · 3 days old', strip: 'Saved copy, reading 3 days old' },
    ]);
  });

  it('the saved copy standing in for a failed read: "Offline" and its age in both', async () => {
    answer('cache', true);
    const said = await mount(true);
    connection.apply({ online: false, message: 'connect ECONNREFUSED 127.0.0.1:1' });
    const seen = agreeAsTheClockRuns(said);
    expect(seen[1]).toEqual({
      row: 'Offline · 14 min old',
      strip: 'Offline: saved copy, reading 14 minutes old',
    });
  });
});

/**
 * Where a row's reading came from, said in its name: every mention of a copy (the age's "Saved · " or
 * "Offline · ", the "Offline copy" badge), each counted once.
 */
const copyMentions = (name: string) => name.match(/\b(Saved|Offline)\b/g) ?? [];

describe('a garage row says where its reading came from once', () => {
  const AT = READ_AT + 2 * HOUR + 5 * MINUTE;

  /**
   * The list with one car: its state line read at READ_AT (from the saved copy or not), main's word
   * on its last read (`lastSource`), and the row's other badges: a command not sent, a claim by Ana
   * and an open job. Returns the row's accessible name, as a screen reader says it.
   */
  function rowName(fromCache: boolean, lastSource: 'live' | 'cache', online: boolean): string {
    installFakeGarage({ ...emptyGarage });
    const car = glanced(1, { sleep: 'asleep', batteryLevel: 72, version: '2026.44.1' }, READ_AT, {
      status: {
        lastSource,
        lastFetchedAt: new Date(READ_AT).toISOString(),
        lastCommand: {
          operation: 'set_charge_limit',
          outcome: 'not-sent',
          at: new Date(READ_AT).toISOString(),
          reason: 'the vehicle did not wake up',
        },
      },
    });
    for (const part of [car.glance.sleep!, car.glance.batteryLevel!, car.glance.version!])
      part.fromCache = fromCache;
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    shop.applyClaim(car.vin, {
      vin: car.vin,
      claimedBy: 'Ana',
      machine: 'bay-1',
      note: null,
      since: new Date(READ_AT).toISOString(),
      expiresAt: new Date(AT + DAY).toISOString(),
      expired: false,
      mine: false,
    });
    openJobs.apply(car.vin, {
      id: 'job-9',
      repairOrder: 'RO-9',
      technician: 'Ana',
      openedAt: new Date(READ_AT).toISOString(),
    });
    if (!online) connection.apply({ online: false, message: 'connect ECONNREFUSED 127.0.0.1:1' });
    render(VehicleList, { vehicles: [car], selectedVin: null, onselect: () => {}, now: AT });
    // The name a screen reader gives the row, as the accessibility tree computes it.
    let name = '';
    screen.getByRole('option', {
      name: (computed) => {
        name = computed;
        return true;
      },
    });
    return name;
  }

  /** What every row keeps, whatever its reading's source: the car, its state and each other badge. */
  function keepsTheRest(name: string): void {
    for (const said of [
      'Car 1',
      vinFor(1),
      'Asleep',
      '72 %',
      '2026.44.1',
      'Last command not sent',
      'Claimed by Ana',
      'RO-9',
    ])
      expect(name).toContain(said);
  }

  it('a live reading says no copy at all', () => {
    const name = rowName(false, 'live', true);
    expect(name).toContain('2 hr old');
    expect(copyMentions(name)).toEqual([]);
    keepsTheRest(name);
  });

  it('a saved copy once a failed read fell back on it and the service answers again: "Saved" once', () => {
    const name = rowName(true, 'cache', true);
    expect(name).toContain('Saved · 2 hr old');
    expect(copyMentions(name)).toEqual(['Saved']);
    expect(name).not.toContain('Offline copy');
    keepsTheRest(name);
  });

  it('the saved copy standing in while the service cannot be reached: "Offline" once, by the age', () => {
    const name = rowName(true, 'cache', false);
    expect(name).toContain('Offline · 2 hr old');
    expect(copyMentions(name)).toEqual(['Offline']);
    expect(name).not.toContain('Offline copy');
    keepsTheRest(name);
  });

  it("another read fell back on the copy while the state line is the service's: the badge is the one mention", () => {
    const name = rowName(false, 'cache', false);
    expect(name).toContain('2 hr old');
    expect(name).toContain('Offline copy');
    expect(copyMentions(name)).toEqual(['Offline']);
    keepsTheRest(name);
  });
});
