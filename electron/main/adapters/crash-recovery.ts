// Crash dumps stay on this machine (Crashpad writes them under the app's crashDumps path; nothing
// is uploaded), and a window whose renderer process went away comes back: a new window with the
// same place, telling the technician what happened. Runs are main's, so they went on meanwhile.
// A renderer that keeps dying is not restarted forever (app/restart-budget.ts).
import { crashReporter, dialog, type BrowserWindow } from 'electron';
import { keepsStoppingBox } from '../app/menu-messages';
import { createRestartBudget, isCrash } from '../app/restart-budget';

/** Before the app is ready, as Electron requires. */
export function startLocalCrashDumps(): void {
  crashReporter.start({ uploadToServer: false, compress: true });
}

export interface RendererSupervisor {
  watch(window: BrowserWindow): void;
}

export function superviseRenderer(deps: {
  /** Opens a replacement window that says it was restarted (and is watched in turn). */
  restart(): void;
  /** Gives up after too many crashes (the error box has been shown). */
  giveUp(): void;
  log: { error(message: string): void; info(message: string): void };
  maxRestarts?: number;
  windowMs?: number;
}): RendererSupervisor {
  const budget = createRestartBudget({ max: deps.maxRestarts ?? 3, windowMs: deps.windowMs ?? 60_000 });
  return {
    watch(window) {
      window.webContents.on('render-process-gone', (_event, details) => {
        if (!isCrash(details.reason)) return;
        deps.log.error(
          `The window's renderer process went away (${details.reason}, exit code ${details.exitCode})`,
        );
        if (!budget.take()) {
          const box = keepsStoppingBox();
          dialog.showErrorBox(box.title, box.detail);
          deps.giveUp();
          return;
        }
        // The replacement first, so closing the dead one never looks like "the last window closed".
        deps.restart();
        if (!window.isDestroyed()) window.destroy();
        deps.log.info('The window was restarted after its renderer process went away');
      });
    },
  };
}
