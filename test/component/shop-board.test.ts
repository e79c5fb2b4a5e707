// The shop's board: every car with its claim, open job, state (each value with its own age and
// reader), alerts, last action and this machine's entries waiting; the filters and sorts; a change
// main hears from the database read again at once; and the wall display, which has no controls and
// keeps the last board with its "as of" through a database outage, then recovers.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import ShopBoardView from '../../renderer/src/components/shop/ShopBoardView.svelte';
import type { BoardCar, ShopBoard } from '../../electron/shared/shop-board';
import { formatDateTime, formatPercent, formatTime } from '../../renderer/src/lib/format';
import { clock, connectStores, shop } from '../../renderer/src/lib/stores';
import { boardCar } from '../support/board-car';
import { installFakeGarage } from './fake-garage';

const NOW = Date.parse('2026-05-04T12:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const HOURS = 60;

const car = boardCar;

const by = (technician: string, role: string | null, readAt: string) => ({
  readAt,
  source: 'state',
  technician,
  role,
});

const CARS: BoardCar[] = [
  car('5YJ3E1EA7KF000001', 'Bay one', {
    claim: { by: 'Ana', role: 'Ana', since: ago(30), expiresAt: ago(-300), mine: false },
    job: { id: 'j1', repairOrder: 'RO-11', technician: 'Ana', role: 'Ana', openedAt: ago(6 * HOURS) },
    state: {
      sleep: { value: 'awake', ...by('Ben', 'Ben', ago(2)) },
      batteryLevel: { value: 64, ...by('Ana', 'Ana', ago(40)) },
      charging: { value: 'Charging', ...by('Ana', 'Ana', ago(40)) },
      alertCount: { value: 2, ...by('Ana', 'Ana', ago(40)) },
    },
    lastAction: {
      time: ago(5),
      operation: 'command:honk',
      outcome: 'success',
      technician: 'Ana',
      role: 'Ana',
    },
  }),
  car('5YJ3E1EA7KF000002', 'Bay two', {
    claim: { by: 'Me', role: 'me', since: ago(90), expiresAt: ago(-60), mine: true },
    job: { id: 'j2', repairOrder: 'RO-22', technician: 'Me', role: 'me', openedAt: ago(2 * HOURS) },
    state: { batteryLevel: { value: 12, ...by('Me', 'me', ago(10)) } },
    waiting: 3,
  }),
  car('5YJ3E1EA7KF000003', 'Yard', {
    // Expired: the car counts as unclaimed.
    claim: { by: 'Ben', role: 'Ben', since: ago(600), expiresAt: ago(60), mine: false },
    state: { tyresLow: { value: true, ...by('Ben', 'typed-ben', ago(3)) } },
  }),
];

function boardMain(first: ShopBoard) {
  let answer: { ok: true; value: ShopBoard } | { ok: false; error: { kind: 'network'; message: string } } = {
    ok: true,
    value: first,
  };
  const fake = installFakeGarage({
    'shop.board': () => structuredClone(answer),
    'shop.status': () => ({ ok: true, value: shop.status }),
    'claims.list': () => ({ ok: true, value: [] }),
  });
  const disconnect = connectStores(fake.api);
  return {
    fake,
    disconnect,
    answer: (next: typeof answer) => (answer = next),
  };
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('aria-label'));

const rowOf = (name: string) => screen.getByRole('row', { name });
/** A row's cells after its header (0: claim). */
const cellsOf = (name: string) => within(rowOf(name)).getAllByRole('gridcell');
/** The lines of a row's cell, one per value. */
const lines = (name: string, column: number) =>
  [...cellsOf(name)[column]!.querySelectorAll('div')].map((div) =>
    div.textContent?.replace(/\s+/g, ' ').trim(),
  );
/** A row's cell by column (0: claim), as its text reads (times keep their narrow spaces). */
const cell = (name: string, column: number) => cellsOf(name)[column]!.textContent?.trim();

describe("the shop's board", () => {
  it('shows each car with its claim, open job, state values with their own age and reader, alerts, last action and waiting entries', async () => {
    clock.set(NOW);
    boardMain({ cars: CARS, asOf: ago(0), role: 'me' });
    shop.applyStatus({ state: 'online', pending: 3, error: null });
    render(ShopBoardView);
    await screen.findByRole('row', { name: 'Bay one' });

    const one = within(rowOf('Bay one'));
    expect(cell('Bay one', 0)).toBe(`Ana since ${formatTime(ago(30))}`);
    expect(one.getByText('RO-11: Ana, open 6 hours')).toBeTruthy();
    expect(lines('Bay one', 2)).toEqual([
      'Awake read 2 minutes ago by Ben',
      `Battery ${formatPercent(0.64)} read 40 minutes ago by Ana`,
      'Charging read 40 minutes ago by Ana',
    ]);
    expect(lines('Bay one', 3)).toEqual(['2 alerts read 40 minutes ago by Ana']);
    expect(one.getByText('Honk horn: Ana, 5 minutes ago')).toBeTruthy();
    expect(one.getByText('None')).toBeTruthy();

    const two = within(rowOf('Bay two'));
    expect(cell('Bay two', 0)).toBe(`You since ${formatTime(ago(90))}`);
    expect(two.getByText('3 entries')).toBeTruthy();

    // A value whose reader's role is not the typed name says both.
    const yard = within(rowOf('Yard'));
    expect(yard.getByText('Unclaimed')).toBeTruthy();
    expect(lines('Yard', 3)).toEqual(['Tyre low read 3 minutes ago by Ben (typed-ben)']);
    expect(screen.getByText(/^As of /).textContent).toBe(`As of ${formatTime(ago(0))}`);
  });

  it('filters by mine, unclaimed, alerts, waiting and a job open over N hours, and sorts', async () => {
    clock.set(NOW);
    boardMain({ cars: CARS, asOf: ago(0), role: 'me' });
    shop.applyStatus({ state: 'online', pending: 3, error: null });
    render(ShopBoardView);
    await screen.findByRole('row', { name: 'Bay one' });
    expect(rowNames()).toEqual(['Bay one', 'Bay two', 'Yard']);

    const only = async (name: string, fn: () => Promise<void> | void) => {
      const box = screen.getByRole('checkbox', { name });
      await fireEvent.click(box);
      await fn();
      await fireEvent.click(box);
    };
    await only('Mine', () => expect(rowNames()).toEqual(['Bay two']));
    await only('Unclaimed', () => expect(rowNames()).toEqual(['Yard']));
    await only('With alerts', () => expect(rowNames()).toEqual(['Bay one', 'Yard']));
    await only('Waiting to upload', () => expect(rowNames()).toEqual(['Bay two']));
    await only('Job open over', async () => {
      expect(rowNames()).toEqual(['Bay one']);
      await fireEvent.input(screen.getByRole('spinbutton', { name: 'Hours' }), { target: { value: '1' } });
      expect(rowNames()).toEqual(['Bay one', 'Bay two']);
    });
    // Filters combine: cars with alerts that nobody holds.
    await fireEvent.click(screen.getByRole('checkbox', { name: 'With alerts' }));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Unclaimed' }));
    expect(rowNames()).toEqual(['Yard']);
    expect(screen.getByText('1 car of 3')).toBeTruthy();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'With alerts' }));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Unclaimed' }));

    const sortBy = (label: string) =>
      fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
        target: { value: (screen.getByRole('option', { name: label }) as HTMLOptionElement).value },
      });
    await sortBy('Battery lowest');
    expect(rowNames()).toEqual(['Bay two', 'Bay one', 'Yard']);
    await sortBy('Job open longest');
    expect(rowNames()).toEqual(['Bay one', 'Bay two', 'Yard']);
    await sortBy('Latest action');
    expect(rowNames()[0]).toBe('Bay one');
    await sortBy('Claimed longest');
    // The expired claim holds nothing: Yard sorts last.
    expect(rowNames()).toEqual(['Bay two', 'Bay one', 'Yard']);
  });

  it('sorts from the column headers, each a button that turns the order round, in step with "Sort by" and aria-sort', async () => {
    clock.set(NOW);
    boardMain({ cars: CARS, asOf: ago(0), role: 'me' });
    shop.applyStatus({ state: 'online', pending: 3, error: null });
    render(ShopBoardView);
    await screen.findByRole('row', { name: 'Bay one' });
    const grid = screen.getByRole('grid', { name: 'Shop floor' });
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement;
    const chosen = () => sortBy.selectedOptions[0]?.textContent;
    const sorts = () =>
      Object.fromEntries(
        within(grid)
          .getAllByRole('columnheader')
          .map((header) => [
            header.getAttribute('aria-label') ?? header.textContent,
            header.getAttribute('aria-sort'),
          ]),
      );
    // The headers keep their columns' names; the sorted one says which way.
    expect(sorts()).toEqual({
      Vehicle: 'ascending',
      Claim: null,
      'Open job': null,
      State: null,
      Alerts: null,
      'Last action': null,
      Waiting: null,
    });
    // Every column the board sorts by is a button in its header; alerts and waiting are not sorted by.
    expect(
      within(grid)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([
      'Sort by vehicle',
      'Sort by claim',
      'Sort by open job',
      'Sort by battery',
      'Sort by last action',
    ]);
    const header = (name: string) => within(grid).getByRole('button', { name });

    await fireEvent.click(header('Sort by battery'));
    expect(rowNames()).toEqual(['Bay two', 'Bay one', 'Yard']);
    expect(sorts()['State']).toBe('ascending');
    expect(sorts()['Vehicle']).toBeNull();
    expect(chosen()).toBe('Battery lowest');
    // Again: the other way, the car never read still last.
    await fireEvent.click(header('Sort by battery'));
    expect(rowNames()).toEqual(['Bay one', 'Bay two', 'Yard']);
    expect(sorts()['State']).toBe('descending');
    expect(chosen()).toBe('Battery highest');

    await fireEvent.click(header('Sort by vehicle'));
    expect(rowNames()).toEqual(['Bay one', 'Bay two', 'Yard']);
    expect(chosen()).toBe('Name');
    await fireEvent.click(header('Sort by vehicle'));
    expect(rowNames()).toEqual(['Yard', 'Bay two', 'Bay one']);
    expect(sorts()['Vehicle']).toBe('descending');
    expect(chosen()).toBe('Name, Z to A');

    // "Sort by" moves the headers' state along.
    await fireEvent.change(sortBy, {
      target: {
        value: (screen.getByRole('option', { name: 'Job open shortest' }) as HTMLOptionElement).value,
      },
    });
    expect(rowNames()).toEqual(['Bay two', 'Bay one', 'Yard']);
    expect(sorts()['Open job']).toBe('ascending');
    expect(sorts()['Vehicle']).toBeNull();
    await fireEvent.click(header('Sort by open job'));
    expect(sorts()['Open job']).toBe('descending');
    expect(chosen()).toBe('Job open longest');
    expect(rowNames()).toEqual(['Bay one', 'Bay two', 'Yard']);

    // The grid's own keys are the grid's: a key on a header's button is left to the button.
    grid.focus();
    await fireEvent.keyDown(grid, { key: 'ArrowDown' });
    const active = grid.getAttribute('aria-activedescendant');
    await fireEvent.keyDown(header('Sort by claim'), { key: 'ArrowDown' });
    expect(grid.getAttribute('aria-activedescendant')).toBe(active);
  });

  it('reads the board again when main hears of a change in the database', async () => {
    clock.set(NOW);
    const main = boardMain({ cars: CARS, asOf: ago(1), role: 'me' });
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    render(ShopBoardView);
    await screen.findByRole('row', { name: 'Yard' });
    const claimed = CARS.map((each) =>
      each.nickname === 'Yard'
        ? { ...each, claim: { by: 'Carl', role: 'Carl', since: ago(0), expiresAt: ago(-60), mine: false } }
        : each,
    );
    main.answer({ ok: true, value: { cars: claimed, asOf: ago(0), role: 'me' } });
    main.fake.emit({ type: 'board.changed', profileId: 'p1' });
    await waitFor(() => expect(cell('Yard', 0)).toBe(`Carl since ${formatTime(ago(0))}`));
    main.disconnect();
  });
});

/** The database goes away: main refuses the board, and its status says so. */
function databaseGone(main: ReturnType<typeof boardMain>): void {
  main.answer({ ok: false, error: { kind: 'network', message: 'The shop database is not reachable' } });
  main.fake.emit({
    type: 'shop.changed',
    profileId: 'p1',
    status: { state: 'offline', pending: 0, error: { kind: 'unreachable', message: 'connection refused' } },
  });
}

describe('the wall display', () => {
  it('says the day and how long ago when the board it keeps through an outage is from another day', async () => {
    clock.set(NOW);
    // Read yesterday evening; the database went away overnight.
    const lastRead = ago(20 * 60);
    const main = boardMain({ cars: CARS, asOf: lastRead, role: 'me' });
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    render(ShopBoardView);
    await fireEvent.click(await screen.findByRole('button', { name: 'Wall display' }));
    const wall = screen.getByRole('region', { name: 'Shop floor (wall display)' });
    expect(within(wall).getByText(/^As of /).textContent).toBe(`As of ${formatDateTime(lastRead)}`);
    databaseGone(main);
    const alert = await within(wall).findByRole('alert');
    expect(alert.textContent?.trim()).toBe(
      `The shop database is unreachable: this board is as of ${formatDateTime(lastRead)} (20 hours ago).`,
    );
    await fireEvent.keyDown(window, { key: 'Escape' });
  });

  it('has no controls, keeps the last board through a database outage with its "as of", and recovers', async () => {
    clock.set(NOW);
    const main = boardMain({ cars: CARS, asOf: ago(1), role: 'me' });
    shop.applyStatus({ state: 'online', pending: 0, error: null });
    render(ShopBoardView);
    await fireEvent.click(await screen.findByRole('button', { name: 'Wall display' }));
    const wall = screen.getByRole('region', { name: 'Shop floor (wall display)' });
    expect(within(wall).queryAllByRole('button')).toEqual([]);
    expect(within(wall).queryAllByRole('checkbox')).toEqual([]);
    expect(within(wall).queryAllByRole('combobox')).toEqual([]);
    expect(within(wall).getAllByRole('row')).toHaveLength(4);
    expect(within(wall).getByText(/^As of /).textContent).toBe(`As of ${formatTime(ago(1))}`);

    // The database goes away: main refuses the board, and its status says so.
    databaseGone(main);
    const alert = await within(wall).findByRole('alert');
    expect(alert.textContent?.trim()).toBe(
      `The shop database is unreachable: this board is as of ${formatTime(ago(1))} (1 minute ago).`,
    );
    // The last board stays on the wall.
    expect(within(wall).getAllByRole('row')).toHaveLength(4);
    expect(within(wall).getByRole('row', { name: 'Bay one' })).toBeTruthy();

    // Back: the board is read again and the wall says when it is from now.
    main.answer({ ok: true, value: { cars: CARS.slice(0, 2), asOf: ago(0), role: 'me' } });
    main.fake.emit({
      type: 'shop.changed',
      profileId: 'p1',
      status: { state: 'online', pending: 0, error: null },
    });
    await waitFor(() => expect(within(wall).queryByRole('alert')).toBeNull());
    expect(within(wall).getByText(/^As of /).textContent).toBe(`As of ${formatTime(ago(0))}`);
    expect(within(wall).getAllByRole('row')).toHaveLength(3);

    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Shop floor (wall display)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Wall display' })).toBeTruthy();
    main.disconnect();
  });
});
