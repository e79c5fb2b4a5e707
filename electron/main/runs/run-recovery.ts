// A run the app stopped in (a crash, a kill, a power cut) made true again at the next start: its file,
// written at most once a second, lags behind; the journal (run-journal.ts) says which requests left
// and which were answered, and the audit log, written before each send's answer is acted on, holds
// the answers the journal may have missed. What left and was answered counts as sent with its
// outcome; what left with no answer anywhere is `unknown` (the car may have done it: never "not
// sent", never sent again by "Retry failed" unless the technician says so); only what never left
// is "not sent".
import { tm } from '../i18n/main-words';
import { reasonText } from '../../shared/command-reasons';
import { ERROR_KINDS, type ErrorKind } from '../../shared/result';
import type { RunItem, RunSnapshot } from '../../shared/runs';
import type { AuditEntry } from '../../shared/types';
import type { JournalLine, SentMark } from './run-journal';

const UNDER_WAY: ReadonlySet<RunItem['status']> = new Set(['queued', 'sending', 'waiting']);

/** The item as the audit entry of its send tells it. */
function fromAudit(item: RunItem, entry: AuditEntry): void {
  item.auditId = entry.id;
  item.durationMs = entry.durationMs;
  item.phase = null;
  item.effect = null;
  if (entry.outcome === 'success') {
    item.status = 'succeeded';
    item.message = tm('mainRuns.answerOnlyInAudit');
    item.errorKind = null;
  } else if (entry.outcome === 'failed') {
    item.status = 'failed';
    const reason = entry.reason ?? null;
    item.message = entry.operation.startsWith('command:')
      ? `The vehicle did not do it: ${reason ? reasonText(reason, tm) : 'no reason given'}`
      : `The service did not do it${reason ? `: ${reason}` : ''}.`;
    item.errorKind = null;
  } else {
    item.status = 'failed';
    item.message = entry.reason ?? 'The send failed.';
    item.errorKind = (ERROR_KINDS as readonly string[]).includes(entry.errorKind ?? '')
      ? (entry.errorKind as ErrorKind)
      : 'internal';
  }
}

/**
 * Makes `run` (as its file held it, not finished) say what happened, from its journal (null when it
 * left none: a run saved by an older version) and the audit entries carrying its id. Returns the
 * same run, now `interrupted`.
 */
export function recoverRun(
  run: RunSnapshot,
  journal: JournalLine[] | null,
  audited: readonly AuditEntry[],
  now: Date,
): RunSnapshot {
  const byId = new Map(audited.map((entry) => [entry.id, entry]));
  const items = new Map(run.items.map((item) => [item.vin, item]));
  /** Per VIN, the send that left last when nothing was written for that vehicle after it. */
  const pending = new Map<string, SentMark>();
  for (const line of journal ?? []) {
    // The run's start or end as a whole: the caller began from it already.
    if (line.type === 'run') continue;
    if (line.type === 'sent') {
      if (items.has(line.vin)) pending.set(line.vin, line);
      continue;
    }
    const item = items.get(line.item.vin);
    if (!item) continue;
    Object.assign(item, line.item);
    pending.delete(item.vin);
  }
  for (const item of run.items) {
    if (!UNDER_WAY.has(item.status)) continue;
    const mark = pending.get(item.vin);
    item.phase = null;
    item.at = now.toISOString();
    if (mark) {
      const entry = byId.get(mark.auditId);
      // A wake before a long command is not the command: the command itself never left.
      if (mark.operation === 'wake') {
        item.woke = entry?.outcome === 'success' || item.woke;
        item.status = 'not-sent';
        item.message = tm('mainRuns.notSentAtQuit');
      } else if (entry) fromAudit(item, entry);
      else {
        item.status = 'unknown';
        item.message = tm('mainRuns.unknownOutcome');
      }
      continue;
    }
    if (journal === null) {
      // No journal: the file alone, up to a second old. An entry of this run for the vehicle is
      // its answer; a send under way with none is unknown; a queued one may have left since the
      // file was written, which only the audit log could tell, so it is taken as not sent.
      const entry = audited.find((candidate) => candidate.vin === item.vin && candidate.operation !== 'wake');
      if (entry) fromAudit(item, entry);
      else if (item.status === 'sending') {
        item.status = 'unknown';
        item.message = tm('mainRuns.unknownOutcome');
      } else {
        item.status = 'not-sent';
        item.message = tm('mainRuns.notSentAtQuit');
      }
      continue;
    }
    item.status = 'not-sent';
    item.message = tm('mainRuns.notSentAtQuit');
  }
  run.state = 'interrupted';
  run.endedAt ??= now.toISOString();
  run.waitingUntil = null;
  return run;
}
