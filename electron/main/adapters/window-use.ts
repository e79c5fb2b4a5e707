// The app window's real use, as Chromium hands it to the page: keys, clicks, the wheel, touches and
// the pointer moving over it. A shared desk's idle lock goes by this (and by the computer's own idle
// time), not by what the page says of itself: a page's scripts can call main, but cannot make up
// input the window never received. Told at most once every USE_REPORT_MS: the lock counts minutes.
import type { InputEvent, WebContents } from 'electron';

export const USE_REPORT_MS = 5_000;

const USE: ReadonlySet<InputEvent['type']> = new Set<InputEvent['type']>([
  'mouseDown',
  'mouseMove',
  'mouseWheel',
  'rawKeyDown',
  'keyDown',
  'char',
  'touchStart',
  'touchMove',
  'gestureTap',
  'gestureScrollUpdate',
  'pointerDown',
  'pointerMove',
]);

/** Calls `used` as the window receives input (throttled); returns the undo. */
export function reportWindowUse(contents: WebContents, used: () => void, now = () => Date.now()): () => void {
  let last = Number.NEGATIVE_INFINITY;
  const listener = (_event: unknown, input: InputEvent) => {
    if (!USE.has(input.type)) return;
    const at = now();
    if (at - last < USE_REPORT_MS) return;
    last = at;
    used();
  };
  contents.on('input-event', listener);
  return () => contents.off('input-event', listener);
}
