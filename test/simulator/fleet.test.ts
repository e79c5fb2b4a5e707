// The seeded fleet and the release-notes library, without HTTP.
import { describe, expect, it } from 'vitest';
import { SOFTWARE_VERSION_RE, releaseNoteSchema } from '../../electron/shared/wire';
import { decodeVin, hasValidCheckDigit, vinProblem } from '../../electron/shared/vin';
import { createFleet } from '../../electron/main/simulator/index';
import {
  RELEASE_NOTE_LANGUAGES,
  VERSIONS,
  notesFor,
  resolveLanguage,
} from '../../electron/main/simulator/release-notes-library';

const NOW = Date.UTC(2026, 4, 1);

describe('createFleet', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(createFleet(1, 12, NOW)).toEqual(createFleet(1, 12, NOW));
    expect(createFleet(2, 12, NOW).map((v) => v.vin)).not.toEqual(createFleet(1, 12, NOW).map((v) => v.vin));
  });

  it('gives about a dozen distinct vehicles with valid, decodable VINs', () => {
    for (const seed of [1, 2, 3, 42, 1234]) {
      const fleet = createFleet(seed, 12, NOW);
      expect(fleet).toHaveLength(12);
      expect(new Set(fleet.map((v) => v.vin)).size).toBe(12);
      for (const v of fleet) {
        expect(vinProblem(v.vin)).toBeNull();
        expect(hasValidCheckDigit(v.vin)).toBe(true);
        const d = decodeVin(v.vin, 2026);
        expect(d.maker).toBe('Tesla');
        expect(d.plant).not.toBeNull();
        // Non-North-American years are only "the latest plausible", which agrees for these years.
        expect(d.modelYear).toBe(v.year);
      }
    }
  });

  it('has the variety a demo and the tests need, for every seed', () => {
    const maxAmps = new Set<number>();
    for (const seed of [1, 2, 3, 42, 1234]) {
      const fleet = createFleet(seed, 12, NOW);
      const nowSec = NOW / 1000;
      expect(new Set(fleet.map((v) => v.modelName)).size).toBeGreaterThanOrEqual(3);
      expect(fleet.filter((v) => v.sleepState === 'offline')).toHaveLength(1);
      expect(fleet.filter((v) => v.sleepState === 'asleep').length).toBeGreaterThanOrEqual(1);
      expect(fleet.filter((v) => v.sleepState === 'awake').length).toBeGreaterThanOrEqual(6);
      expect(fleet.some((v) => !v.supportsCloseWindows)).toBe(true);
      expect(fleet.some((v) => v.telemetry.update_available && !v.telemetry.synced)).toBe(true);
      expect(fleet.filter((v) => v.telemetry.config.exp - nowSec < 7 * 86400)).toHaveLength(1);
      expect(fleet.some((v) => v.stagedVersion !== null)).toBe(true);
      expect(fleet.some((v) => v.stagedVersion === null)).toBe(true);
      expect(fleet.filter((v) => v.flakiness > 0).length).toBeGreaterThanOrEqual(2);
      for (const v of fleet) maxAmps.add(v.maxAmps);
    }
    expect([...maxAmps].sort()).toEqual([32, 48]);
  });

  it('gives every vehicle coherent, UI-ready fields', () => {
    const fleet = createFleet(9, 30, NOW);
    const driveIds = fleet.flatMap((v) => v.drives.map((d) => d.id));
    expect(new Set(driveIds).size).toBe(driveIds.length);
    expect(Math.min(...driveIds)).toBe(10000);
    for (const v of fleet) {
      expect(v.displayName.length).toBeGreaterThan(0);
      expect(v.modelName).toBe(`${v.model} ${v.trim}`);
      expect([32, 48]).toContain(v.maxAmps);
      expect(v.chargingAmps).toBeGreaterThanOrEqual(1);
      expect(v.chargingAmps).toBeLessThanOrEqual(v.maxAmps);
      expect(v.cabinTemperatureC).toBeGreaterThanOrEqual(15);
      expect(v.cabinTemperatureC).toBeLessThanOrEqual(28);
      expect(v.chargeLimitPercent).toBeGreaterThanOrEqual(50);
      expect(v.chargeLimitPercent).toBeLessThanOrEqual(100);
      expect(v.speedLimitMph).toBeGreaterThanOrEqual(50);
      expect(v.speedLimitMph).toBeLessThanOrEqual(120);
      expect(['closed', 'open', 'unlocked']).toContain(v.chargePort);
      expect(v.deployedVersion).toMatch(/^\d{4}\.\d+\.\d+$/);
      expect(v.drives.length).toBeGreaterThanOrEqual(4);
      for (const d of v.drives) expect(d.endedAt).toBeGreaterThan(d.startedAt);
      if (v.plate !== null) expect(v.plate).toMatch(/^[A-Z]{3} \d{3,4}$/);
    }
    expect(new Set(fleet.map((v) => v.displayName)).size).toBe(30);
  });

  it('staged versions come after the deployed one in the library', () => {
    const order = VERSIONS.map((v) => v.version);
    for (const v of createFleet(5, 40, NOW)) {
      if (v.stagedVersion)
        expect(order.indexOf(v.stagedVersion)).toBeGreaterThan(order.indexOf(v.deployedVersion));
    }
  });

  it('handles small fleets', () => {
    expect(createFleet(1, 0, NOW)).toEqual([]);
    expect(createFleet(1, 1, NOW)[0]?.sleepState).not.toBe('offline');
    expect(() => createFleet(1, -1)).toThrow();
  });
});

describe('release notes library', () => {
  it('has every version in every language with realistic text', () => {
    expect(RELEASE_NOTE_LANGUAGES).toEqual(expect.arrayContaining(['en', 'de', 'fr']));
    for (const { version } of VERSIONS) {
      expect(version).toMatch(SOFTWARE_VERSION_RE);
      const en = notesFor(version, 'en', 'http://x');
      expect(en.length).toBeGreaterThan(0);
      for (const lang of RELEASE_NOTE_LANGUAGES) {
        const notes = notesFor(version, lang, 'http://x');
        expect(notes).toHaveLength(en.length);
        for (const note of notes) {
          releaseNoteSchema.parse(note);
          expect(note.description.length).toBeGreaterThan(30);
        }
        if (lang !== 'en') expect(notes.map((n) => n.title)).not.toEqual(en.map((n) => n.title));
      }
    }
  });

  it('resolves language codes with an English fallback', () => {
    expect(resolveLanguage('de')).toBe('de');
    expect(resolveLanguage('FR_ca')).toBe('fr');
    expect(resolveLanguage('ja')).toBe('en');
    expect(resolveLanguage(undefined)).toBe('en');
  });
});
