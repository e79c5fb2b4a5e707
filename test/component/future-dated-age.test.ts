// A saved copy dated in the future was written under a wrong clock: its age is unknown, and the
// screen says so instead of "less than a minute old". Times within the clock-skew tolerance still
// read as "just now".
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS } from '../../electron/shared/clock-skew';
import { COMMANDS } from '../../electron/shared/commands';
import type { FetchMeta } from '../../electron/shared/types';
import CacheBanner from '../../renderer/src/components/common/CacheBanner.svelte';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import { planBulk } from '../../renderer/src/lib/bulk-plan';
import { ageOf, ageText, dataAge, unknownAge } from '../../renderer/src/lib/format';
import { shownAge } from '../../renderer/src/lib/glance-view';
import { installFakeGarage } from './fake-garage';
import { telemetry, vehicle } from './fixtures';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const now = Date.parse('2026-11-21T10:00:00.000Z');
const ahead = (ms: number) => new Date(now + ms).toISOString();
/** Amounts past the tolerance, from just past it to the 400 days that once read "less than a minute". */
const FUTURE = [CLOCK_SKEW_MS + 1_000, 5 * MINUTE, 3 * 60 * MINUTE, 400 * DAY];
const stale = { kind: 'network', message: 'The service could not be reached.' };
const text = (element: HTMLElement) => element.textContent!.replace(/\s+/g, ' ').trim();

describe('ages of times in the future', () => {
  it.each(FUTURE)('has no age %i ms ahead, and never reads as a small one', (ms) => {
    expect(ageOf(ahead(ms), now)).toBeNull();
    expect(ageText(-ms)).toBe('an unknown time');
    const saved = dataAge({ source: 'cache', fetchedAt: ahead(ms) }, now);
    expect(saved).toMatchObject({ unknownAge: true, old: true, text: `Saved copy, ${unknownAge()}` });
    const offline = dataAge({ source: 'cache', fetchedAt: ahead(ms), stale }, now);
    expect(offline.text).toMatch(/^Offline: saved copy from .+, age unknown/);
    expect(offline).toMatchObject({ unknownAge: true, old: true });
    for (const said of [saved.text, offline.text]) expect(said).not.toMatch(/less than a minute|minute old/);
  });

  it('reads a time within the clock-skew tolerance as just now, and past times as before', () => {
    expect(ageOf(ahead(CLOCK_SKEW_MS - 1_000), now)).toBe(0);
    expect(ageText(-(CLOCK_SKEW_MS - 1_000))).toBe('less than a minute');
    expect(dataAge({ source: 'cache', fetchedAt: ahead(30_000) }, now).text).toBe(
      'Saved copy, less than a minute old',
    );
    expect(ageOf(ahead(-3 * MINUTE), now)).toBe(3 * MINUTE);
    expect(dataAge({ source: 'cache', fetchedAt: ahead(-3 * MINUTE) }, now)).toMatchObject({
      text: 'Saved copy, 3 minutes old',
      unknownAge: false,
      old: false,
    });
  });

  it('trusts the mark main puts on a copy dated in the future', () => {
    const meta = { source: 'cache', fetchedAt: ahead(CLOCK_SKEW_MS + 1), stale, futureDated: true } as const;
    // The renderer's own clock may have caught up since; main's mark still holds.
    expect(dataAge(meta, now + 10 * MINUTE)).toMatchObject({ unknownAge: true, old: true });
  });

  it('states no age for a glance row whose oldest part is dated in the future', () => {
    const part = { value: 'awake', asOf: ahead(400 * DAY), source: 'state', fromCache: true } as const;
    const glance = {
      sleep: part,
      batteryLevel: null,
      batteryRange: null,
      version: null,
      softwareUpdate: null,
      stagedVersion: null,
      telemetryExpiresAt: null,
      firmwareAlertCount: null,
      carType: null,
      inService: null,
      tyresLow: null,
      charging: null,
    };
    // A saved part: the row's short form says so, and that its age is unknown (never a small one).
    expect(shownAge(glance, now)).toMatchObject({ text: 'Saved · age unknown', old: true });
  });

  it('says a sighting dated in the future was at an unknown time in the bulk plan', () => {
    const asleep = vehicle(1, {
      glance: {
        sleep: { value: 'asleep', asOf: ahead(400 * DAY), source: 'state', fromCache: true },
        batteryLevel: null,
        batteryRange: null,
        version: null,
        softwareUpdate: null,
        stagedVersion: null,
        telemetryExpiresAt: null,
        firmwareAlertCount: null,
        carType: null,
        inService: null,
        tyresLow: null,
        charging: null,
      },
    });
    const plan = planBulk(
      [asleep],
      COMMANDS.close_windows,
      null,
      { waitForCompletion: true, maxAttempts: 1 },
      { now },
    );
    const said = JSON.stringify(plan);
    expect(said).toContain('Asleep (seen at an unknown time)');
    expect(said).not.toMatch(/less than a minute/);
  });
});

describe('the offline banner for a copy dated in the future', () => {
  it.each(FUTURE)('says its age is unknown, %i ms ahead', (ms) => {
    const meta: FetchMeta = { source: 'cache', fetchedAt: ahead(ms), stale };
    render(CacheBanner, { props: { meta, what: 'telemetry configuration', now } });
    const said = text(screen.getByRole('status'));
    expect(said).toMatch(
      /^Offline: saved copy from .+ \(age unknown: it is dated in the future, so a clock was wrong\)\. Showing the telemetry configuration saved then/,
    );
    expect(said).not.toMatch(/minute|hour|day old/);
  });

  it('shows the cache answer main gave, dated 400 days ahead, without inventing an age', async () => {
    const fetchedAt = new Date(Date.now() + 400 * DAY).toISOString();
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({
        ok: true,
        value: telemetry({}, { synced: true }),
        source: 'cache',
        fetchedAt,
        stale,
        futureDated: true,
      }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: vehicle(1) } });
    const synced = await screen.findByText('Synced');
    const banner = text(
      screen.getByText(/^Offline: saved copy from/).closest('[role="status"]') as HTMLElement,
    );
    expect(banner).toContain('(age unknown: it is dated in the future, so a clock was wrong)');
    expect(document.body.textContent).not.toMatch(/less than a minute/);
    // What the copy says is doubted like an old one, and the note says why.
    expect(synced.closest('.states')?.classList.contains('old')).toBe(true);
    expect(screen.getByText(/How long ago the vehicle reported this is unknown/)).toBeTruthy();
  });
});
