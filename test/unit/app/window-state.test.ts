import { describe, expect, it } from 'vitest';
import { windowOptions } from '../../../electron/main/app/window-options';
import { parseWindowState, placeWindow, type DisplayArea } from '../../../electron/main/app/window-state';

const SIZE = { width: 1280, height: 820, minWidth: 900, minHeight: 600 };
const laptop: DisplayArea = { workArea: { x: 0, y: 0, width: 1440, height: 860 } };
const rightMonitor: DisplayArea = { workArea: { x: 1440, y: 0, width: 2560, height: 1400 } };
// A monitor to the left of the primary one: negative coordinates, as Windows and macOS give them.
const leftMonitor: DisplayArea = { workArea: { x: -1920, y: 0, width: 1920, height: 1040 } };

describe('where the window opens', () => {
  it('opens at the default size, centred on the primary display, the first time', () => {
    expect(placeWindow(null, [laptop, rightMonitor], SIZE)).toEqual({
      x: 80,
      y: 20,
      width: 1280,
      height: 820,
      maximized: false,
    });
  });

  it('keeps a saved place that is on a display, and its maximised state', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1400, height: 900 }, maximized: true };
    expect(placeWindow(saved, [laptop, rightMonitor], SIZE)).toEqual({ ...saved.bounds, maximized: true });
    const left = { bounds: { x: -1800, y: 40, width: 1200, height: 800 }, maximized: false };
    expect(placeWindow(left, [laptop, leftMonitor], SIZE)).toEqual({ ...left.bounds, maximized: false });
  });

  it('falls back to the centred default when the display it was on is gone', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1400, height: 900 }, maximized: true };
    expect(placeWindow(saved, [laptop], SIZE)).toEqual({
      x: 80,
      y: 20,
      width: 1280,
      height: 820,
      maximized: true,
    });
    const wasLeft = { bounds: { x: -1800, y: 40, width: 1200, height: 800 }, maximized: false };
    expect(placeWindow(wasLeft, [laptop, rightMonitor], SIZE)).toMatchObject({ x: 80, y: 20 });
  });

  it('falls back when only a sliver would show (less than a title bar)', () => {
    const sliver = { bounds: { x: 1400, y: 100, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(sliver, [laptop], SIZE)).toMatchObject({ x: 80, y: 20, width: 1280 });
    const aboveTop = { bounds: { x: 100, y: -690, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(aboveTop, [laptop], SIZE)).toMatchObject({ x: 80, y: 20 });
  });

  it('moves a window that hangs over an edge back inside the display it is mostly on', () => {
    const overEdge = { bounds: { x: 3500, y: 1000, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(overEdge, [laptop, rightMonitor], SIZE)).toEqual({
      x: 3000,
      y: 700,
      width: 1000,
      height: 700,
      maximized: false,
    });
  });

  it('shrinks a window larger than its display (a lower resolution now), not below the minimum size', () => {
    const huge = { bounds: { x: 0, y: 0, width: 3000, height: 2000 }, maximized: false };
    expect(placeWindow(huge, [laptop], SIZE)).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 860,
      maximized: false,
    });
    const tiny: DisplayArea = { workArea: { x: 0, y: 0, width: 800, height: 560 } };
    // A display smaller than the minimum: the whole display, never past its edges.
    expect(
      placeWindow({ bounds: { x: 10, y: 10, width: 1000, height: 700 }, maximized: false }, [tiny], SIZE),
    ).toEqual({
      x: 0,
      y: 0,
      width: 800,
      height: 560,
      maximized: false,
    });
  });

  it('never places the default larger than the primary display', () => {
    const small: DisplayArea = { workArea: { x: 0, y: 0, width: 1024, height: 700 } };
    expect(placeWindow(null, [small], SIZE)).toEqual({
      x: 0,
      y: 0,
      width: 1024,
      height: 700,
      maximized: false,
    });
  });

  it('lets the OS centre the window when no display is known', () => {
    expect(placeWindow(null, [], SIZE)).toEqual({ width: 1280, height: 820, maximized: false });
  });
});

describe('reading a saved window state', () => {
  it('takes whole, finite bounds and a maximised flag', () => {
    expect(
      parseWindowState({ bounds: { x: -5.4, y: 3, width: 1000, height: 700 }, maximized: true }),
    ).toEqual({
      bounds: { x: -5, y: 3, width: 1000, height: 700 },
      maximized: true,
    });
    expect(parseWindowState({ bounds: { x: 1, y: 2, width: 3, height: 4 } })).toMatchObject({
      maximized: false,
    });
  });

  it('refuses anything malformed', () => {
    for (const bad of [
      null,
      'x',
      [],
      { bounds: null },
      { bounds: { x: 0, y: 0, width: 0, height: 700 } },
      { bounds: { x: 0, y: 0, width: -1, height: 700 } },
      { bounds: { x: Number.NaN, y: 0, width: 100, height: 700 } },
      { bounds: { x: '0', y: 0, width: 100, height: 700 } },
      { bounds: { x: 1e9, y: 0, width: 100, height: 700 } },
    ]) {
      expect(parseWindowState(bad)).toBeNull();
    }
  });
});

describe("the window's options", () => {
  it('take the placement, and leave x and y out (the OS centres) when it has none', () => {
    const placed = windowOptions('preload.cjs', {
      devTools: false,
      placement: { x: -1800, y: 40, width: 1200, height: 800, maximized: true },
    });
    expect(placed).toMatchObject({ x: -1800, y: 40, width: 1200, height: 800, minWidth: 900 });
    expect(placed).not.toHaveProperty('maximized');
    const centred = windowOptions('preload.cjs', {
      devTools: false,
      placement: { width: 1000, height: 700, maximized: false },
    });
    expect(centred).not.toHaveProperty('x');
    expect(centred).toMatchObject({ width: 1000, height: 700 });
    expect(windowOptions('preload.cjs', { devTools: false })).toMatchObject({ width: 1280, height: 820 });
  });
});
