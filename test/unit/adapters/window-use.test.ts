// The window's real input restarts a shared desk's idle time: keys, clicks, the wheel and touches
// as Chromium delivers them count, at most once every few seconds; what is not use (the pointer
// leaving, a key let go) does not.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { reportWindowUse, USE_REPORT_MS } from '../../../electron/main/adapters/window-use';

describe("the window's use, as main hears it", () => {
  it('counts real input, throttled, and stops when undone', () => {
    const contents = new EventEmitter();
    let at = 1_000_000;
    let used = 0;
    const undo = reportWindowUse(
      contents as unknown as Parameters<typeof reportWindowUse>[0],
      () => used++,
      () => at,
    );
    const input = (type: string) => contents.emit('input-event', {}, { type });
    input('mouseLeave');
    input('keyUp');
    expect(used).toBe(0);
    input('keyDown');
    expect(used).toBe(1);
    input('mouseDown');
    expect(used).toBe(1);
    at += USE_REPORT_MS;
    input('mouseWheel');
    expect(used).toBe(2);
    at += USE_REPORT_MS;
    undo();
    input('touchStart');
    expect(used).toBe(2);
    expect(contents.listenerCount('input-event')).toBe(0);
  });
});
