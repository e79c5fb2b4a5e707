// Remembers the window's size, position and maximised state in the data folder (window-state.json,
// written atomically, at most twice a second while it moves) and places the next window with
// app/window-state.ts against the displays attached then.
import { screen, type BrowserWindow } from 'electron';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  parseWindowState,
  placeWindow,
  type Placement,
  type SavedWindowState,
  type SizeRules,
} from '../app/window-state';
import { writeFileAtomic } from '../storage/atomic-file';

const FILE = 'window-state.json';
const SAVE_DELAY_MS = 500;

export async function readWindowState(dataDir: string): Promise<SavedWindowState | null> {
  try {
    return parseWindowState(JSON.parse(await readFile(path.join(dataDir, FILE), 'utf8')));
  } catch {
    // None yet, or unreadable: the default place. Nothing here is worth more than that.
    return null;
  }
}

/** Where the window opens now, the primary display first. */
export function placementFor(saved: SavedWindowState | null, size: SizeRules): Placement {
  const primary = screen.getPrimaryDisplay();
  const others = screen.getAllDisplays().filter((display) => display.id !== primary.id);
  return placeWindow(saved, [primary, ...others], size);
}

export interface WindowStateTracker {
  /** Writes what is pending now (the window is closing). */
  flush(): Promise<void>;
}

export function trackWindowState(
  window: BrowserWindow,
  dataDir: string,
  onProblem: (message: string, error: unknown) => void,
): WindowStateTracker {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: SavedWindowState | null = null;
  let writing: Promise<void> = Promise.resolve();

  const capture = () => {
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
    last = { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
  };
  const write = () => {
    timer = null;
    const state = last;
    if (!state) return writing;
    writing = writing
      .then(() => writeFileAtomic(path.join(dataDir, FILE), `${JSON.stringify(state)}\n`))
      .catch((error: unknown) => onProblem('Could not save the window position', error));
    return writing;
  };
  const schedule = () => {
    capture();
    if (timer === null) timer = setTimeout(write, SAVE_DELAY_MS);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) {
    window.on(event as 'resize', schedule);
  }
  window.on('close', capture);

  return {
    flush() {
      if (timer !== null) clearTimeout(timer);
      return write();
    },
  };
}
