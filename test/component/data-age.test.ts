// How old the data on screen is, in words that are true: live, a saved copy N old or an offline
// copy (never "cached" for a live answer), old states muted, certificate days counted on the
// calendar, and telemetry intervals in words.
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { FetchMeta } from '../../electron/shared/types';
import CacheBanner from '../../renderer/src/components/common/CacheBanner.svelte';
import FetchStatus from '../../renderer/src/components/common/FetchStatus.svelte';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import { connection } from '../../renderer/src/lib/stores';
import { ageText, daysBetween, describeExpiry, intervalText } from '../../renderer/src/lib/format';
import { installFakeGarage } from './fake-garage';
import { telemetry, vehicle } from './fixtures';

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
    connection.apply({ online: false, message: 'x' });
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
  });

  it('mutes the synced and up-to-date states of a three-day-old copy and says how old it is', async () => {
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
