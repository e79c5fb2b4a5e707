// What the app does for runs that go on out of sight: it keeps the system from suspending while any
// run is under way (a sleeping laptop would stall a roll-out half way), and when the window is
// closed during a run it keeps a visible way back (a tray icon on Windows and Linux, the Dock on
// macOS) and says so once. Decisions only; adapters/background-runs.ts acts on them.
import { tm } from '../i18n/main-words';

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

export function backgroundPlan(state: BackgroundState): BackgroundPlan {
  const keepAwake = state.underWay > 0;
  // macOS keeps the app in the Dock with its windows closed: clicking it opens the window again.
  const tray =
    keepAwake && !state.windowOpen && state.platform !== 'darwin'
      ? tm('tray.underWay', { count: state.underWay })
      : null;
  return { keepAwake, tray };
}

/** The notice when the window closes while runs go on; null when nothing goes on. */
export function closedDuringRunNotice(
  underWay: number,
  platform: NodeJS.Platform,
): { title: string; body: string } | null {
  if (underWay === 0) return null;
  const where = platform === 'darwin' ? tm('tray.reopenDock') : tm('tray.reopenTray');
  return { title: tm('tray.stillRunningTitle'), body: tm('tray.stillRunning', { count: underWay, where }) };
}

/** The tray icon's menu. */
export function trayMenu(): { show: string; quit: string } {
  return { show: tm('tray.show'), quit: tm('tray.quit') };
}
