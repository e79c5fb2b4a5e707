// A run's state in one sentence, true to what happened: a cancelled run says "Cancelled", counts
// what was sent and what was not, and names why vehicles were skipped. Never "complete" unless
// every vehicle had its turn. Said in English (main's records) unless the caller passes its own
// `say` and how it writes a count: the window says it in its language and digits.
import { english, type Say } from './i18n/english';
import { isReadRun, type RunCounts, type RunItem, type RunKind, type RunState } from './runs';

/** How a count is written: main's records plainly ("1000"), the window in its locale ("1.000"). */
export type CountText = (n: number) => string;

/** A skip's short reason ("offline", "out of range") in words; an unknown code as it is. */
function reasonText(code: string, say: Say): string {
  return say('runSummary.reason', { reason: code.replace(/\W/g, '_'), code });
}

/** "1 skipped (offline)", "3 skipped (2 offline, 1 out of range)", or null when none. */
export function skippedText(
  items: readonly Pick<RunItem, 'status' | 'skipReason'>[],
  say: Say = english,
  count: CountText = String,
): string | null {
  const reasons = new Map<string, number>();
  let total = 0;
  for (const item of items) {
    if (item.status !== 'skipped') continue;
    total++;
    const reason = item.skipReason ?? 'not sendable';
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  if (total === 0) return null;
  const words =
    reasons.size === 1
      ? reasonText([...reasons.keys()][0]!, say)
      : [...reasons]
          .map(([reason, n]) =>
            say('runSummary.reasonCount', { count: count(n), reason: reasonText(reason, say) }),
          )
          .join(', ');
  return say('runSummary.skipped', { count: count(total), reasons: words });
}

export function runSummary(
  kind: RunKind,
  state: RunState,
  counts: RunCounts,
  items: readonly Pick<RunItem, 'status' | 'skipReason'>[],
  stoppedBecause: string | null,
  say: Say = english,
  count: CountText = String,
): string {
  const read = isReadRun(kind) ? 'yes' : 'no';
  const reached = counts.succeeded + counts.failed;
  const finished = reached + counts.skipped + counts.notSent + counts.unknown;
  const skipped = skippedText(items, say, count);
  const reachedText =
    counts.failed > 0
      ? say('runSummary.reachedFailed', { count: count(reached), read, failed: count(counts.failed) })
      : say('runSummary.reached', { count: count(reached), read });
  // Sent with no answer recorded: neither "sent" (it may not have arrived) nor "not sent" (it left).
  const unknownText = counts.unknown > 0 ? say('runSummary.unknown', { count: count(counts.unknown) }) : null;
  const notSentText =
    counts.notSent > 0 ? say('runSummary.notSent', { count: count(counts.notSent), read }) : null;
  const tail = [reachedText, unknownText, notSentText, skipped].filter(Boolean).join(', ');
  switch (state) {
    case 'running': {
      const underWay = counts.sending + counts.waiting;
      const at = { read, finished: count(finished), total: count(counts.total) };
      return underWay > 0
        ? say('runSummary.runningUnderWay', { ...at, underWay: count(underWay) })
        : say('runSummary.running', at);
    }
    case 'cancelling':
      return say('runSummary.cancelling', { read, n: counts.sending + counts.waiting });
    case 'completed': {
      const done = [
        say('runSummary.succeeded', { count: count(counts.succeeded), read }),
        say('runSummary.failed', { count: count(counts.failed) }),
        unknownText,
        // Vehicles cancelled one by one while the run went on.
        notSentText,
        skipped,
      ]
        .filter(Boolean)
        .join(', ');
      return say('runSummary.completed', { parts: done });
    }
    case 'cancelled':
      return say('runSummary.cancelled', { parts: tail });
    case 'interrupted':
      return say('runSummary.interrupted', { parts: tail });
    case 'failed':
      return stoppedBecause
        ? say('runSummary.stoppedBecause', { because: stoppedBecause.replace(/\.$/, ''), parts: tail })
        : say('runSummary.stopped', { parts: tail });
  }
}
