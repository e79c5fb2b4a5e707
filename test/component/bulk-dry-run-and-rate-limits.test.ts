// Bulk runs tell the truth per vehicle: the dry run checks each picked vehicle against its own state
// and limits (offline skipped, asleep warned, amps within the car's own maximum, unsupported skipped),
// and a run held by the service's rate limit shows main's wait rather than a 429.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../electron/shared/commands';
import type { VehicleEntry } from '../../electron/shared/types';
import AppHeader from '../../renderer/src/components/shell/AppHeader.svelte';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import { planBulk } from '../../renderer/src/lib/bulk-plan';
import { vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { installFakeRuns } from './fake-runs';
import { fleet, vehicle } from './fixtures';

const MINUTE = 60_000;

describe('dry run per vehicle', () => {
  const spec = COMMANDS.set_charging_amps;
  const shared = { waitForCompletion: true, maxAttempts: 3 };
  const now = Date.parse('2026-11-21T10:00:00.000Z');
  const glanceWith = (sleep: 'awake' | 'asleep' | 'offline') =>
    ({
      sleep: {
        value: sleep,
        asOf: new Date(now - 10 * MINUTE).toISOString(),
        source: 'status',
        fromCache: false,
      },
    }) as unknown as VehicleEntry['glance'];

  it('skips an offline vehicle, warns about an asleep one, and says why', () => {
    const [offline, asleep, awake] = [
      vehicle(1, { glance: glanceWith('offline') }),
      vehicle(2, { glance: glanceWith('asleep') }),
      vehicle(3, { glance: glanceWith('awake') }),
    ];
    const plan = planBulk([offline, asleep, awake], spec, 16, shared, { now });
    expect(plan[0]!.problem).toBe(
      'Offline (reported 10 minutes ago): the service cannot reach it. Refresh its state to include it.',
    );
    expect(plan[1]!.problem).toBeNull();
    expect(plan[1]!.warning).toBe('Asleep (seen 10 minutes ago): it is woken first.');
    expect(plan[2]!.problem).toBeNull();
    // An older offline sighting still skips (main skips it too): a later read that finds it back lifts it.
    const old = planBulk([offline], spec, 16, shared, { now: now + 3 * 3_600_000 });
    expect(old[0]!.problem).toMatch(/^Offline \(reported 3 hours ago\)/);
  });

  it('refuses 40 A for a car whose own maximum is 32 A, and passes it for a 48 A car', () => {
    const [small, large] = [vehicle(1), vehicle(2)];
    const bounds = new Map([
      [small.vin, { min: 1, max: 32, asOf: null }],
      [large.vin, { min: 1, max: 48, asOf: null }],
    ]);
    const plan = planBulk([small, large], spec, 40, shared, { bounds, now });
    expect(plan[0]!.problem).toBe('This vehicle accepts 1 to 32 A.');
    expect(plan[1]!.problem).toBeNull();
  });

  it('skips a car already at the value, saying so, once its state was read', () => {
    const [at16, at10, unread] = [vehicle(1), vehicle(2), vehicle(3)];
    const bounds = new Map([
      [at16.vin, { min: 1, max: 32, asOf: null, current: 16 }],
      [at10.vin, { min: 1, max: 32, asOf: null, current: 10 }],
    ]);
    const plan = planBulk([at16, at10, unread], spec, 16, shared, { bounds, now });
    expect(plan[0]!.problem).toBe('Already at 16 A: not sent.');
    expect(plan[0]!.skipReason).toBe('already matching');
    expect(plan[1]!.problem).toBeNull();
    expect(plan[2]!.problem).toBeNull();
  });

  it('skips a vehicle that said this session it does not support the command', () => {
    const refused = vehicle(1, {
      status: {
        lastSource: null,
        lastFetchedAt: null,
        lastCommand: {
          operation: 'close_windows',
          outcome: 'failed',
          at: new Date(now).toISOString(),
          reason: 'not_supported',
        },
      },
    });
    const plan = planBulk([refused], COMMANDS.close_windows, null, shared, { now });
    expect(plan[0]!.problem).toMatch(/does not support this command/);
  });

  it("reads each picked vehicle's state to learn its own limits, then shows why an entry is skipped", async () => {
    vehicleList.loading = false;
    const cars = fleet(2);
    installFakeGarage({
      'vehicles.state': ([vin]) => ({
        ok: true,
        value: {
          state: 'online',
          charge_state: { charge_current_request_max: vin === cars[0]!.vin ? 32 : 48 },
        },
        source: 'live',
        fetchedAt: new Date().toISOString(),
        asOf: new Date().toISOString(),
      }),
    });
    vehicleList.vehicles = cars;
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Command to send' }), {
      target: { value: 'set_charging_amps' },
    });
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Charging current (A)' }), {
      target: { value: '40' },
    });
    expect(screen.getByText(/each vehicle's own limit is not known yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run on 2 vehicles' })).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: "Check each vehicle's limits" }));
    expect(await screen.findByText('This vehicle accepts 1 to 32 A.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run on 1 vehicle' })).toBeTruthy();
  });
});

describe('a bulk run held by the rate limit', () => {
  beforeEach(() => {
    vehicleList.loading = false;
  });

  it("shows main's wait, never a 429 as a result, and keeps the run in the header", async () => {
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    const cars = fleet(3);
    vehicleList.vehicles = cars;
    render(AppHeader);
    render(BulkActionsView);
    const run = fake.add(
      'bulk-command',
      cars.map((c) => c.vin),
    );
    fake.update(run.id, (r) => {
      r.items[0]!.status = 'waiting';
      r.waitingUntil = new Date(Date.now() + 1000).toISOString();
    });
    expect(await screen.findByText(/^Waiting for the service's rate limit \(1 s\)$/)).toBeTruthy();
    expect(screen.getByText('Waiting for the rate limit')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Views' });
    expect(within(nav).getByRole('button', { name: /Bulk actions: running, 0 of 3/ })).toBeTruthy();
    fake.update(run.id, (r) => {
      for (const item of r.items) item.status = 'succeeded';
      r.waitingUntil = null;
      r.state = 'completed';
      r.endedAt = new Date().toISOString();
    });
    await screen.findByText('Completed: 3 succeeded, 0 failed');
    expect(screen.queryByText(/limiting requests|429/)).toBeNull();
    expect(within(nav).getByRole('button', { name: 'Bulk actions' })).toBeTruthy();
  });
});
