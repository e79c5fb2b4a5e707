// Sample data for component tests: vehicles, telemetry and release notes shaped like the demo's.
import type { FetchMeta, ReleaseNotesView, TelemetryConfig, VehicleEntry } from '../../electron/shared/types';
import type { Responders } from './fake-garage';
import { unknownGlance } from '../../electron/shared/vehicle-values';
import { decodeVin, vinWithCheckDigit } from '../../electron/shared/vin';

export function vinFor(serial: number): string {
  return vinWithCheckDigit(`5YJ3E1EA0PF${String(serial).padStart(6, '0')}`);
}

export function vehicle(serial: number, patch: Partial<VehicleEntry> = {}): VehicleEntry {
  const vin = patch.vin ?? vinFor(serial);
  return {
    vin,
    nickname: `Car ${serial}`,
    addedAt: '2026-01-01T00:00:00.000Z',
    decoded: decodeVin(vin, 2026),
    warnings: [],
    plate: `PL ${serial}`,
    model: 'Model 3 Long Range (2023)',
    status: { lastSource: null, lastFetchedAt: null, lastCommand: null },
    glance: unknownGlance(),
    ...patch,
  };
}

export function fleet(count: number): VehicleEntry[] {
  return Array.from({ length: count }, (_, i) => vehicle(100 + i));
}

export const liveMeta: FetchMeta = { source: 'live', fetchedAt: '2026-11-21T10:00:00.000Z' };
export const staleMeta: FetchMeta = {
  source: 'cache',
  fetchedAt: '2026-11-18T10:00:00.000Z',
  stale: { kind: 'network', message: 'The service at 127.0.0.1 refused the connection.' },
};

export function telemetry(
  patch: Partial<TelemetryConfig['config']> = {},
  top: Partial<TelemetryConfig> = {},
): TelemetryConfig {
  return {
    synced: true,
    update_available: false,
    config: {
      hostname: 'telemetry.example',
      ca: '-----BEGIN CERTIFICATE-----',
      exp: Math.floor(Date.now() / 1000) + 200 * 86_400,
      port: 4443,
      fields: {
        BatteryLevel: { interval_seconds: 30 },
        Gear: { interval_seconds: 5 },
        Odometer: { interval_seconds: 600 },
      },
      alert_types: ['service'],
      ...patch,
    },
    ...top,
  };
}

export const PIXEL_LIGHT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
export const PIXEL_DARK =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function notes(patch: Partial<ReleaseNotesView> = {}): ReleaseNotesView {
  return {
    deployed_version: '2026.14.3',
    staged_version: null,
    release_notes: [
      {
        title: 'Blind Spot Camera',
        subtitle: 'See more',
        description: 'The repeater camera view appears when you signal.',
        customer_version: '2026.14.3',
        image_url: 'https://cdn.example/dark.png',
        light_image_url: 'https://cdn.example/light.png',
      },
    ],
    images: { 'https://cdn.example/dark.png': PIXEL_DARK, 'https://cdn.example/light.png': PIXEL_LIGHT },
    ...patch,
  };
}

/** A promise the test resolves when it wants, to hold a component in its loading state. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Main's answer holding a value (a local operation's envelope; a read adds its source and times). */
export const ok = <T>(value: T) => ({ ok: true as const, value });

/** Main's garage with no vehicles, for views that list it only in passing. */
export const emptyGarage: Responders = { 'vehicles.list': () => ({ ok: true, value: [] }) };
