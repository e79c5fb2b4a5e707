// Acts on app/background-runs.ts: a power save blocker while runs go on, and with the window closed
// during a run, a tray icon (Windows, Linux) and a notice once. Follows run.changed on the bus and
// is told when the window opens or closes.
import { Menu, nativeImage, Notification, powerSaveBlocker, Tray } from 'electron';
import { backgroundPlan, closedDuringRunNotice, trayMenu } from '../app/background-runs';
import { isEnded } from '../app/run-notices';
import { TRAY_ICON_PNG_BASE64 } from '../app/tray-icon';
import type { EventBus } from '../events/event-bus';

export interface BackgroundRunDeps {
  bus: Pick<EventBus, 'subscribe'>;
  /** Runs under way when this starts (the bus brings the later changes). */
  underWay: () => readonly { id: string }[];
  platform: NodeJS.Platform;
  /** Opens (or brings back) the window. */
  showWindow(): void;
  quit(): void;
  onProblem(message: string, error: unknown): void;
}

export interface BackgroundRuns {
  windowOpened(): void;
  windowClosed(): void;
  stop(): void;
}

function trayImage() {
  const image = nativeImage.createFromBuffer(Buffer.from(TRAY_ICON_PNG_BASE64.x1, 'base64'), {
    scaleFactor: 1,
  });
  image.addRepresentation({ scaleFactor: 2, buffer: Buffer.from(TRAY_ICON_PNG_BASE64.x2, 'base64') });
  return image;
}

export function followBackgroundRuns(deps: BackgroundRunDeps): BackgroundRuns {
  const running = new Set(deps.underWay().map((run) => run.id));
  let windowOpen = true;
  let blocker: number | null = null;
  let tray: Tray | null = null;

  const apply = () => {
    const plan = backgroundPlan({ underWay: running.size, windowOpen, platform: deps.platform });
    try {
      if (plan.keepAwake && blocker === null) blocker = powerSaveBlocker.start('prevent-app-suspension');
      if (!plan.keepAwake && blocker !== null) {
        if (powerSaveBlocker.isStarted(blocker)) powerSaveBlocker.stop(blocker);
        blocker = null;
      }
    } catch (error) {
      deps.onProblem('Could not keep the system awake for a run', error);
    }
    try {
      if (plan.tray && !tray) {
        tray = new Tray(trayImage());
        const words = trayMenu();
        tray.setContextMenu(
          Menu.buildFromTemplate([
            { label: words.show, click: () => deps.showWindow() },
            { type: 'separator' },
            { label: words.quit, click: () => deps.quit() },
          ]),
        );
        tray.on('click', () => deps.showWindow());
      }
      if (plan.tray && tray) tray.setToolTip(plan.tray);
      if (!plan.tray && tray) {
        tray.destroy();
        tray = null;
      }
    } catch (error) {
      deps.onProblem('Could not show the tray icon', error);
    }
  };

  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.type !== 'run.changed') return;
    if (isEnded(event.run)) running.delete(event.run.id);
    else running.add(event.run.id);
    apply();
  });
  apply();

  return {
    windowOpened() {
      windowOpen = true;
      apply();
    },
    windowClosed() {
      windowOpen = false;
      apply();
      const notice = closedDuringRunNotice(running.size, deps.platform);
      if (!notice || !Notification.isSupported()) return;
      try {
        new Notification({ title: notice.title, body: notice.body }).show();
      } catch (error) {
        deps.onProblem('Could not show a notification', error);
      }
    },
    stop() {
      unsubscribe();
      windowOpen = true;
      running.clear();
      apply();
    },
  };
}
