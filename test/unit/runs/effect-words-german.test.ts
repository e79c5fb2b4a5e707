// What a command's read-back says and how old a sighting is speak main's language: in German the
// effect, the car's switches and the age read in German, plurals included; in English as always.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { agoText } from '../../../electron/shared/age-words';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import type { VehicleState } from '../../../electron/shared/wire';
import { speak, tm } from '../../../electron/main/i18n/main-words';
import { confirmedEffect, notWaitedEffect, unreadEffect } from '../../../electron/main/runs/confirmed-effect';

const GERMAN = { language: 'de', formatLocale: 'de-DE' } as const;
const state = (vehicle: Record<string, unknown>, charge: Record<string, unknown> = {}) =>
  ({ state: 'online', vehicle_state: vehicle, charge_state: charge }) as unknown as VehicleState;
/** A charge limit set to 80 % on a car whose last reading said 90 %. */
const limitFrom90 = () =>
  confirmedEffect(
    'set_charge_limit',
    { percent: 80 },
    state({}, { charge_limit_soc: 80 }),
    null,
    state({}, { charge_limit_soc: 90 }),
  );
const NOW = Date.parse('2026-11-28T12:00:00.000Z');

beforeAll(() => loadCatalog('de'));
afterEach(() => speak({ language: 'en', formatLocale: undefined }));

describe('the effect read back, in main’s language', () => {
  it('says a confirmed value and a switch in German, with what it replaced', () => {
    speak(GERMAN);
    const limit = limitFrom90();
    expect(limit.text).toBe('jetzt 80 %, vorher 90 %');
    expect(confirmedEffect('lock', {}, state({ locked: true }), null, state({ locked: false })).text).toBe(
      'jetzt verriegelt, vorher entriegelt',
    );
    expect(confirmedEffect('activate_front_trunk', {}, state({}), null).text).toBe(
      'das Fahrzeug meldet nichts über den Frunk',
    );
    expect(confirmedEffect('flash', {}, state({}), null).text).toBe(
      'der Fahrzeugzustand zeigt kein Lichtsignal: am Fahrzeug prüfen',
    );
    expect(notWaitedEffect().text).toBe('vom Dienst angenommen; nicht auf das Fahrzeug gewartet');
    expect(unreadEffect('Zeitüberschreitung').text).toBe('nicht zurückgelesen: Zeitüberschreitung');
  });

  it('reads the same in English as it always has', () => {
    const limit = limitFrom90();
    expect(limit.text).toBe('now 80 %, was 90 %');
    expect(confirmedEffect('lock', {}, state({ locked: false }), null).text).toBe(
      'the car does not show the change yet: it reports unlocked',
    );
  });
});

describe('how old a sighting is', () => {
  it('counts with the plural rules in English and German', () => {
    expect(agoText(NOW - 60_000, NOW)).toBe('1 minute ago');
    expect(agoText(NOW - 5 * 3_600_000, NOW)).toBe('5 hours ago');
    expect(agoText(NOW + 3_600_000, NOW)).toBe('at an unknown time');
    speak(GERMAN);
    expect(agoText(NOW - 60_000, NOW, tm)).toBe('vor 1 Minute');
    expect(agoText(NOW - 2 * 86_400_000, NOW, tm)).toBe('vor 2 Tagen');
    expect(agoText(NOW + 3_600_000, NOW, tm)).toBe('zu unbekannter Zeit');
  });
});
