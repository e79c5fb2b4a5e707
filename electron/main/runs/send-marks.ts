// The "sent" marks one vehicle's send writes to its run's journal before a request leaves (see
// run-journal.ts). A command to one car may write its mark ahead, while its sleep status is still
// being read: the mark's sync then overlaps that read instead of holding up the send. The send
// then carries the audit id the mark named, and finds its mark already on its way to the disk.
// A mark written ahead of a send that never happens (the car would not wake, the technician
// cancelled) is harmless: the item's own line says not sent, and a crash before that line leaves the
// outcome unknown, never "not sent".
import { randomUUID } from 'node:crypto';
import { WAKE } from '../../shared/bulk-commands';
import type { RunJournal } from './run-journal';

/** The audit log's operation for a run's command or wake-up. */
export const sendOperation = (name: string): string => (name === WAKE ? 'wake' : `command:${name}`);

export interface SendMarks {
  /** Awaited before a request leaves: its mark is synced (the one written ahead, if it is this send's). */
  beforeSend(send: { operation: string; auditId: string }): Promise<void>;
  /** The audit id a mark written ahead named for `operation`, if one waits for it. */
  auditIdFor(operation: string): string | undefined;
  /** Writes the mark of the next send of `operation` now. */
  markAhead(operation: string): void;
}

export function createSendMarks(options: {
  journal: () => RunJournal | null;
  vin: string;
  now: () => Date;
}): SendMarks {
  const { vin, now } = options;
  let ahead: { operation: string; auditId: string; marked: Promise<void> } | null = null;

  const mark = (operation: string, auditId: string): Promise<void> =>
    options.journal()?.append({ type: 'sent', vin, operation, auditId, at: now().toISOString() }) ??
    Promise.resolve();

  return {
    beforeSend(send) {
      if (ahead && ahead.auditId === send.auditId) {
        const { marked } = ahead;
        ahead = null;
        return marked;
      }
      return mark(send.operation, send.auditId);
    },

    auditIdFor: (operation) => (ahead?.operation === operation ? ahead.auditId : undefined),

    markAhead(operation) {
      if (ahead || !options.journal()) return;
      const auditId = randomUUID();
      const marked = mark(operation, auditId);
      // Its failure is told to the send that awaits it; until then it is not unhandled.
      marked.catch(() => {});
      ahead = { operation, auditId, marked };
    },
  };
}
