// The Shop view left alone asks main nothing: the shipped bundle joined to a shop's database in
// Settings, by accessible names, its board shown with the garage's cars, then 10 s with nobody
// touching anything while the invokes that reach main are counted (the stand-in notes each one).
// The board reads again only when main says something changed, and nothing changes meanwhile.
// Needs the local PostgreSQL (docs/shop.md).
import { describe, expect, it } from 'vitest';
import { APP_WAIT } from '../support/launch';
import { waitFor } from '../support/wait-for';
import { views } from './garage-support';
import { useShopTechnician } from './shop-support';

/** The spec's idle window: this long with nobody touching anything. */
const IDLE_MS = 10_000;

describe('the Shop view left alone (one machine on a shop database)', () => {
  const shop = useShopTechnician('e2e_board_idle');

  /** Every invoke main received has been answered. */
  const settled = () =>
    shop.app.window.webContents.invokes.length === shop.app.window.webContents.received.length;

  it('asks main nothing while the shop board is left alone for 10 s', async () => {
    const { app } = shop;
    const { page } = app;
    await views(page).getByRole('button', { name: 'Shop' }).click();
    const board = page.getByRole('region', { name: 'Shop board' });
    const car = app.simulator.vehicles()[0]!.vin;
    await board
      .getByRole('row')
      .filter({ hasText: car.slice(-6) })
      .first()
      .waitFor({ timeout: APP_WAIT.timeoutMs });
    await waitFor(settled, 'the board read to be answered', APP_WAIT);
    const received = app.window.webContents.received.length;

    // The idle window is the spec itself: a wait is the test.
    await page.waitForTimeout(IDLE_MS);

    expect(app.window.webContents.received.slice(received).map((call) => call.channel)).toEqual([]);
  });
});
