import { describe, expect, it } from 'vitest';
import { parseShellRequest, shellRequestFragment } from '../../../electron/shared/shell-requests';
import { acceleratorText, SHORTCUTS, shortcutFor, type KeyPress } from '../../../electron/shared/shortcuts';
import {
  formatLocaleOf,
  pressureIn,
  regionOf,
  unitsForRegion,
} from '../../../electron/shared/regional-units';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('the shortcut table', () => {
  it('maps Ctrl on Windows and Linux, Cmd on macOS', () => {
    const cases: [string, string][] = [
      ['f', 'focus-search'],
      ['k', 'quick-open'],
      ['K', 'quick-open'],
      ['r', 'refresh-vehicle'],
      [',', 'open-settings'],
      ['/', 'show-shortcuts'],
    ];
    for (const [key, action] of cases) {
      expect(shortcutFor(press(key, { ctrlKey: true }), false)?.action).toBe(action);
      expect(shortcutFor(press(key, { metaKey: true }), true)?.action).toBe(action);
      // The other platform's modifier is not the shortcut.
      expect(shortcutFor(press(key, { metaKey: true }), false)).toBeNull();
      expect(shortcutFor(press(key, { ctrlKey: true }), true)).toBeNull();
    }
  });

  it('refreshes on F5 without a modifier, and leaves Shift and Alt combinations alone', () => {
    expect(shortcutFor(press('F5'), false)?.action).toBe('refresh-vehicle');
    expect(shortcutFor(press('F5'), true)?.action).toBe('refresh-vehicle');
    expect(shortcutFor(press('r', { ctrlKey: true, shiftKey: true }), false)).toBeNull();
    expect(shortcutFor(press('k', { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(shortcutFor(press('r'), false)).toBeNull();
    expect(shortcutFor(press('F5', { ctrlKey: true }), false)).toBeNull();
  });

  it('lists each action once, and writes keys as the platform does', () => {
    expect(new Set(SHORTCUTS.map((shortcut) => shortcut.action)).size).toBe(SHORTCUTS.length);
    expect(acceleratorText('CmdOrCtrl+K', false)).toBe('Ctrl+K');
    expect(acceleratorText('CmdOrCtrl+K', true)).toBe('⌘K');
    expect(acceleratorText('F5', false)).toBe('F5');
  });
});

describe("main's requests to the page", () => {
  it('reads back what was written, each one a new URL', () => {
    const requests = [
      { kind: 'action', action: 'quick-open' },
      { kind: 'open-vehicle', profileId: 'p-1', vin: '5YJ3E1EA7KF000001' },
      { kind: 'open-job', profileId: 'p-1', vin: '5YJ3E1EA7KF000001', jobId: 'job-7' },
      { kind: 'open-run', runId: 'run-42' },
      { kind: 'link-refused', reason: 'unknown-vehicle', shown: '5YJ3E1EA7KF000001' },
      {
        kind: 'link-refused',
        reason: 'malformed-vin',
        shown: 'ABC & <b>',
        problem: 'VIN has 9 characters; it needs 17',
      },
      { kind: 'restarted' },
    ] as const;
    for (const request of requests) {
      const one = shellRequestFragment(request, 1);
      expect(parseShellRequest(`#${one}`)).toEqual(request);
      expect(shellRequestFragment(request, 2)).not.toBe(one);
    }
  });

  it('ignores anything else in the fragment', () => {
    for (const hash of [
      '',
      '#',
      '#top',
      '#vg:action?action=reload',
      '#vg:open-vehicle?profile=p&vin=short',
      '#vg:open-vehicle?profile=%3Cscript%3E&vin=5YJ3E1EA7KF000001',
      '#vg:open-run?run=',
      '#vg:open-job?profile=p&vin=5YJ3E1EA7KF000001',
      '#vg:link-refused?reason=because&shown=x',
      `#vg:link-refused?reason=unknown-job&shown=${'x'.repeat(41)}`,
      '#vg:link-refused?reason=unknown-job&shown=a%E2%80%AEb',
      '#vg:unknown',
    ]) {
      expect(parseShellRequest(hash)).toBeNull();
    }
  });
});

describe('units and formats from the system locale', () => {
  it('takes the region from the first locale that names a country', () => {
    expect(regionOf(['en-GB'])).toBe('GB');
    expect(regionOf(['en_US.UTF-8'])).toBe('US');
    expect(regionOf(['de', 'fr-CA'])).toBe('CA');
    expect(regionOf(['es-419'])).toBeNull();
    expect(regionOf(['C', null, '', 'en'])).toBeNull();
  });

  it('miles where roads are signed in miles, °F where temperatures are read in Fahrenheit', () => {
    expect(unitsForRegion('US')).toMatchObject({ distance: 'mi', temperature: 'f' });
    expect(unitsForRegion('GB')).toMatchObject({ distance: 'mi', temperature: 'c' });
    expect(unitsForRegion('LR')).toMatchObject({ distance: 'mi', temperature: 'f' });
    expect(unitsForRegion('MM')).toMatchObject({ distance: 'mi', temperature: 'c' });
    expect(unitsForRegion('BS')).toMatchObject({ distance: 'km', temperature: 'f' });
    expect(unitsForRegion('de')).toMatchObject({ distance: 'km', temperature: 'c' });
  });

  it('tyre pressure in psi, kPa or bar as gauges read it there, precise enough to tell tyres apart', () => {
    expect(unitsForRegion('US').pressure).toBe('psi');
    expect(unitsForRegion('GB').pressure).toBe('psi');
    expect(unitsForRegion('CA').pressure).toBe('kPa');
    expect(unitsForRegion('JP').pressure).toBe('kPa');
    expect(unitsForRegion('DE').pressure).toBe('bar');
    expect(pressureIn(2.93, 'bar')).toEqual({ value: 2.93, digits: 2 });
    expect(pressureIn(2.93, 'kPa')).toEqual({ value: 293, digits: 0 });
    const psi = pressureIn(2.93, 'psi');
    expect(psi.digits).toBe(1);
    expect(psi.value).toBeCloseTo(42.496, 2);
  });

  it('formats in the system locale when Intl knows it', () => {
    expect(formatLocaleOf('de_DE.UTF-8')).toBe('de-DE');
    expect(formatLocaleOf('en-GB')).toBe('en-GB');
    expect(formatLocaleOf('C')).toBeUndefined();
    expect(formatLocaleOf(null)).toBeUndefined();
  });
});

describe('paper from the region', () => {
  it('prints on US Letter where printers hold it, A4 elsewhere and when unknown', async () => {
    const { paperForRegion } = await import('../../../electron/shared/regional-units');
    expect(paperForRegion('US')).toBe('Letter');
    expect(paperForRegion('ca')).toBe('Letter');
    expect(paperForRegion('MX')).toBe('Letter');
    expect(paperForRegion('DE')).toBe('A4');
    expect(paperForRegion('GB')).toBe('A4');
    expect(paperForRegion(null)).toBe('A4');
  });
});
