// The shop's board at 5,000 cars: only the rows in view are rendered, yet the grid says how many rows
// there are and where each rendered one stands; the filters and sorts apply to every car, not to
// those rendered; the keyboard reaches the last car; and the wall display turns its pages by itself.
// Timing belongs to the benchmark (`npm run bench -- --only board-paint`), never to a test.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it } from 'vitest';
import ShopBoardView from '../../renderer/src/components/shop/ShopBoardView.svelte';
import type { BoardCar } from '../../electron/shared/shop-board';
import { clock, connectStores, shop } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';

const NOW = Date.parse('2026-05-04T12:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const CARS = 5_000;
/** Far down the list by name: the only car with an alert, unclaimed, and the emptiest battery. */
const FAR = 4_321;
const nameOf = (n: number) => `Car ${String(n).padStart(4, '0')}`;

function car(n: number): BoardCar {
  const read = { readAt: ago(5), source: 'state', technician: 'Ana', role: 'ana' };
  return {
    vin: `5YJ3E1EA7KF${String(n).padStart(6, '0')}`,
    nickname: nameOf(n),
    plate: null,
    claim:
      n === FAR ? null : { by: 'Ana', role: 'ana', since: ago(30), expiresAt: ago(-300), mine: n % 2 === 0 },
    job: null,
    state: {
      batteryLevel: { value: n === FAR ? 3 : 20 + (n % 80), ...read },
      ...(n === FAR ? { alertCount: { value: 1, ...read } } : {}),
    },
    lastAction: null,
    waiting: 0,
  };
}

// In the order of their names, which is the board's first order.
const BOARD = Array.from({ length: CARS }, (_, i) => car(i + 1));

async function showBoard(cars: BoardCar[] = BOARD) {
  clock.set(NOW);
  const fake = installFakeGarage({
    'shop.board': () => ({ ok: true, value: { cars, asOf: ago(0), role: 'ana' } }),
    'shop.status': () => ({ ok: true, value: shop.status }),
    'claims.list': () => ({ ok: true, value: [] }),
  });
  const disconnect = connectStores(fake.api);
  shop.applyStatus({ state: 'online', pending: 0, error: null });
  render(ShopBoardView);
  await screen.findByRole('row', { name: nameOf(1) });
  return { disconnect, grid: screen.getByRole('grid', { name: 'Shop floor' }) };
}

const dataRows = (container: HTMLElement) =>
  within(container)
    .getAllByRole('row')
    .filter((row) => row.getAttribute('aria-rowindex') !== '1');
const indexOf = (row: HTMLElement) => Number(row.getAttribute('aria-rowindex'));
const activeCell = (grid: HTMLElement) =>
  document.getElementById(grid.getAttribute('aria-activedescendant')!);

describe("the shop's board at 5,000 cars", () => {
  it('renders only the rows in view, and says how many rows there are and where each rendered one stands', async () => {
    const { grid, disconnect } = await showBoard();
    expect(grid.getAttribute('aria-rowcount')).toBe(String(CARS + 1));
    const rows = dataRows(grid);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows.map(indexOf)).toEqual(rows.map((_, i) => i + 2));
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(rows.map((_, i) => nameOf(i + 1)));
    // The header row is the first of them, and the sorted column says so.
    const header = within(grid).getAllByRole('row')[0]!;
    expect(header.getAttribute('aria-rowindex')).toBe('1');
    const headers = within(header).getAllByRole('columnheader');
    expect(headers.map((each) => each.textContent?.trim())).toEqual([
      'Vehicle',
      'Claim',
      'Open job',
      'State',
      'Alerts',
      'Last action',
      'Waiting',
    ]);
    expect(headers.map((each) => each.getAttribute('aria-sort'))).toEqual([
      'ascending',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(screen.getByRole('status').textContent).toBe('5,000 cars of 5,000');
    disconnect();
  });

  it('filters and sorts every car, not only those rendered: a car far down is found', async () => {
    const { grid, disconnect } = await showBoard();
    expect(screen.queryByRole('row', { name: nameOf(FAR) })).toBeNull();
    // Scrolled to the last car first: the one row left by the filter shows all the same.
    await fireEvent.keyDown(grid, { key: 'End', ctrlKey: true });
    expect(screen.getByRole('row', { name: nameOf(CARS) })).toBeTruthy();

    await fireEvent.click(screen.getByRole('checkbox', { name: 'With alerts' }));
    expect(dataRows(grid).map((row) => [row.getAttribute('aria-label'), indexOf(row)])).toEqual([
      [nameOf(FAR), 2],
    ]);
    expect(grid.getAttribute('aria-rowcount')).toBe('2');
    expect(screen.getByRole('status').textContent).toBe('1 car of 5,000');
    await fireEvent.click(screen.getByRole('checkbox', { name: 'With alerts' }));

    await fireEvent.click(screen.getByRole('checkbox', { name: 'Unclaimed' }));
    expect(dataRows(grid).map((row) => row.getAttribute('aria-label'))).toEqual([nameOf(FAR)]);
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Unclaimed' }));
    // Every other car is claimed, by this app's role or not: half of them are mine.
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Mine' }));
    expect(grid.getAttribute('aria-rowcount')).toBe(String(CARS / 2 + 1));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Mine' }));

    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    await fireEvent.change(sortBy, { target: { value: 'battery' } });
    const first = dataRows(grid)[0]!;
    expect([first.getAttribute('aria-label'), indexOf(first)]).toEqual([nameOf(FAR), 2]);
    expect(grid.getAttribute('aria-rowcount')).toBe(String(CARS + 1));
    const sorted = within(grid).getAllByRole('columnheader');
    expect(sorted.map((each) => each.getAttribute('aria-sort'))).toEqual([
      null,
      null,
      null,
      'ascending',
      null,
      null,
      null,
    ]);
    disconnect();
  });

  it('reaches every car from the keyboard: arrows, Page Down, Home/End in a row, Ctrl+End to the last car', async () => {
    const { grid, disconnect } = await showBoard();
    grid.focus();
    await tick();
    expect(document.activeElement).toBe(grid);
    // Focus makes the first car's name the active cell.
    expect(activeCell(grid)?.textContent).toContain(nameOf(1));
    await fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(activeCell(grid)?.closest('[role="row"]')?.getAttribute('aria-label')).toBe(nameOf(2));
    await fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(activeCell(grid)?.getAttribute('role')).toBe('gridcell');
    expect(activeCell(grid)?.textContent).toMatch(/^You since /);
    await fireEvent.keyDown(grid, { key: 'End' });
    expect(activeCell(grid)?.textContent?.trim()).toBe('None');
    await fireEvent.keyDown(grid, { key: 'Home' });
    expect(activeCell(grid)?.getAttribute('role')).toBe('rowheader');

    await fireEvent.keyDown(grid, { key: 'PageDown' });
    const paged = activeCell(grid)!.closest<HTMLElement>('[role="row"]')!;
    expect(indexOf(paged)).toBeGreaterThan(4);

    await fireEvent.keyDown(grid, { key: 'End', ctrlKey: true });
    const last = activeCell(grid)!.closest<HTMLElement>('[role="row"]')!;
    expect(last.getAttribute('aria-label')).toBe(nameOf(CARS));
    expect(indexOf(last)).toBe(CARS + 1);
    // Only the rows about the last are rendered.
    expect(dataRows(grid).length).toBeLessThan(40);
    expect(screen.queryByRole('row', { name: nameOf(1) })).toBeNull();

    await fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect(activeCell(grid)?.closest('[role="row"]')?.getAttribute('aria-label')).toBe(nameOf(CARS - 1));
    await fireEvent.keyDown(grid, { key: 'Home', ctrlKey: true });
    expect(activeCell(grid)?.closest('[role="row"]')?.getAttribute('aria-label')).toBe(nameOf(1));
    disconnect();
  });

  it('turns the wall display’s pages by itself, every 15 seconds, each row saying where it stands', async () => {
    const { disconnect } = await showBoard();
    await fireEvent.click(screen.getByRole('button', { name: 'Wall display' }));
    const wall = screen.getByRole('region', { name: 'Shop floor (wall display)' });
    const table = within(wall).getByRole('table', { name: 'Shop floor' });
    expect(table.getAttribute('aria-rowcount')).toBe(String(CARS + 1));
    const firstPage = dataRows(table);
    const perPage = firstPage.length;
    expect(perPage).toBeGreaterThan(0);
    expect(perPage).toBeLessThan(20);
    const pages = Math.ceil(CARS / perPage);
    const page = Math.floor(NOW / 15_000) % pages;
    expect(within(wall).getByText(/^Page /).textContent).toBe(
      `Page ${(page + 1).toLocaleString('en-US')} of ${pages.toLocaleString('en-US')}`,
    );
    expect(firstPage.map(indexOf)).toEqual(firstPage.map((_, i) => page * perPage + i + 2));

    clock.set(NOW + 15_000);
    await within(wall).findByText(
      `Page ${(page + 2).toLocaleString('en-US')} of ${pages.toLocaleString('en-US')}`,
    );
    const next = dataRows(table);
    expect(indexOf(next[0]!)).toBe((page + 1) * perPage + 2);
    expect(next[0]!.getAttribute('aria-label')).toBe(nameOf((page + 1) * perPage + 1));
    expect(within(wall).queryAllByRole('button')).toEqual([]);
    disconnect();
  });

  it('does work in proportion to what the clock changes: a tick reads only the rows in view, until a job passes N hours', async () => {
    // Every car has a job open under 4 hours but the first, open 5 hours, and one open 3 h 59 min
    // 55 s, which passes 4 hours in 5 seconds.
    const CROSSING = 2_500;
    const touched = new Set<string>();
    const counted = BOARD.map((each, i) => {
      const n = i + 1;
      const openedAt =
        n === 1
          ? NOW - 5 * 3_600_000
          : n === CROSSING
            ? NOW - 4 * 3_600_000 + 5_000
            : NOW - (n % 180) * 60_000;
      const withJob: BoardCar = {
        ...each,
        job: {
          id: `j${n}`,
          repairOrder: `RO-${n}`,
          technician: 'Ana',
          role: 'ana',
          openedAt: new Date(openedAt).toISOString(),
        },
      };
      // Notes each car whose data anything reads: the board's work, counted without timing it.
      return new Proxy(withJob, {
        get(target, key, receiver) {
          touched.add(target.vin);
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    });
    const { grid, disconnect } = await showBoard(counted);

    // Unfiltered, then "Unclaimed" (claims expire with the clock), then the jobs' hours.
    for (const filter of [null, 'Unclaimed', 'Job open over']) {
      if (filter) await fireEvent.click(screen.getByRole('checkbox', { name: filter }));
      const rows = dataRows(grid);
      touched.clear();
      for (let second = 1; second <= 4; second++) {
        clock.set(NOW + second * 1_000);
        await tick();
      }
      // The rows in view read their cars again for their ages; no other car is looked at.
      const inView = new Set(dataRows(grid).map((row) => row.getAttribute('aria-label')));
      const read = BOARD.filter((each) => touched.has(each.vin)).map((each) => each.nickname);
      expect(read.length).toBeGreaterThan(0);
      expect(read.filter((name) => !inView.has(name))).toEqual([]);
      expect(dataRows(grid).length).toBe(rows.length);
      clock.set(NOW);
      await tick();
      if (filter) await fireEvent.click(screen.getByRole('checkbox', { name: filter }));
    }

    // The one job passing 4 hours is seen at the tick it does.
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Job open over' }));
    clock.set(NOW + 5_000);
    await tick();
    expect(grid.getAttribute('aria-rowcount')).toBe('2');
    clock.set(NOW + 6_000);
    await tick();
    expect(dataRows(grid).map((row) => row.getAttribute('aria-label'))).toEqual([
      nameOf(1),
      nameOf(CROSSING),
    ]);
    expect(grid.getAttribute('aria-rowcount')).toBe('3');
    disconnect();
  });
});
