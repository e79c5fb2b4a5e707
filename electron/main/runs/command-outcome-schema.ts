// A command's outcome as a run's file keeps it (runs/run-store.ts): main's summary, read back after
// a restart and shown as it was. Its undo is a command the window may send, so it is checked as the
// IPC edge checks a run's command.
import { z } from 'zod';
import { runCommandSchema } from '../../shared/ipc/schemas';
import { ERROR_KINDS } from '../../shared/result';

const iso = z.iso.datetime();

export const commandOutcomeSchema = z.object({
  tone: z.enum(['ok', 'accepted', 'failed', 'not-sent', 'error']),
  subject: z.string().optional(),
  text: z.string(),
  detail: z.string().optional(),
  detailAsOf: iso.optional(),
  effectShown: z.boolean().optional(),
  sent: z.number().nullable(),
  at: iso,
  error: z.object({ kind: z.enum(ERROR_KINDS), message: z.string() }).optional(),
  undo: z.object({ command: runCommandSchema, label: z.string() }).optional(),
});
