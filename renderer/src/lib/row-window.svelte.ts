// The rows a long list actually renders: those in its scrolling box's view, plus a margin either
// side, with every row the same height, so a garage or a board of thousands lays out and paints as
// fast as one of ten. The list keeps its own semantics (a listbox's options, a grid's rows) and says
// each rendered row's place in the whole; this holds only the arithmetic of the window and of
// moving through the rows with the keyboard, which a screen reader's user needs to reach them all.

/** Without a measured height (before layout; jsdom), the window assumes a tall box. */
const UNMEASURED_HEIGHT = 720;

export class RowWindow {
  /** The scrolling box's scrollTop, as its scroll events report it. */
  scrollTop = $state(0);
  /** The scrolling box's clientHeight (bind:clientHeight). */
  height = $state(0);
  readonly #rowHeight: () => number;
  readonly #overscan: number;
  /** What lies above the first row inside the scrolling box (a table's sticky header). */
  readonly #above: () => number;

  constructor(options: { rowHeight: number | (() => number); overscan: number; above?: () => number }) {
    const { rowHeight, above } = options;
    this.#rowHeight = typeof rowHeight === 'number' ? () => rowHeight : rowHeight;
    this.#overscan = options.overscan;
    this.#above = above ?? (() => 0);
  }

  get rowHeight(): number {
    return this.#rowHeight();
  }

  /** The height the rows have to show in. */
  get viewport(): number {
    return Math.max(this.rowHeight, (this.height > 0 ? this.height : UNMEASURED_HEIGHT) - this.#above());
  }

  /** The first row rendered and the one after the last, for `count` rows. */
  range(count: number): { start: number; end: number } {
    const h = this.rowHeight;
    // A list that just got shorter (a filter) is still scrolled where the longer one was until the
    // box clamps its scrollTop: the window shows the new list's last rows meanwhile, never none.
    const top = Math.min(this.scrollTop, Math.max(0, count * h - this.viewport));
    const start = Math.max(0, Math.min(count, Math.floor(top / h) - this.#overscan));
    const end = Math.min(count, Math.ceil((top + this.viewport) / h) + this.#overscan);
    return { start, end: Math.max(start, end) };
  }

  /** How many whole rows the view holds (a wall display's page). */
  get fits(): number {
    return Math.max(1, Math.floor(this.viewport / this.rowHeight));
  }

  /** Rows a Page Up/Down moves: a screenful less one, so the row moved from stays in sight. */
  get page(): number {
    return Math.max(1, this.fits - 1);
  }

  /**
   * Where a navigation key moves from row `current` of `count`: `first` and `last` are the keys the
   * list uses for its ends (a listbox's Home/End; a grid's Ctrl+Home/Ctrl+End). Null: not a move.
   */
  target(move: RowMove, current: number, count: number): number | null {
    if (count === 0) return null;
    const at = current < 0 ? -1 : current;
    const to = {
      next: at + 1,
      previous: at - 1,
      first: 0,
      last: count - 1,
      pageDown: at + this.page,
      pageUp: at - this.page,
    }[move];
    return Math.max(0, Math.min(count - 1, to));
  }

  /** Scrolls `box` the least that shows row `index` whole; `center` puts it mid-view instead. */
  show(box: HTMLElement, index: number, center = false): void {
    const h = this.rowHeight;
    const top = index * h;
    const visible = top >= box.scrollTop && top + h <= box.scrollTop + this.viewport;
    if (center && !visible) box.scrollTop = Math.max(0, top - Math.max(0, (this.viewport - h) / 2));
    else if (top < box.scrollTop) box.scrollTop = top;
    else if (top + h > box.scrollTop + this.viewport) box.scrollTop = top + h - this.viewport;
    this.scrollTop = box.scrollTop;
  }
}

export type RowMove = 'next' | 'previous' | 'first' | 'last' | 'pageDown' | 'pageUp';

/** The listbox's keys (Home/End are its ends); a grid adds its own for cells and Ctrl+Home/End. */
export function listMove(event: KeyboardEvent): RowMove | null {
  switch (event.key) {
    case 'ArrowDown':
      return 'next';
    case 'ArrowUp':
      return 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    case 'PageDown':
      return 'pageDown';
    case 'PageUp':
      return 'pageUp';
    default:
      return null;
  }
}
