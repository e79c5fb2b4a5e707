// The shop's board as the window shows it: main's last answer, kept through a failed read so the
// board (and the workshop's wall display) goes on showing the last board with when it was true.
// It reads only while a board is on screen, again whenever main says the board changed in the
// database (one read at a time; changes heard meanwhile make one more) and when the shop's
// database is back.
import type { ShopBoard } from '../../../electron/shared/shop-board';
import type { ShopStatus } from '../../../electron/shared/shop';
import { mainApi } from './main-api';

/** Marked when main's board lands in the window, and when the board view has painted it. */
export const BOARD_ANSWER_MARK = 'board-answer';
export const BOARD_DRAWN_MARK = 'board-drawn';

class ShopBoardState {
  /** The last board main answered with; null before the first. */
  board = $state.raw<ShopBoard | null>(null);
  /** Why the last read failed (the board shown is then older); null when it succeeded. */
  error = $state<string | null>(null);
  loading = $state(false);
  #watching = 0;
  #reading: Promise<void> | null = null;
  #again = false;

  /** Whether what shows is not known to be the database's now (a read failed since). */
  get stale(): boolean {
    return this.error !== null;
  }

  /** A board came on screen: reads now, and follows changes until the returned stop. */
  watch(): () => void {
    this.#watching += 1;
    void this.load();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.#watching -= 1;
    };
  }

  /** One read (coalesced: a read asked for while one runs makes one more after it). */
  load(): Promise<void> {
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = (async () => {
      this.loading = true;
      try {
        do {
          this.#again = false;
          const result = await mainApi().shop.board();
          if (result.ok) {
            // The latest only: a board read on every change in the shop must not grow the timeline.
            performance.clearMarks?.(BOARD_ANSWER_MARK);
            performance.mark?.(BOARD_ANSWER_MARK);
            this.board = result.value;
            this.error = null;
          } else this.error = result.error.message;
        } while (this.#again && this.#watching > 0);
      } finally {
        this.loading = false;
        this.#reading = null;
      }
    })();
    return this.#reading;
  }

  /** Main heard of a change in the database. */
  changed(): void {
    if (this.#watching > 0) void this.load();
  }

  /** The shop's connection changed: back online reads again; away, the board shown is old. */
  statusChanged(status: ShopStatus): void {
    if (this.#watching === 0) return;
    if (status.state === 'online') void this.load();
    else if (this.board) void this.load();
  }

  reset(): void {
    this.board = null;
    this.error = null;
    this.loading = false;
    this.#again = false;
  }
}

export type ShopBoardStore = ShopBoardState;

export function createShopBoard(): ShopBoardStore {
  return new ShopBoardState();
}
