// An action is named as its button names it, in every language the catalogs hold, and its values
// follow the language's plural rules and digits.
import { beforeAll, describe, expect, it } from 'vitest';
import { actionText, valuesText } from '../../../electron/shared/audit-words';
import { COMMAND_NAMES, COMMANDS } from '../../../electron/shared/commands';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { en } from '../../../electron/shared/i18n/en';
import { createTranslator } from '../../../electron/shared/i18n/translator';

describe('the words for an action', () => {
  beforeAll(() => loadCatalog('de'));

  it('name each command in English exactly as its button does', () => {
    for (const name of COMMAND_NAMES) expect(en[`command.${name}`], name).toBe(COMMANDS[name].label);
  });

  it('say an action and its values in German, with its plural and decimal comma', () => {
    const { t } = createTranslator({ language: 'de', formatLocale: 'de-DE' });
    expect(actionText('command:set_temperatures', t)).toBe('Innenraumtemperatur einstellen');
    expect(actionText('policy:refused', t)).toBe('Von der Werkstattregel abgelehnt');
    expect(
      valuesText(
        'command:set_temperatures',
        { temperature: 21.5, waitForCompletion: true, maxAttempts: 1 },
        t,
      ),
    ).toBe('Temperatur 21,5 °C, auf Abschluss warten, bis zu 1 Versuch');
    expect(valuesText('command:set_charge_limit', { percent: 90, maxAttempts: 3 }, t)).toBe(
      'Ladelimit 90 %, bis zu 3 Versuche',
    );
    expect(valuesText('setPlate', { plate: null, previousPlate: 'B-XY 12' }, t)).toBe(
      'Kennzeichen entfernt; vorher: B-XY 12',
    );
  });

  it('say them in English as before when no language is given', () => {
    expect(actionText('setDriveTag')).toBe('Tag drives');
    expect(actionText('wake')).toBe('Wake up');
    expect(actionText('policy:refused')).toBe('Refused by the shop policy');
    expect(actionText('command:set_charge_limit')).toBe('Set charge limit');
    expect(valuesText('command:set_charge_limit', { percent: 90, maxAttempts: 1 })).toBe(
      'charge limit 90 %, up to 1 attempt',
    );
    expect(valuesText('setPlate', { plate: 'AB 1', previousPlate: null })).toBe(
      'plate AB 1; before: no plate',
    );
  });
});
