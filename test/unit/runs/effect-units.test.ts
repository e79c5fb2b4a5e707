// A command's effect is said in the technician's units. Main words it in the service's (°C, mph),
// as the run and its CSV keep it, and carries the numbers with the words; the window says those
// numbers again in °F or km/h: the bulk results, a single command's outcome and its undo, History.
import { describe, expect, it } from 'vitest';
import { confirmedEffect } from '../../../electron/main/runs/confirmed-effect';
import { effectText, valuesText } from '../../../electron/shared/audit-words';
import {
  commandOutcome,
  itemEffectText,
  outcomeInUnits,
  undoOf,
} from '../../../electron/shared/command-outcome';
import { english } from '../../../electron/shared/i18n/english';
import { effectWords } from '../../../electron/shared/jobs/record-words';
import type { RunCommand } from '../../../electron/shared/runs';
import type { VehicleState } from '../../../electron/shared/wire';

const AT = '2026-11-25T10:00:00.000Z';
const FAHRENHEIT_KM = { temperature: 'f', distance: 'km' } as const;

function state(patch: { temperature?: number; mph?: number } = {}) {
  return {
    state: 'online',
    climate_state: { driver_temp_setting: patch.temperature ?? 21 },
    vehicle_state: { speed_limit_mode: { active: true, current_limit_mph: patch.mph ?? 65 } },
  } as unknown as VehicleState;
}

/** A command main ran, its item as main ended it (the effect main read back) and main's outcome. */
function ran(command: RunCommand, after: VehicleState, before: VehicleState) {
  const effect = confirmedEffect(command.name, command.options, after, AT, before);
  const item = { status: 'succeeded' as const, message: null, errorKind: null, effect, woke: false };
  const outcome = commandOutcome(command, item, AT, undoOf(command, before));
  return { effect, item, outcome };
}

describe("a value command's effect", () => {
  const warmer: RunCommand = { name: 'set_temperatures', options: { temperature: 22.2 } };
  const faster: RunCommand = { name: 'set_speed_limit', options: { mph: 62 } };

  it("is recorded by main in the service's units, with its numbers beside the words", () => {
    const { effect } = ran(warmer, state({ temperature: 22.2 }), state());
    expect(effect).toEqual({
      value: 22.2,
      was: 21,
      text: 'now 22.2 °C, was 21 °C',
      confirmed: true,
      asOf: AT,
    });
  });

  it('is said in °F and km/h when the technician reads them, and as main said it otherwise', () => {
    const warm = ran(warmer, state({ temperature: 22.2 }), state()).effect;
    expect(itemEffectText('set_temperatures', warm, english, FAHRENHEIT_KM)).toBe('now 72 °F, was 69.8 °F');
    expect(itemEffectText('set_temperatures', warm, english, {})).toBe(warm.text);
    const fast = ran(faster, state({ mph: 62 }), state()).effect;
    expect(itemEffectText('set_speed_limit', fast, english, FAHRENHEIT_KM)).toBe(
      'now 100 km/h, was 105 km/h',
    );
    // Not shown yet: what the car reports instead, in km/h too.
    const notYet = confirmedEffect('set_speed_limit', { mph: 62 }, state(), AT, state());
    expect(itemEffectText('set_speed_limit', notYet, english, FAHRENHEIT_KM)).toBe(
      'the car does not show the change yet: it reports 105 km/h',
    );
    // A run kept before the numbers were: its words as they are.
    const { was: _was, ...older } = warm;
    expect(itemEffectText('set_temperatures', older, english, FAHRENHEIT_KM)).toBe('now 22.2 °C, was 21 °C');
  });

  it("makes a single command's outcome, its undo included, speak °F", () => {
    const { item, outcome } = ran(warmer, state({ temperature: 22.2 }), state());
    expect(outcome).toMatchObject({
      text: 'Cabin temperature set to 22.2 °C',
      detail: 'now 22.2 °C, was 21 °C',
      undo: { label: 'Undo: back to 21 °C' },
    });
    const said = outcomeInUnits(outcome, warmer, item, english, FAHRENHEIT_KM);
    expect(said).toMatchObject({
      tone: 'ok',
      text: 'Cabin temperature set to 72 °F',
      detail: 'now 72 °F, was 69.8 °F',
      sent: 22.2,
      undo: { label: 'Undo: back to 69.8 °F', command: { options: { temperature: 21 } } },
    });
    expect(JSON.stringify(said)).not.toMatch(/°C/);
  });

  it("is said in History in the technician's units, and in the CSV as sent", () => {
    const entry = {
      operation: 'command:set_speed_limit',
      params: { mph: 62, waitForCompletion: true },
      outcome: 'success' as const,
    };
    expect(effectText(entry, english, FAHRENHEIT_KM)).toBe(
      'Set speed limit to 100 km/h: done, the service confirmed',
    );
    expect(valuesText(entry.operation, entry.params, english, undefined, FAHRENHEIT_KM)).toBe(
      'speed limit 100 km/h, wait for completion',
    );
    expect(effectText(entry, english)).toBe('Set speed limit to 62 mph: done, the service confirmed');
    expect(valuesText(entry.operation, entry.params, english)).toBe(
      'speed limit 62 mph, wait for completion',
    );
  });

  it("is said in the job's record in °F from the record's own numbers, which keep the service's", () => {
    const effect = {
      status: 'confirmed' as const,
      reading: 'cabinTemperature' as const,
      before: 21,
      after: 22.2,
      confirmedAt: AT,
      text: 'cabin temperature 21 → 22.2 °C, confirmed 10:00:00 UTC',
    };
    const words = { t: english, formatLocale: undefined, units: FAHRENHEIT_KM };
    expect(effectWords(effect, { outcome: 'success' }, words)).toBe(
      'cabin temperature 69.8 → 72 °F, confirmed 10:00:00 UTC',
    );
  });
});
