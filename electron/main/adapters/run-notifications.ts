// Follows runs on the event bus: a system notification when one ends while the window is not
// focused (clicking it brings the window to that vehicle or run), and the taskbar / dock progress
// while runs go on. The decisions are app/run-notices.ts's. The same notifications tell of a car's
// own alerts (reactions/car-alert-notices.ts decides, the reactions ask).
import { Notification, type BrowserWindow } from 'electron';
import { applyRunChange, type RunSnapshot } from '../../shared/runs';
import type { ShellRequest } from '../../shared/shell-requests';
import { isEnded, runEndNotice, taskbarProgress } from '../app/run-notices';
import type { EventBus } from '../events/event-bus';

export interface RunNotificationDeps {
  bus: Pick<EventBus, 'subscribe'>;
  window(): BrowserWindow | null;
  /** Brings the window to the front and asks the page to open the target. */
  open(target: ShellRequest): void;
  onProblem(message: string, error: unknown): void;
}

/** A notice's title and body, and what clicking it opens. */
export interface Notice {
  title: string;
  body: string;
  target: ShellRequest;
}

/** Shows notices as system notifications; a click asks `open` for the notice's target. */
export function createNoticeShower(open: (target: ShellRequest) => void): (notice: Notice) => void {
  // Kept referenced until clicked or closed: a collected Notification loses its click handler.
  const shown = new Set<Notification>();
  return (notice) => {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title: notice.title, body: notice.body });
    shown.add(notification);
    notification.on('click', () => {
      shown.delete(notification);
      open(notice.target);
    });
    notification.on('close', () => shown.delete(notification));
    notification.show();
  };
}

export function followRuns(deps: RunNotificationDeps): () => void {
  const runs = new Map<string, RunSnapshot>();
  // Runs already seen to end: a repeated end event never notifies twice.
  const ended = new Set<string>();
  const show = createNoticeShower(deps.open);
  let lastProgress: number | null = null;

  const setProgress = () => {
    const progress = taskbarProgress(runs.values());
    if (progress === lastProgress) return;
    const window = deps.window();
    if (!window || window.isDestroyed()) return;
    lastProgress = progress;
    window.setProgressBar(progress, { mode: progress === 2 ? 'indeterminate' : 'normal' });
  };

  const notify = (previous: RunSnapshot | undefined, run: RunSnapshot) => {
    const window = deps.window();
    const focused = window !== null && !window.isDestroyed() && window.isFocused();
    const notice = runEndNotice(previous, run, focused);
    if (notice) show(notice);
  };

  return deps.bus.subscribe((event) => {
    if (event.type !== 'run.changed') return;
    if (ended.has(event.run.id)) return;
    // Events carry the items that changed; the bus is followed from the start, so the first one
    // of each run holds them all.
    const previous = runs.get(event.run.id);
    const run = applyRunChange(previous ?? null, event);
    runs.set(run.id, run);
    try {
      notify(previous, run);
    } catch (error) {
      deps.onProblem('Could not show a notification', error);
    }
    setProgress();
    // Ended runs leave the progress once it has been updated without them.
    if (isEnded(run)) {
      runs.delete(run.id);
      ended.add(run.id);
    }
  });
}
