// What the screen says about data, time and runs is true: the age vocabulary, old states muted,
// calendar days, intervals in words, the dry run's per-vehicle checks, and rate-limited bulk runs.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../electron/shared/commands';
import type { FetchMeta, VehicleEntry } from '../../electron/shared/types';
import AppHeader from '../../renderer/src/components/AppHeader.svelte';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import CacheBanner from '../../renderer/src/components/vehicle/CacheBanner.svelte';
import FetchStatus from '../../renderer/src/components/vehicle/FetchStatus.svelte';
import TelemetryPanel from '../../renderer/src/components/vehicle/TelemetryPanel.svelte';
import { planBulk } from '../../renderer/src/lib/bulk-plan';
import { describeError } from '../../renderer/src/lib/errors';
import { ageText, daysBetween, describeExpiry, intervalText } from '../../renderer/src/lib/format';
import { installFakeRuns } from './fake-runs';
import { installFakeGarage } from './fake-garage';
import { fleet, telemetry, vehicle } from './fixtures';
import { bulkRun, connection, garage } from '../../renderer/src/lib/stores';

const MINUTE = 60_000;

describe('data age vocabulary', () => {
  const now = Date.parse('2026-11-21T10:00:00.000Z');
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();

  it('says live, saved copy N old, or offline copy, never "cached" for a live answer', () => {
    const cases: [FetchMeta, string][] = [
      [{ source: 'live', fetchedAt: at(0) }, 'Live'],
      [{ source: 'cache', fetchedAt: at(3 * MINUTE) }, 'Saved copy, 3 minutes old'],
      [{ source: 'cache', fetchedAt: at(5 * 60 * MINUTE) }, 'Saved copy, 5 hours old'],
      [
        { source: 'cache', fetchedAt: at(2 * 1440 * MINUTE), stale: { kind: 'network', message: 'x' } },
        'Offline copy',
      ],
    ];
    for (const [meta, text] of cases) {
      const { unmount } = render(FetchStatus, {
        props: { meta, refreshing: false, refreshLabel: 'Refresh', onrefresh: () => {}, now },
      });
      expect(screen.getByText(text)).toBeTruthy();
      expect(screen.queryByText(/cached/i)).toBeNull();
      unmount();
    }
  });

  it('gives ages in minutes, hours or days', () => {
    expect(ageText(20_000)).toBe('less than a minute');
    expect(ageText(3 * MINUTE)).toBe('3 minutes');
    expect(ageText(61 * MINUTE)).toBe('1 hour');
    expect(ageText(3 * 1440 * MINUTE + 5)).toBe('3 days');
  });

  it('writes the offline banner as one sentence with its time, age and reason, spaces intact', () => {
    render(CacheBanner, {
      props: {
        meta: { source: 'cache', fetchedAt: at(3 * MINUTE), stale: { kind: 'network', message: 'Refused.' } },
        what: 'telemetry configuration',
        now,
      },
    });
    const text = screen.getByRole('status').textContent!.replace(/\s+/g, ' ').trim();
    expect(text).toMatch(
      /^Offline: saved copy from .+ \(3 minutes old\)\. Showing the telemetry configuration saved then, because the live read failed: Refused\.$/,
    );
    expect(text).not.toMatch(/[AP]Mbecause/);
  });

  it('shows no offline banner for a recent saved copy, even while the service is marked unreachable', async () => {
    garage.reset();
    connection.reset();
    connection.unreachable = { kind: 'network', reason: 'x', since: new Date().toISOString() };
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({
        ok: true,
        value: telemetry(),
        source: 'cache',
        fetchedAt: new Date(Date.now() - 2 * MINUTE).toISOString(),
      }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: vehicle(1) } });
    expect(await screen.findByText('Saved copy, 2 minutes old')).toBeTruthy();
    expect(screen.queryByText(/^Offline: saved copy/)).toBeNull();
    connection.reset();
  });

  it('mutes the synced and up-to-date states of a three-day-old copy and says how old it is', async () => {
    garage.reset();
    connection.reset();
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({
        ok: true,
        value: telemetry({}, { synced: true }),
        source: 'cache',
        fetchedAt: new Date(Date.now() - 3 * 1440 * MINUTE).toISOString(),
      }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: vehicle(1) } });
    const synced = await screen.findByText('Synced');
    expect(synced.closest('.states')?.classList.contains('old')).toBe(true);
    expect(screen.getByText(/As the vehicle reported 3 days ago; it may have changed since\./)).toBeTruthy();
  });
});

describe('times a technician counts', () => {
  it('counts certificate days on the calendar: the 26th is 3 days from late on the 23rd', () => {
    const now = new Date(2026, 10, 23, 23, 0).getTime();
    const exp = new Date(2026, 10, 26, 1, 0).getTime() / 1000;
    expect(daysBetween(now, exp * 1000)).toBe(3);
    expect(describeExpiry(exp, now).text).toBe('expires in 3 days');
    expect(describeExpiry(new Date(2026, 10, 23, 23, 30).getTime() / 1000, now).text).toBe('expires today');
  });

  it('says telemetry intervals in words', () => {
    expect(intervalText(86_400)).toBe('1 day');
    expect(intervalText(3_600)).toBe('1 hour');
    expect(intervalText(90)).toBe('1 minute 30 seconds');
    expect(intervalText(5)).toBe('5 seconds');
  });
});

describe('error words', () => {
  it('says a rate limit once, not twice', () => {
    const text = describeError({
      kind: 'rate_limited',
      status: 429,
      retryAfterSeconds: 1,
      message: 'The service is limiting requests (429). Wait 1 s and try again.',
    });
    expect(text).toBe('The service is limiting requests (429). Wait 1 s and try again.');
  });

  it('names the action, not the wire operation', () => {
    const text = describeError({
      kind: 'rejected',
      status: 400,
      message: 'The service rejected set_charging_amps (400). The service said: "amps out of range".',
    });
    expect(text).not.toContain('set_charging_amps');
    expect(text).toContain('“Set charging amps”');
  });
});

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

describe('a bulk run held by the rate limit', () => {
  beforeEach(() => {
    garage.reset();
    garage.loading = false;
    connection.reset();
    bulkRun.reset();
  });

  it("shows main's wait, never a 429 as a result, and keeps the run in the header", async () => {
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: garage.vehicles }) });
    const cars = fleet(3);
    garage.vehicles = cars;
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
