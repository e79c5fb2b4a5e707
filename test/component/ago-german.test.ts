// "How long ago" is one phrase of each language, so German puts the age in its own case: "vor 2
// Tagen", "vor weniger als einer Minute", never "vor" before the nominative "2 Tage". The board's
// readings and last action, a colleague's shared read and the telemetry's age all say it so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BoardCar } from '../../electron/shared/shop-board';
import { lastActionText, stateLines } from '../../renderer/src/lib/board-words';
import { dataAge } from '../../renderer/src/lib/format';
import { applyLanguage, resetLanguage } from '../../renderer/src/lib/i18n.svelte';

const now = Date.parse('2026-11-25T10:00:00.000Z');
const at = (ms: number) => new Date(now - ms).toISOString();
const DAY = 86_400_000;

function car(readAgo: number, actionAgo: number): BoardCar {
  return {
    vin: '5YJ3E1EA7KF317000',
    nickname: null,
    plate: null,
    claim: null,
    job: null,
    state: {
      sleep: { value: 'asleep', readAt: at(readAgo), source: 'status', technician: 'Ana', role: 'Ana' },
    },
    lastAction: {
      time: at(actionAgo),
      operation: 'wake',
      outcome: 'succeeded',
      technician: 'Ben',
      role: 'Ben',
    },
    waiting: 0,
  } as BoardCar;
}

describe('how long ago, in German', () => {
  beforeEach(() => applyLanguage({ language: 'de', formatLocale: 'de-DE' }));
  afterEach(() => resetLanguage());

  it('says a reading and the last action in the dative', () => {
    const board = car(2 * DAY + 5_000, 30_000);
    expect(stateLines(board, now)[0]!.read).toBe('vor 2 Tagen von Ana gelesen');
    expect(lastActionText(board, now)).toMatch(/: Ben, vor weniger als einer Minute$/);
  });

  it("says a colleague's shared read the same way", () => {
    const age = dataAge(
      { source: 'cache', fetchedAt: at(3 * DAY), readBy: { technician: 'Ana', role: 'Ana' } },
      now,
    );
    expect(age.text).toBe('Gelesen von Ana vor 3 Tagen');
  });

  it('stays word for word in English', () => {
    resetLanguage();
    expect(stateLines(car(2 * DAY, 0), now)[0]!.read).toBe('read 2 days ago by Ana');
  });
});
