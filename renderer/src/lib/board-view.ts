// Which of the board's cars show, and in which order: the filters a service manager combines
// (each one narrows: "mine" and "alerts" shows my cars with an alert) and the sorts. Pure, so the
// wall display and the board's table agree, and a test can hold them without a window.
import type { BoardCar } from '../../../electron/shared/shop-board';

export const BOARD_FILTERS = ['mine', 'unclaimed', 'alerts', 'waiting', 'jobOver'] as const;
export type BoardFilter = (typeof BOARD_FILTERS)[number];

export const BOARD_SORTS = ['name', 'jobAge', 'battery', 'lastAction', 'claimSince'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

/** The board's columns, in order; the first names the car (each row's header). */
export const BOARD_COLUMNS = ['vehicle', 'claim', 'job', 'state', 'alerts', 'lastAction', 'waiting'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/**
 * The column each sort orders the rows by, and which way (as its header's aria-sort says): by name
 * A to Z, the job and the claim held longest first, the emptiest battery first, the latest action first.
 */
const SORTED_BY: Record<BoardSort, { column: BoardColumn; order: 'ascending' | 'descending' }> = {
  name: { column: 'vehicle', order: 'ascending' },
  jobAge: { column: 'job', order: 'descending' },
  battery: { column: 'state', order: 'ascending' },
  lastAction: { column: 'lastAction', order: 'descending' },
  claimSince: { column: 'claim', order: 'descending' },
};

/** A column header's aria-sort under `sort`: only the sorted column has one. */
export function columnSort(column: BoardColumn, sort: BoardSort): 'ascending' | 'descending' | undefined {
  const by = SORTED_BY[sort];
  return by.column === column ? by.order : undefined;
}

export interface BoardChoice {
  filters: ReadonlySet<BoardFilter>;
  /** "Job open over N hours": N. */
  overHours: number;
  sort: BoardSort;
}

export const DEFAULT_BOARD_CHOICE: BoardChoice = { filters: new Set(), overHours: 4, sort: 'name' };

const HOUR_MS = 3_600_000;

/** A claim past its expiry holds nothing: the car counts as unclaimed. */
export function activeClaim(car: BoardCar, now: number): BoardCar['claim'] {
  return car.claim && Date.parse(car.claim.expiresAt) > now ? car.claim : null;
}

/** An active firmware alert or a low tyre, as the shop last knew it. */
export function hasAlert(car: BoardCar): boolean {
  return (car.state.alertCount?.value ?? 0) > 0 || car.state.tyresLow?.value === true;
}

/** How long the car's job has been open, in ms; null without an open job. */
export function jobOpenFor(car: BoardCar, now: number): number | null {
  return car.job ? Math.max(0, now - Date.parse(car.job.openedAt)) : null;
}

function passes(car: BoardCar, filter: BoardFilter, choice: BoardChoice, now: number): boolean {
  switch (filter) {
    case 'mine':
      return activeClaim(car, now)?.mine === true;
    case 'unclaimed':
      return activeClaim(car, now) === null;
    case 'alerts':
      return hasAlert(car);
    case 'waiting':
      return car.waiting > 0;
    case 'jobOver':
      return (jobOpenFor(car, now) ?? -1) > choice.overHours * HOUR_MS;
  }
}

const nameOf = (car: BoardCar) => car.nickname ?? car.vin;

/** Larger first; cars without the value last, whichever way the rest go. */
function byNumber(value: (car: BoardCar) => number | null, descending: boolean) {
  return (a: BoardCar, b: BoardCar) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
    return descending ? y - x : x - y;
  };
}

function comparator(sort: BoardSort, now: number): (a: BoardCar, b: BoardCar) => number {
  switch (sort) {
    case 'name':
      return () => 0;
    // Longest open first: the job that waits longest is what a manager looks for.
    case 'jobAge':
      return byNumber((car) => jobOpenFor(car, now), true);
    // Emptiest battery first.
    case 'battery':
      return byNumber((car) => car.state.batteryLevel?.value ?? null, false);
    // Latest action first.
    case 'lastAction':
      return byNumber((car) => (car.lastAction ? Date.parse(car.lastAction.time) : null), true);
    // Held longest first.
    case 'claimSince':
      return byNumber((car) => {
        const claim = activeClaim(car, now);
        return claim ? now - Date.parse(claim.since) : null;
      }, true);
  }
}

/** The cars the choice shows, in its order (ties by name, then VIN). */
export function boardRows(
  cars: readonly BoardCar[],
  choice: BoardChoice,
  now: number,
  collator: Intl.Collator = new Intl.Collator(),
): BoardCar[] {
  const filters = [...choice.filters];
  const shown =
    filters.length === 0
      ? [...cars]
      : cars.filter((car) => filters.every((filter) => passes(car, filter, choice, now)));
  const primary = comparator(choice.sort, now);
  return shown.sort(
    (a, b) => primary(a, b) || collator.compare(nameOf(a), nameOf(b)) || a.vin.localeCompare(b.vin),
  );
}
