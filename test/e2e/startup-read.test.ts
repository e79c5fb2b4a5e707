// End to end in the shipped bundle: on first launch main reads the garage's cached states by itself
// (paced by the service's rate limit, never waking a car), so every row of the list shows what its
// car last said instead of "State not read yet", with no request from the renderer.
import { describe, expect, it } from 'vitest';
import { useGarageApp, vehicleList } from './garage-support';
import { passes, waitFor } from '../support/wait-for';

const SLEEP_WORDS: Record<string, RegExp> = { awake: /Awake/, asleep: /Asleep/, offline: /Offline/ };

describe('first launch (12 demo vehicles, the service limited to 4 requests/s)', () => {
  const app = useGarageApp({ demo: { rateLimitPerSecond: 4 } });

  it("shows each vehicle's cached state at once, read within the limit and waking none", async () => {
    const { page, simulator } = app;
    // The read at start-up has ended (the launch waits for it): one cached state read per vehicle.
    const reads = simulator.requests.filter((r) => r.route === 'state');
    expect(reads).toHaveLength(12);
    expect(reads.every((r) => r.query['use_cache'] !== 'false')).toBe(true);
    expect(simulator.requests.filter((r) => r.route === 'wake')).toEqual([]);
    // Within the limit: no request was refused (a refused one would have been sent again).
    expect(new Set(reads.map((r) => r.vin)).size).toBe(12);

    const search = page.getByLabel('Search vehicles');
    for (const car of simulator.vehicles()) {
      // A car asleep or offline at launch is still so: the read never woke it.
      expect(simulator.vehicleState(car.vin).sleepState).toBe(car.sleepState);
      await search.fill(car.vin);
      const row = vehicleList(page).getByRole('option', { name: new RegExp(car.vin) });
      await waitFor(
        passes(async () => expect(await row.textContent()).toMatch(SLEEP_WORDS[car.sleepState]!)),
        "the row to show the car's sleep state",
      );
      expect(await row.textContent()).not.toContain('State not read yet');
    }
    await search.fill('');
    expect(await vehicleList(page).getByText('State not read yet').count()).toBe(0);
  });
});
