// What a run's file on disk may hold: read back after a restart and sent again by "Retry failed",
// so every field is checked as the IPC edge checks it. Files of older versions read with defaults.
import { z } from 'zod';
import { runCommandSchema, vinSchema } from '../../shared/ipc/schemas';
import { ERROR_KINDS } from '../../shared/result';
import { commandOutcomeSchema } from './command-outcome-schema';

export const RUN_ID_RE = /^[0-9a-f-]{36}$/;

const iso = z.iso.datetime();
const effectSchema = z.object({
  value: z.number().nullable(),
  was: z.number().nullable().optional(),
  text: z.string(),
  confirmed: z.boolean().nullable(),
  asOf: iso.nullable(),
});
// A template write's field changes (the other differences never travel with an item).
const templateChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('missing'), field: z.string(), templateInterval: z.number() }),
  z.object({ kind: z.literal('extra'), field: z.string(), vehicleInterval: z.number() }),
  z.object({
    kind: z.literal('interval'),
    field: z.string(),
    vehicleInterval: z.number(),
    templateInterval: z.number(),
  }),
]);
export const runItemSchema = z.object({
  // Read back from disk and sent again by "Retry failed": checked as the IPC edge checks a VIN.
  vin: vinSchema,
  status: z.enum(['queued', 'sending', 'waiting', 'succeeded', 'failed', 'skipped', 'not-sent', 'unknown']),
  message: z.string().nullable(),
  skipReason: z.string().nullable(),
  errorKind: z.enum(ERROR_KINDS).nullable(),
  at: iso.nullable(),
  phase: z.enum(['checking', 'waking', 'sending', 'verifying', 'reading']).nullable(),
  effect: effectSchema.nullable(),
  auditId: z.string().nullable(),
  woke: z.boolean(),
  durationMs: z.number().nonnegative().nullable(),
  // A command to one car's outcome as main summarised it; runs saved before it have none.
  outcome: commandOutcomeSchema.nullable().optional(),
  // A template write's changes; runs saved before them, and other kinds, have none.
  changes: z.array(templateChangeSchema).nullable().optional(),
});
const countsSchema = z.object({
  total: z.number(),
  queued: z.number(),
  sending: z.number(),
  waiting: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  skipped: z.number(),
  notSent: z.number(),
  // Files written before an outcome could be unknown have none.
  unknown: z.number().default(0),
});
export const runFileSchema = z.object({
  version: z.literal(1),
  run: z.object({
    id: z.string().regex(RUN_ID_RE),
    kind: z.enum([
      'bulk-command',
      'garage-refresh',
      'history-refresh',
      'vehicle-command',
      'template-rollout',
    ]),
    profileId: z.string(),
    profileName: z.string(),
    title: z.string(),
    state: z.enum(['running', 'cancelling', 'completed', 'cancelled', 'failed', 'interrupted']),
    startedAt: iso,
    endedAt: iso.nullable(),
    command: runCommandSchema.nullable(),
    // Runs saved before roll-outs existed have no template.
    template: z
      .object({
        name: z.string(),
        fields: z.record(z.string(), z.object({ interval_seconds: z.number() })),
      })
      .nullable()
      .default(null),
    alertsAndCertificates: z.boolean(),
    retryOf: z.string().nullable(),
    // Runs the app started by itself; files of runs a technician started have none.
    startedBy: z.literal('app').optional(),
    // A bulk command's vehicles at a time; other kinds and files written before it have none.
    concurrency: z.number().int().positive().optional(),
    stoppedBecause: z.string().nullable(),
    // Files written before runs counted their events have none: 0.
    revision: z.number().int().nonnegative().default(0),
    waitingUntil: iso.nullable(),
    summary: z.string(),
    counts: countsSchema,
    items: z.array(runItemSchema),
  }),
});
