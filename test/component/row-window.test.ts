// The row window the garage list and the shop's board share: which rows render for a scroll
// position, and where the navigation keys move.
import { describe, expect, it } from 'vitest';
import { RowWindow } from '../../renderer/src/lib/row-window.svelte';

describe('the row window', () => {
  it('renders the rows in view and a margin either side', () => {
    const rows = new RowWindow({ rowHeight: 50, overscan: 2 });
    rows.height = 500;
    rows.scrollTop = 1_000;
    expect(rows.range(1_000)).toEqual({ start: 18, end: 32 });
    expect(rows.fits).toBe(10);
    expect(rows.page).toBe(9);
  });

  it('shows the last rows of a list that got shorter while scrolled further than it reaches', () => {
    const rows = new RowWindow({ rowHeight: 50, overscan: 2 });
    rows.height = 500;
    rows.scrollTop = 40_000;
    expect(rows.range(30)).toEqual({ start: 18, end: 30 });
    expect(rows.range(3)).toEqual({ start: 0, end: 3 });
  });

  it('keeps what lies above the rows out of their view', () => {
    const rows = new RowWindow({ rowHeight: 50, overscan: 0, above: () => 100 });
    rows.height = 600;
    expect(rows.fits).toBe(10);
  });

  it('moves by one, by a page less one row, and to either end, never past them', () => {
    const rows = new RowWindow({ rowHeight: 50, overscan: 0 });
    rows.height = 500;
    expect(rows.target('next', -1, 100)).toBe(0);
    expect(rows.target('previous', 0, 100)).toBe(0);
    expect(rows.target('pageDown', 5, 100)).toBe(14);
    expect(rows.target('pageDown', 95, 100)).toBe(99);
    expect(rows.target('pageUp', 5, 100)).toBe(0);
    expect(rows.target('last', 5, 100)).toBe(99);
    expect(rows.target('first', 50, 100)).toBe(0);
    expect(rows.target('next', 0, 0)).toBeNull();
  });
});
