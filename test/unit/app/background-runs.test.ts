// What the app does for runs out of sight, per platform: awake while any run goes on; a tray icon
// only on Windows and Linux with the window closed; the notice names the way back.
import { describe, expect, it } from 'vitest';
import { backgroundPlan, closedDuringRunNotice } from '../../../electron/main/app/background-runs';

describe('runs out of sight', () => {
  it('keeps the system awake exactly while a run goes on', () => {
    expect(backgroundPlan({ underWay: 0, windowOpen: false, platform: 'linux' })).toEqual({
      keepAwake: false,
      tray: null,
    });
    expect(backgroundPlan({ underWay: 2, windowOpen: true, platform: 'win32' })).toEqual({
      keepAwake: true,
      tray: null,
    });
  });

  it('shows a tray icon with the window closed on Windows and Linux, and leaves macOS to its Dock', () => {
    expect(backgroundPlan({ underWay: 2, windowOpen: false, platform: 'win32' }).tray).toBe(
      'Vehicle Garage: 2 runs under way',
    );
    expect(backgroundPlan({ underWay: 1, windowOpen: false, platform: 'linux' }).tray).toBe(
      'Vehicle Garage: 1 run under way',
    );
    expect(backgroundPlan({ underWay: 1, windowOpen: false, platform: 'darwin' })).toEqual({
      keepAwake: true,
      tray: null,
    });
  });

  it('says where to find the app again, and nothing when no run goes on', () => {
    expect(closedDuringRunNotice(0, 'linux')).toBeNull();
    expect(closedDuringRunNotice(2, 'darwin')?.body).toBe(
      '2 runs under way will finish with the window closed. Click Vehicle Garage in the Dock to open it again.',
    );
  });
});
