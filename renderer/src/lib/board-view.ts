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
 * The column each sort orders the rows by, and its first way (as its header's aria-sort says): by
 * name A to Z, the job and the claim held longest first, the emptiest battery first, the latest
 * action first. Each can be reversed, from its column's header or the "Sort by" list.
 */
const SORTED_BY: Record<BoardSort, { column: BoardColumn; order: 'ascending' | 'descending' }> = {
  name: { column: 'vehicle', order: 'ascending' },
  jobAge: { column: 'job', order: 'descending' },
  battery: { column: 'state', order: 'ascending' },
  lastAction: { column: 'lastAction', order: 'descending' },
  claimSince: { column: 'claim', order: 'descending' },
};

/** The sort a column's header chooses; null for a column the board does not sort by. */
export function sortOfColumn(column: BoardColumn): BoardSort | null {
  return BOARD_SORTS.find((sort) => SORTED_BY[sort].column === column) ?? null;
}

/** A column header's aria-sort under `sort`: only the sorted column has one. */
export function columnSort(
  column: BoardColumn,
  sort: BoardSort,
  reversed = false,
): 'ascending' | 'descending' | undefined {
  const by = SORTED_BY[sort];
  if (by.column !== column) return undefined;
  if (!reversed) return by.order;
  return by.order === 'ascending' ? 'descending' : 'ascending';
}

/** A sort and its way: what the "Sort by" list offers and a column's header toggles. */
export interface BoardOrder {
  sort: BoardSort;
  reversed: boolean;
}

/** Every order the "Sort by" list offers: each sort its first way, then reversed. */
export const BOARD_ORDERS: readonly BoardOrder[] = BOARD_SORTS.flatMap((sort) => [
  { sort, reversed: false },
  { sort, reversed: true },
]);

/** An order as the "Sort by" list's value: the sort's name, reversed ones with a suffix. */
export const orderValue = (order: BoardOrder): string =>
  order.reversed ? `${order.sort}-reversed` : order.sort;

export function orderOfValue(value: string): BoardOrder | null {
  return BOARD_ORDERS.find((order) => orderValue(order) === value) ?? null;
}

/** What a click on a column's header makes of `order`: its sort the first way, or the other way. */
export function orderByColumn(order: BoardOrder, column: BoardColumn): BoardOrder {
  const sort = sortOfColumn(column);
  if (!sort) return order;
  return sort === order.sort ? { sort, reversed: !order.reversed } : { sort, reversed: false };
}

export interface BoardChoice {
  filters: ReadonlySet<BoardFilter>;
  /** "Job open over N hours": N. */
  overHours: number;
  sort: BoardSort;
  /** The sort the other way (cars without its value stay last). */
  reversed?: boolean;
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

function comparator(
  sort: BoardSort,
  reversed: boolean,
  now: number,
  collator: Intl.Collator,
): (a: BoardCar, b: BoardCar) => number {
  switch (sort) {
    // A to Z is the ties' order too; Z to A says so here.
    case 'name':
      return reversed ? (a, b) => collator.compare(nameOf(b), nameOf(a)) : () => 0;
    // Longest open first: the job that waits longest is what a manager looks for.
    case 'jobAge':
      return byNumber((car) => jobOpenFor(car, now), !reversed);
    // Emptiest battery first.
    case 'battery':
      return byNumber((car) => car.state.batteryLevel?.value ?? null, reversed);
    // Latest action first.
    case 'lastAction':
      return byNumber((car) => (car.lastAction ? Date.parse(car.lastAction.time) : null), !reversed);
    // Held longest first.
    case 'claimSince':
      return byNumber((car) => {
        const claim = activeClaim(car, now);
        return claim ? now - Date.parse(claim.since) : null;
      }, !reversed);
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
  const primary = comparator(choice.sort, choice.reversed ?? false, now, collator);
  return shown.sort(
    (a, b) => primary(a, b) || collator.compare(nameOf(a), nameOf(b)) || a.vin.localeCompare(b.vin),
  );
}

/**
 * The first instant from `now` at which `boardRows(cars, choice, ·)` can answer otherwise than at
 * `now`: a claim's expiry (for "mine", "unclaimed" and the claim's sort), a job passing N hours
 * (its filter), a job opened in the future by a skewed clock starting to age (its sort). Infinity
 * when the clock changes nothing the choice looks at. An instant that is `now` itself counts, so a
 * job exactly N hours old is looked at again once it is older.
 */
export function boardChangesAt(cars: readonly BoardCar[], choice: BoardChoice, now: number): number {
  const claims =
    choice.filters.has('mine') || choice.filters.has('unclaimed') || choice.sort === 'claimSince';
  const over = choice.filters.has('jobOver') ? choice.overHours * HOUR_MS : null;
  const jobAge = choice.sort === 'jobAge';
  if (!claims && over === null && !jobAge) return Infinity;
  let next = Infinity;
  const at = (time: number) => {
    if (time >= now && time < next) next = time;
  };
  for (const car of cars) {
    if (claims && car.claim) at(Date.parse(car.claim.expiresAt));
    if (car.job && (over !== null || jobAge)) {
      const opened = Date.parse(car.job.openedAt);
      if (over !== null) at(opened + over);
      if (jobAge) at(opened);
    }
  }
  return next;
}

/**
 * The instant to choose the board's rows at, for a clock that ticks every second: the instant of
 * the last choice for as long as the same cars under the same choice would give the same rows (see
 * boardChangesAt), so a tick costs nothing on a garage of thousands; a new instant when the cars,
 * the choice or the rows the clock decides can have changed (or the clock went back).
 */
export function rowsInstant(): (cars: readonly BoardCar[], choice: BoardChoice, now: number) => number {
  let last: { cars: readonly BoardCar[]; choice: BoardChoice; at: number; until: number } | null = null;
  return (cars, choice, now) => {
    if (last && last.cars === cars && last.choice === choice && now >= last.at && now < last.until) {
      return last.at;
    }
    last = { cars, choice, at: now, until: boardChangesAt(cars, choice, now) };
    return now;
  };
}
