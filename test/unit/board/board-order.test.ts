// The board's rows as pure functions: each sort both ways (cars without the sorted value last
// either way), a column header's press, and the instants at which the clock can change the rows
// (a claim's expiry, a job passing N hours), so a tick between them chooses nothing again.
import { describe, expect, it } from 'vitest';
import type { BoardCar } from '../../../electron/shared/shop-board';
import {
  boardChangesAt,
  boardRows,
  orderByColumn,
  rowsInstant,
  type BoardChoice,
} from '../../../renderer/src/lib/board-view';
import { boardCar } from '../../support/board-car';

const NOW = Date.parse('2026-05-04T12:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const read = { readAt: at(-5), source: 'state', technician: 'Ana', role: 'ana' };

let made = 0;
function car(nickname: string, parts: Partial<BoardCar> = {}): BoardCar {
  made += 1;
  return boardCar(`5YJ3E1EA7KF${String(made).padStart(6, '0')}`, nickname, parts);
}
const claim = (expires: number) => ({
  by: 'Ana',
  role: 'ana',
  since: at(-30),
  expiresAt: at(expires),
  mine: true,
});
const job = (opened: number) => ({
  id: 'j',
  repairOrder: 'RO-1',
  technician: 'Ana',
  role: 'ana',
  openedAt: at(opened),
});
const choice = (parts: Partial<BoardChoice>): BoardChoice => ({
  filters: new Set(),
  overHours: 4,
  sort: 'name',
  ...parts,
});
const names = (cars: BoardCar[]) => cars.map((each) => each.nickname);

describe("the board's order", () => {
  const cars = [
    car('Bay', { state: { batteryLevel: { value: 40, ...read } } }),
    car('Alpha', { state: { batteryLevel: { value: 10, ...read } } }),
    car('Unread'),
  ];

  it('sorts each way, cars without the value last either way', () => {
    expect(names(boardRows(cars, choice({ sort: 'battery' }), NOW))).toEqual(['Alpha', 'Bay', 'Unread']);
    expect(names(boardRows(cars, choice({ sort: 'battery', reversed: true }), NOW))).toEqual([
      'Bay',
      'Alpha',
      'Unread',
    ]);
    expect(names(boardRows(cars, choice({ sort: 'name', reversed: true }), NOW))).toEqual([
      'Unread',
      'Bay',
      'Alpha',
    ]);
  });

  it('a header sorts by its column the first way, again the other way; a column without a sort changes nothing', () => {
    const byName = { sort: 'name', reversed: false } as const;
    expect(orderByColumn(byName, 'state')).toEqual({ sort: 'battery', reversed: false });
    expect(orderByColumn({ sort: 'battery', reversed: false }, 'state')).toEqual({
      sort: 'battery',
      reversed: true,
    });
    expect(orderByColumn(byName, 'alerts')).toBe(byName);
  });
});

describe('when the clock can change the rows', () => {
  const cars = [car('Held', { claim: claim(30), job: job(-200) }), car('Free', { job: job(-300) })];

  it('never, for a choice the clock does not touch', () => {
    expect(boardChangesAt(cars, choice({ filters: new Set(['alerts', 'waiting']) }), NOW)).toBe(Infinity);
  });

  it('at a claim’s expiry for "unclaimed", at a job’s N hours for "job open over"', () => {
    expect(boardChangesAt(cars, choice({ filters: new Set(['unclaimed']) }), NOW)).toBe(Date.parse(at(30)));
    // Open 200 and 300 minutes: the first passes 4 hours in 40 minutes; the other has already.
    expect(boardChangesAt(cars, choice({ filters: new Set(['jobOver']) }), NOW)).toBe(Date.parse(at(40)));
  });

  it('chooses the rows at the same instant until then, and again once it has passed', () => {
    const unclaimed = choice({ filters: new Set(['unclaimed']) });
    const instant = rowsInstant();
    expect(instant(cars, unclaimed, NOW)).toBe(NOW);
    expect(instant(cars, unclaimed, NOW + 29 * 60_000)).toBe(NOW);
    expect(names(boardRows(cars, unclaimed, instant(cars, unclaimed, NOW + 29 * 60_000)))).toEqual(['Free']);
    const later = NOW + 31 * 60_000;
    expect(instant(cars, unclaimed, later)).toBe(later);
    expect(names(boardRows(cars, unclaimed, later))).toEqual(['Free', 'Held']);
    // Other cars or another choice: chosen again at once.
    expect(instant([...cars], unclaimed, later + 1)).toBe(later + 1);
  });
});
