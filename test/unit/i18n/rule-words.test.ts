// What the shared rules say, in the language of whoever asks: an audit entry's outcome and effect,
// a command still running, the software update's time, the undo of a command, what is wrong with a
// VIN and a deep link's malformed VIN, in German from the German catalog, and word for word the
// English they always said without a translator.
import { beforeAll, describe, expect, it } from 'vitest';
import { effectText, outcomeText } from '../../../electron/shared/audit-words';
import { commandBusyText } from '../../../electron/shared/command-busy';
import { undoHint } from '../../../electron/shared/commands';
import { parseDeepLink } from '../../../electron/shared/deep-links';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import { vinProblem } from '../../../electron/shared/vin';
import { scheduleTitle } from '../../../electron/shared/workshop-commands';

describe('the shared rules in German', () => {
  beforeAll(() => loadCatalog('de'));
  const { t } = createTranslator({ language: 'de', formatLocale: 'de-DE' });

  it("say an audit entry's outcome and what the service confirmed", () => {
    expect(outcomeText('success', t)).toBe('Erfolgreich');
    expect(outcomeText('failed', t)).toBe('Nicht ausgeführt (abgelehnt)');
    expect(outcomeText('not-sent', t)).toBe('Nicht gesendet');
    expect(outcomeText('error', t)).toBe('Fehlgeschlagen (Fehler)');
    const entry = { operation: 'command:set_temperatures', outcome: 'success' as const };
    expect(effectText({ ...entry, params: { temperature: 21.5 } }, t)).toBe(
      'Innenraumtemperatur einstellen auf 21,5 °C: ausgeführt, vom Dienst bestätigt',
    );
    expect(effectText({ ...entry, params: { temperature: 21.5, waitForCompletion: false } }, t)).toBe(
      'Innenraumtemperatur einstellen auf 21,5 °C: vom Dienst angenommen, nicht auf das Fahrzeug gewartet',
    );
    expect(effectText({ ...entry, outcome: 'failed', params: {} }, t)).toBe('Nichts bestätigt');
    expect(
      effectText(
        { operation: 'setPlate', outcome: 'success', params: { plate: 'B-XY 12', previousPlate: null } },
        t,
      ),
    ).toBe('Kennzeichen B-XY 12 gesetzt (vorher keins)');
    expect(
      effectText(
        { operation: 'setDriveTag', outcome: 'success', params: { drives: 'd1', tag: 'Probefahrt' } },
        t,
      ),
    ).toBe('1 Fahrt als „Probefahrt“ markiert');
    expect(
      effectText(
        { operation: 'setDriveTag', outcome: 'success', params: { drives: 'd1,d2', tag: 'Probefahrt' } },
        t,
      ),
    ).toBe('2 Fahrten als „Probefahrt“ markiert');
    expect(effectText({ operation: 'wake', outcome: 'success', params: {} }, t)).toBe('Fahrzeug wach');
  });

  it('say a command still running, the update time and how to undo a command', () => {
    expect(commandBusyText('lock', t)).toBe(
      '„Verriegeln“ läuft an diesem Fahrzeug noch; warten Sie, bis es fertig ist.',
    );
    expect(commandBusyText('wake', t)).toMatch(/^„Aufwecken“ läuft/);
    expect(scheduleTitle(0, t)).toBe('Software-Update jetzt installieren');
    expect(scheduleTitle(900, t)).toBe('Software-Update in 15 Min. installieren');
    expect(scheduleTitle(90, t)).toBe('Software-Update in 90 s installieren');
    expect(undoHint('enable_valet', t)).toBe('Rückgängig machen: Valet-Modus ausschalten.');
  });

  it('say what is wrong with a VIN, also in a deep link', () => {
    expect(vinProblem('', t)).toBe('Die FIN ist leer; sie braucht 17 Zeichen');
    expect(vinProblem('5YJ3E1EA7KF31700', t)).toBe('Die FIN hat 16 Zeichen; sie braucht 17');
    expect(vinProblem('5YJ3O1EA7KF317000', t)).toBe(
      'Eine FIN darf kein I, O oder Q enthalten („O“ an Stelle 5)',
    );
    expect(vinProblem('5yJ3E1EA7KF317000', t)).toBe(
      'Eine FIN muss in Großbuchstaben geschrieben sein („y“ an Stelle 2)',
    );
    expect(vinProblem('5YJ3E1EA7KF3170-0', t)).toMatch(
      /^Eine FIN darf nur die Buchstaben A–Z .*„-“ an Stelle 16/,
    );
    expect(parseDeepLink('vehicle-garage://vehicle/5YJ3E1EA7KF31700', t)).toMatchObject({
      reason: 'malformed-vin',
      problem: 'Die FIN hat 16 Zeichen; sie braucht 17',
    });
  });
});

describe('the shared rules without a translator', () => {
  it('say the English they always said', () => {
    expect(outcomeText('not-sent')).toBe('Not sent');
    expect(
      effectText({ operation: 'command:set_charge_limit', outcome: 'success', params: { percent: 80 } }),
    ).toBe('Set charge limit to 80 %: done, the service confirmed');
    expect(
      effectText({
        operation: 'setPlate',
        outcome: 'success',
        params: { plate: 'AB 1', previousPlate: 'CD 2' },
      }),
    ).toBe('Plate set to AB 1, was CD 2');
    expect(
      effectText({ operation: 'setDriveTag', outcome: 'success', params: { drives: 'a,b', tag: 'test' } }),
    ).toBe('2 drives tagged “test”');
    expect(effectText({ operation: 'renameVehicle', outcome: 'success', params: { nickname: 'Ada' } })).toBe(
      'Named “Ada”',
    );
    expect(commandBusyText('close_windows')).toBe(
      'Close windows is still running on this vehicle; wait for it to finish.',
    );
    expect(scheduleTitle(600)).toBe('Install software update in 10 min');
    expect(scheduleTitle(undefined)).toBe('Install software update');
    expect(undoHint('enable_valet')).toBe('To undo: Disable valet mode.');
    expect(undoHint('set_speed_limit')).toBe('To undo: set the previous speed limit again.');
    expect(vinProblem('5')).toBe('VIN has 1 character; it needs 17');
    expect(vinProblem('5YJ3O1EA7KF317000')).toBe("VIN may not contain I, O or Q (found 'O' at position 5)");
  });
});
