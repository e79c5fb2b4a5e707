// The close-out warning's undo says its value in the technician's units, as the warning beside it
// does: a speed limit in km/h when distances are in km, a temperature in °F when chosen; the record
// keeps the service's (mph, °C), and without a choice the service's units are said.
import { describe, expect, it } from 'vitest';
import { undoWords } from '../../../electron/shared/jobs/record-words';
import { english } from '../../../electron/shared/i18n/english';

const words = (units: { distance?: 'km' | 'mi'; temperature?: 'c' | 'f' } = {}) => ({
  t: english,
  formatLocale: 'en-US',
  units,
});

describe('the undo of a close-out warning', () => {
  it("says a speed limit's undo in km/h when the technician reads km", () => {
    const undo = { command: 'set_speed_limit' as const, value: 70, label: 'Set speed limit' };
    expect(undoWords(undo, words({ distance: 'km' }))).toBe('Set speed limit to 113 km/h');
    expect(undoWords(undo, words({ distance: 'mi' }))).toBe('Set speed limit to 70 mph');
    expect(undoWords(undo, words())).toBe('Set speed limit to 70 mph');
  });

  it("says a temperature's undo in °F when chosen, and a charge limit in % either way", () => {
    const warm = { command: 'set_temperatures' as const, value: 21, label: 'Set temperature' };
    expect(undoWords(warm, words({ temperature: 'f' }))).toBe('Set cabin temperature to 69.8 °F');
    const limit = { command: 'set_charge_limit' as const, value: 80, label: 'Set charge limit' };
    expect(undoWords(limit, words({ distance: 'km', temperature: 'f' }))).toBe('Set charge limit to 80 %');
  });
});
