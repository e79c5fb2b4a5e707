// How far the local audit log is known to be queued for the shop. An audited action is written to
// the local log first and queued in the shop's outbox just after; a crash between the two writes
// would leave an entry the shop never gets. So the time of the newest entry queued is kept here
// (written in the background, coalesced), and on start only the entries from shortly before that
// time are read back and queued again when the outbox does not hold them. Re-queuing one the shop
// already has is harmless (its id makes the upload a no-op), so the mark may lag, never lead: it
// moves only after the outbox append resolved. The cost on start is the entries since the mark, not
// the whole log.
import type { AuditLog } from '../../audit/audit-log';
import type { SmallTextFile } from '../../storage/shop-files';
import type { AuditEntry } from '../../../shared/types';
import { logPagesNewestFirst } from './log-pages';

/** Entries appended concurrently may be queued out of time order: look back this far from the mark. */
export const QUEUE_MARK_MARGIN_MS = 60_000;

interface MarkFile {
  /** When this profile's shop session first kept a mark: nothing older is queued from the log. */
  since: string;
  /** The newest entry time known queued. */
  time: string;
}

export interface QueueMark {
  /** An entry of this time is in the outbox. */
  note(time: string): void;
  /** The entries of `profileId` written since the mark that `queued` does not hold, oldest first. */
  unqueued(
    audit: Pick<AuditLog, 'list'>,
    profileId: string,
    queued: ReadonlySet<string>,
  ): Promise<AuditEntry[]>;
  /** When this profile's shop session first kept a mark: what it queued is from then on (null: none yet). */
  since(): Promise<string | null>;
  /** Writes a mark that moved and is not written yet, and settles the write in flight, if any. */
  settle(): Promise<void>;
}

function later(a: string, b: string): string {
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** How long a moved mark waits before it is written (the writes of a busy second become one). */
export const QUEUE_MARK_WRITE_DELAY_MS = 1_000;

export function createQueueMark(
  file: SmallTextFile,
  now: () => Date,
  writeDelayMs = QUEUE_MARK_WRITE_DELAY_MS,
): QueueMark {
  let mark: MarkFile | null = null;
  let loaded: Promise<MarkFile | null> | null = null;
  let writing: Promise<void> = Promise.resolve();
  let dirty = false;

  function load(): Promise<MarkFile | null> {
    // Missing: the profile has not kept a mark yet. Unreadable: start over from now.
    loaded ??= file
      .read()
      .then((text) => {
        if (text === null) return null;
        const parsed = JSON.parse(text) as Partial<MarkFile> | null;
        if (typeof parsed?.since !== 'string' || typeof parsed.time !== 'string') return null;
        if (Number.isNaN(Date.parse(parsed.since)) || Number.isNaN(Date.parse(parsed.time))) return null;
        return { since: parsed.since, time: parsed.time };
      })
      .catch(() => null);
    return loaded;
  }

  let timer: NodeJS.Timeout | null = null;

  /** Writes the mark now if it moved since the last write; resolves once written (or failed). */
  function writeNow(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    writing = writing.then(async () => {
      if (!dirty || !mark) return;
      dirty = false;
      await file.write(JSON.stringify(mark)).catch(() => {
        // The next note writes it again; a lagging mark only re-queues a few entries.
        dirty = true;
      });
    });
    return writing;
  }

  /**
   * The mark moved: written a little later, with whatever moves it meanwhile. Each write is a
   * durable replace of the file (two fsyncs); once per audited action it cost a shop-mode command
   * more disk work than the command's own log entry, for a mark that may lag anyway.
   */
  function save(): void {
    dirty = true;
    if (timer) return;
    timer = setTimeout(() => void writeNow(), writeDelayMs);
    timer.unref?.();
  }

  return {
    note(time) {
      if (!mark) return;
      const next = later(mark.time, time);
      if (next === mark.time) return;
      mark = { ...mark, time: next };
      save();
    },
    async unqueued(audit, profileId, queued) {
      const saved = await load();
      const start = now().toISOString();
      if (!saved) {
        // First session with a mark: the history before it is the import's to offer, not ours.
        mark = { since: start, time: start };
        dirty = true;
        await writeNow();
        return [];
      }
      mark = saved;
      const from = new Date(
        Math.max(Date.parse(saved.since), Date.parse(saved.time) - QUEUE_MARK_MARGIN_MS),
      ).toISOString();
      const found: AuditEntry[] = [];
      for await (const page of logPagesNewestFirst(audit, from)) found.push(...page);
      return found
        .filter((entry) => entry.profileId === profileId && !queued.has(entry.id))
        .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    },
    since: async () => mark?.since ?? (await load())?.since ?? null,
    settle: writeNow,
  };
}
