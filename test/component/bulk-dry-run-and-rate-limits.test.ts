// Bulk runs tell the truth per vehicle: the dry run checks each picked vehicle against its own state
// and limits (offline skipped, asleep warned, amps within the car's own maximum, unsupported skipped),
// and a rate-limited run waits as long as the service asks, shows the wait rather than a 429, and
// offers retry and export.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../electron/shared/commands';
import type { VehicleEntry } from '../../electron/shared/types';
import AppHeader from '../../renderer/src/components/AppHeader.svelte';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import { planBulk } from '../../renderer/src/lib/bulk-plan';
import { runBulk, type BulkItemState } from '../../renderer/src/lib/bulk-runner';
import { bulkRun, connection } from '../../renderer/src/lib/stores';
import { garage } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { deferred, fleet, vehicle } from './fixtures';

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
    expect(plan[0]!.problem).toBe('Offline (seen 10 minutes ago): the service cannot reach it.');
    expect(plan[1]!.problem).toBeNull();
    expect(plan[1]!.warning).toBe('Asleep (seen 10 minutes ago): it is woken first.');
    expect(plan[2]!.problem).toBeNull();
    // An old offline sighting only warns: the car may be back.
    const old = planBulk([offline], spec, 16, shared, { now: now + 3 * 3_600_000 });
    expect(old[0]!.problem).toBeNull();
    expect(old[0]!.warning).toBe('Was offline 3 hours ago; the send may fail.');
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
    garage.reset();
    garage.loading = false;
    connection.reset();
    bulkRun.reset();
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
    garage.vehicles = cars;
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

describe('rate-limited bulk runs', () => {
  beforeEach(() => {
    garage.reset();
    garage.loading = false;
    connection.reset();
    bulkRun.reset();
  });

  it('waits as long as the service asks, for every worker, then sends the refused item again', async () => {
    let clock = 0;
    const slept: number[] = [];
    const answers: Record<number, string[]> = {};
    const updates: BulkItemState<string>[] = [];
    const states = await runBulk<number, string>({
      items: [0, 1, 2],
      concurrency: 3,
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
      },
      send: async (i) => {
        const sent = (answers[i] ??= []);
        sent.push(`at ${clock}`);
        return i === 1 && sent.length === 1 ? '429' : 'ok';
      },
      retryAfter: (r) => (r === '429' ? 2 : null),
      onUpdate: (_, s) => updates.push(s),
    });
    expect(states.map((s) => s.status)).toEqual(['done', 'done', 'done']);
    expect(answers[1]).toEqual(['at 0', 'at 2000']);
    expect(slept).toEqual([2000]);
    expect(updates.some((u) => u.status === 'waiting')).toBe(true);
  });

  it('ends a wait when the run is cancelled, sending nothing more', async () => {
    const controller = new AbortController();
    let sends = 0;
    const run = runBulk<number, string>({
      items: [0, 1],
      concurrency: 1,
      signal: controller.signal,
      send: async () => (++sends === 1 ? '429' : 'ok'),
      retryAfter: (r) => (r === '429' ? 60 : null),
      // The 60 s wait starts as soon as the refused item says it is waiting: cancel inside it.
      onUpdate: (_index, state) => {
        if (state.status === 'waiting') queueMicrotask(() => controller.abort());
      },
    });
    const states = await run;
    expect(sends).toBe(1);
    expect(states.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('shows the wait, never a 429 as a result, keeps the run in the header, then offers retry and export', async () => {
    const gate = deferred<void>();
    const tries = new Map<string, number>();
    installFakeGarage({
      'vehicles.command': async ([vin]) => {
        const n = (tries.get(vin as string) ?? 0) + 1;
        tries.set(vin as string, n);
        if (vin === cars[0]!.vin && n === 1) {
          return {
            ok: false,
            error: {
              kind: 'rate_limited',
              status: 429,
              retryAfterSeconds: 1,
              message: 'The service is limiting requests (429). Wait 1 s and try again.',
            },
          };
        }
        if (vin === cars[1]!.vin)
          return { ok: false, error: { kind: 'server_error', status: 500, message: 'Boom.' } };
        await gate.promise;
        return { ok: true, value: { result: true } };
      },
      'vehicles.list': () => ({ ok: true, value: garage.vehicles }),
    });
    const cars = fleet(3);
    garage.vehicles = cars;
    render(AppHeader);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Command to send' }), {
      target: { value: 'open_charge_port' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Run on 3 vehicles' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Run bulk action' }),
    );
    expect(await screen.findByText(/^Waiting for the service's rate limit \(1 s\)$/)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Views' });
    expect(within(nav).getByRole('button', { name: /Bulk actions: running, \d of 3/ })).toBeTruthy();
    gate.resolve();
    await waitFor(() => expect(screen.getByText(/3 of 3 finished\. Run complete\./)).toBeTruthy(), {
      timeout: 4000,
    });
    expect(tries.get(cars[0]!.vin)).toBe(2);
    expect(screen.queryByText(/limiting requests/)).toBeNull();
    expect(screen.getByText(/2 succeeded · 1 failed/)).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Bulk actions' })).toBeTruthy();

    const csv = bulkRun.csv().split('\r\n');
    expect(csv[0]).toBe('Vehicle,VIN,Command,Values,Status,Result,Detail,Time');
    expect(csv.filter((l) => l.includes(',Success,'))).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Export results (CSV)' })).toBeTruthy();

    await fireEvent.click(screen.getByRole('button', { name: 'Retry failed' }));
    await waitFor(() => expect(tries.get(cars[1]!.vin)).toBe(2));
    expect(tries.get(cars[2]!.vin)).toBe(1);
  });
});
