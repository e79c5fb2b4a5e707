// When a run's end is worth a system notification, what it says, and the taskbar progress of the
// runs under way: decisions only, so unit tests cover them; adapters/run-notifications.ts acts.
import type { RunSnapshot, RunState } from '../../shared/runs';
import type { ShellRequest } from '../../shared/shell-requests';
import { tm } from '../i18n/main-words';

/** A single command shorter than this is not "long": its outcome is on screen when one looks. */
export const LONG_COMMAND_MS = 10_000;

const ENDED: ReadonlySet<RunState> = new Set(['completed', 'cancelled', 'failed']);

export const isEnded = (run: Pick<RunSnapshot, 'state'>): boolean => ENDED.has(run.state);

export interface RunNotice {
  title: string;
  body: string;
  /** What clicking it opens. */
  target: ShellRequest;
}

function count(run: RunSnapshot, status: string): number {
  return run.items.filter((item) => item.status === status).length;
}

function outcomeLine(run: RunSnapshot): string {
  const total = run.items.length;
  const succeeded = count(run, 'succeeded');
  const failed = count(run, 'failed');
  const skipped = count(run, 'skipped');
  const notSent = count(run, 'not-sent');
  const parts = [tm('notice.succeededOf', { succeeded, total })];
  if (failed > 0) parts.push(tm('notice.failedCount', { count: failed }));
  if (skipped > 0) parts.push(tm('notice.skippedCount', { count: skipped }));
  if (notSent > 0) parts.push(tm('notice.notSentCount', { count: notSent }));
  return parts.join(', ');
}

/** How a command that neither succeeded nor failed ended, as notice.commandEnded selects it. */
function endingOf(state: RunState): string {
  if (state === 'cancelled') return 'cancelled';
  if (state === 'failed') return 'error';
  return 'finished';
}

/**
 * The notice for `run` having just ended, or null: only on the change to an ended state (never
 * twice), only while the window is not focused (a focused window shows the outcome itself), never
 * for a run the app started by itself (nobody asked for it: the window shows how it went), and
 * for one vehicle's command only when it took long enough to look away.
 */
export function runEndNotice(
  previous: RunSnapshot | undefined,
  run: RunSnapshot,
  windowFocused: boolean,
): RunNotice | null {
  if (!isEnded(run) || (previous && isEnded(previous)) || windowFocused) return null;
  if (run.startedBy === 'app') return null;
  const took = Date.parse(run.endedAt ?? '') - Date.parse(run.startedAt);
  if (run.kind === 'vehicle-command') {
    if (!(took >= LONG_COMMAND_MS)) return null;
    const item = run.items[0];
    const vin = item?.vin ?? '';
    // A success says what the car showed afterwards ("now 80 %, was 90 %"), as the window would.
    const outcome =
      item?.status === 'succeeded'
        ? item.effect
          ? tm('notice.doneEffect', { effect: item.effect.text })
          : tm('notice.serviceDone')
        : (item?.message ?? (run.state === 'cancelled' ? tm('notice.cancelled') : tm('notice.notSucceeded')));
    const ending =
      item?.status === 'succeeded' ? 'done' : item?.status === 'failed' ? 'failed' : endingOf(run.state);
    return {
      title: tm('notice.commandEnded', { title: run.title, ending }),
      body: tm('notice.vinOutcome', { vin, outcome }),
      target: { kind: 'open-vehicle', profileId: run.profileId, vin },
    };
  }
  return {
    title: tm('notice.runEnded', { title: run.title, state: run.state }),
    body: outcomeLine(run),
    target: { kind: 'open-run', runId: run.id },
  };
}

const FINISHED_ITEM = new Set(['succeeded', 'failed', 'skipped', 'not-sent']);

/**
 * The taskbar / dock progress of the runs under way: their finished items over all their items,
 * -1 (no bar) when none runs, 2 (indeterminate, in Electron's terms) when the runs have no items yet.
 */
export function taskbarProgress(runs: Iterable<RunSnapshot>): number {
  let total = 0;
  let done = 0;
  let running = 0;
  for (const run of runs) {
    if (isEnded(run)) continue;
    running += 1;
    total += run.items.length;
    done += run.items.filter((item) => FINISHED_ITEM.has(item.status)).length;
  }
  if (running === 0) return -1;
  if (total === 0) return 2;
  return done / total;
}
