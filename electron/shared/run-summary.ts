// A run's state in one sentence, true to what happened: a cancelled run says "Cancelled", counts
// what was sent and what was not, and names why vehicles were skipped. Never "complete" unless
// every vehicle had its turn.
import type { RunCounts, RunItem, RunKind, RunState } from './runs';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "1 skipped (offline)", "3 skipped (2 offline, 1 out of range)", or null when none. */
export function skippedText(items: readonly Pick<RunItem, 'status' | 'skipReason'>[]): string | null {
  const reasons = new Map<string, number>();
  let total = 0;
  for (const item of items) {
    if (item.status !== 'skipped') continue;
    total++;
    const reason = item.skipReason ?? 'not sendable';
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  if (total === 0) return null;
  if (reasons.size === 1) return `${total} skipped (${[...reasons.keys()][0]})`;
  const parts = [...reasons].map(([reason, n]) => `${n} ${reason}`);
  return `${total} skipped (${parts.join(', ')})`;
}

export function runSummary(
  kind: RunKind,
  state: RunState,
  counts: RunCounts,
  items: readonly Pick<RunItem, 'status' | 'skipReason'>[],
  stoppedBecause: string | null,
): string {
  const read = kind === 'garage-refresh';
  const sentWord = read ? 'read' : 'sent';
  const notSentWord = read ? 'not read' : 'not sent';
  const reached = counts.succeeded + counts.failed;
  const finished = reached + counts.skipped + counts.notSent + counts.unknown;
  const skipped = skippedText(items);
  const reachedText =
    counts.failed > 0 ? `${reached} ${sentWord} (${counts.failed} failed)` : `${reached} ${sentWord}`;
  // Sent with no answer recorded: neither "sent" (it may not have arrived) nor "not sent" (it left).
  const unknownText = counts.unknown > 0 ? `${counts.unknown} outcome unknown` : null;
  const tail = [
    reachedText,
    unknownText,
    counts.notSent > 0 ? `${counts.notSent} ${notSentWord}` : null,
    skipped,
  ]
    .filter(Boolean)
    .join(', ');
  switch (state) {
    case 'running': {
      const verb = read ? 'Reading' : 'Sending';
      const underWay = counts.sending + counts.waiting;
      return `${verb}: ${finished} of ${counts.total} finished${underWay > 0 ? `, ${underWay} under way` : ''}`;
    }
    case 'cancelling':
      return `Cancelling: no new ${read ? 'reads' : 'sends'}; waiting for ${plural(
        counts.sending + counts.waiting,
        read ? 'read' : 'send',
      )} under way`;
    case 'completed': {
      const done = [
        `${counts.succeeded} ${read ? 'refreshed' : 'succeeded'}`,
        `${counts.failed} failed`,
        unknownText,
        // Vehicles cancelled one by one while the run went on.
        counts.notSent > 0 ? `${counts.notSent} ${notSentWord}` : null,
        skipped,
      ]
        .filter(Boolean)
        .join(', ');
      return `Completed: ${done}`;
    }
    case 'cancelled':
      return `Cancelled: ${tail}`;
    case 'interrupted':
      return `Stopped when the app quit: ${tail}`;
    case 'failed':
      return `Stopped${stoppedBecause ? `: ${stoppedBecause.replace(/\.$/, '')}` : ''}. ${tail}`;
  }
}
