// How a command to one car ended reads as it always has in English, and in German when the caller
// speaks German: main words it once with tm and keeps it in the run's record.
import { describe, expect, it } from 'vitest';
import { commandOutcome, undoOf } from '../../../electron/shared/command-outcome';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import type { RunCommand } from '../../../electron/shared/runs';
import type { VehicleState } from '../../../electron/shared/wire';

const AT = '2026-11-28T10:00:00.000Z';
const CHARGE_80: RunCommand = { name: 'set_charge_limit', options: { percent: 80 } };
const LOCK: RunCommand = { name: 'lock', options: {} };
const done = { status: 'succeeded', message: null, errorKind: null, effect: null, woke: true } as const;
const before = { charge_state: { charge_limit_soc: 90 } } as unknown as VehicleState;

describe("a command's outcome", () => {
  it('reads in English word for word as before', () => {
    expect(commandOutcome(CHARGE_80, done, AT).text).toBe(
      'Charge limit set to 80 % (the vehicle was woken for it)',
    );
    expect(commandOutcome(LOCK, { ...done, woke: false }, AT).text).toBe('Lock: the vehicle said it did it');
    const accepted = { name: 'close_windows', options: { waitForCompletion: false } } as RunCommand;
    expect(commandOutcome(accepted, { ...done, woke: false }, AT).text).toBe(
      'Accepted by the service; the car has not shown it yet',
    );
    expect(commandOutcome(accepted, { ...done, woke: false }, AT).subject).toBe('Close windows');
    const unsent = { ...done, status: 'not-sent', woke: false } as const;
    expect(commandOutcome(CHARGE_80, unsent, AT)).toMatchObject({
      text: 'Not sent.',
      subject: 'Set charge limit to 80 %',
    });
    expect(undoOf(CHARGE_80, before)?.label).toBe('Undo: back to 90 %');
  });

  it('reads in German when said in German', async () => {
    await loadCatalog('de');
    const { t } = createTranslator({ language: 'de', formatLocale: 'de-DE' });
    expect(commandOutcome(CHARGE_80, done, AT, null, t).text).toBe(
      'Ladelimit auf 80 % eingestellt (das Fahrzeug wurde dafür geweckt)',
    );
    expect(commandOutcome(LOCK, { ...done, woke: false }, AT, null, t).text).toBe(
      'Verriegeln: Das Fahrzeug hat die Ausführung gemeldet',
    );
    const unsent = { ...done, status: 'not-sent', woke: false } as const;
    expect(commandOutcome(CHARGE_80, unsent, AT, null, t)).toMatchObject({
      text: 'Nicht gesendet.',
      subject: 'Ladelimit einstellen: 80 %',
    });
    expect(undoOf(CHARGE_80, before, t)?.label).toBe('Rückgängig: zurück auf 90 %');
  });
});
