// One audit entry as the local log writes it: the log checks each line it reads with this, and a
// job record's entries (the same entries, exported) are checked with it too.
import { z } from 'zod';
import { AUDIT_OUTCOMES } from './types';

export const auditEntrySchema = z.object({
  id: z.string().min(1),
  time: z.iso.datetime(),
  profileId: z.string(),
  profileName: z.string(),
  vin: z.string(),
  operation: z.string(),
  params: z.record(z.string(), z.unknown()),
  outcome: z.enum(AUDIT_OUTCOMES),
  reason: z.string().optional(),
  errorKind: z.string().optional(),
  durationMs: z.number().nonnegative(),
  runId: z.string().max(64).optional(),
  bulk: z.boolean().optional(),
});
