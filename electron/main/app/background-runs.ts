// What the app does for runs that go on out of sight: it keeps the system from suspending while any
// run is under way (a sleeping laptop would stall a roll-out half way), and when the window is
// closed during a run it keeps a visible way back (a tray icon on Windows and Linux, the Dock on
// macOS) and says so once. Decisions only; adapters/background-runs.ts acts on them.

export interface BackgroundState {
  /** Runs under way (not ended). */
  underWay: number;
  windowOpen: boolean;
  platform: NodeJS.Platform;
}

export interface BackgroundPlan {
  /** Hold a power save blocker ('prevent-app-suspension'). */
  keepAwake: boolean;
  /** The tray icon's tooltip while it is shown; null: no tray icon. */
  tray: string | null;
}

const runs = (n: number) => (n === 1 ? '1 run' : `${n} runs`);

export function backgroundPlan(state: BackgroundState): BackgroundPlan {
  const keepAwake = state.underWay > 0;
  // macOS keeps the app in the Dock with its windows closed: clicking it opens the window again.
  const tray =
    keepAwake && !state.windowOpen && state.platform !== 'darwin'
      ? `Vehicle Garage: ${runs(state.underWay)} under way`
      : null;
  return { keepAwake, tray };
}

/** The notice when the window closes while runs go on; null when nothing goes on. */
export function closedDuringRunNotice(
  underWay: number,
  platform: NodeJS.Platform,
): { title: string; body: string } | null {
  if (underWay === 0) return null;
  const where =
    platform === 'darwin'
      ? 'Click Vehicle Garage in the Dock to open it again.'
      : 'Open it again from the Vehicle Garage icon in the system tray.';
  return {
    title: 'Vehicle Garage is still running',
    body: `${runs(underWay).replace(/^./, (c) => c.toUpperCase())} under way will finish with the window closed. ${where}`,
  };
}

/** The tray icon's menu. */
export const TRAY_MENU = { show: 'Show Vehicle Garage', quit: 'Quit Vehicle Garage' } as const;
