// A command to one car as the window sends it since every command goes through main's one pipeline:
// `runs.startVehicleCommand` over the IPC edge, awaited to the run's end. Tests that only need a
// command sent and audited (or refused) read its answer here in the shape the service gave it: the
// command's audit entry says whether it was done and why not.
import type { GarageApi } from '../../electron/shared/ipc/api';
import type { CommandOptions } from '../../electron/shared/ipc/api';
import type { RunCommandName } from '../../electron/shared/bulk-commands';
import type { ErrorInfo } from '../../electron/shared/result';
import type { RunSnapshot } from '../../electron/shared/runs';
import type { AuditEntry } from '../../electron/shared/types';

export type SentCommand =
  { ok: true; value: { result: boolean; reason?: string } } | { ok: false; error: ErrorInfo };

/** The run a command ran in and its audit entry, beside its answer. */
export interface SentCommandRun {
  answer: SentCommand;
  run: RunSnapshot | null;
  entry: AuditEntry | null;
}

/**
 * Starts the command, waits for its run to end (`whenDone`: main's own promise of it), and finds its
 * audit entry: `{ ok: true, value: { result, reason } }` when the service answered, the error when
 * the start was refused or the send failed, `not-sent` as an error of its own.
 */
export async function sendCommand(
  h: Harness,
  vin: string,
  name: RunCommandName,
  options?: CommandOptions,
): Promise<SentCommand> {
  return (await sendCommandRun(h, vin, name, options)).answer;
}

type Harness = { garage: GarageApi; core: { runs: { whenDone(id: string): Promise<RunSnapshot> } } };

/** The same, with the run and the audit entry it wrote. */
export async function sendCommandRun(
  h: Harness,
  vin: string,
  name: RunCommandName,
  options?: CommandOptions,
): Promise<SentCommandRun> {
  const started = await h.garage.runs.startVehicleCommand(vin, name, options);
  if (!started.ok) return { answer: { ok: false, error: started.error }, run: null, entry: null };
  const run = await h.core.runs.whenDone(started.value.id);
  const item = run.items[0]!;
  const listed = await h.garage.audit.list({ vin, limit: 50 });
  const entry = listed.ok ? (listed.value.find((e) => e.id === item.auditId) ?? null) : null;
  if (item.status === 'succeeded') return { answer: { ok: true, value: { result: true } }, run, entry };
  if (item.status === 'failed' && item.errorKind === null) {
    const value = { result: false, ...(entry?.reason ? { reason: entry.reason } : {}) };
    return { answer: { ok: true, value }, run, entry };
  }
  const error: ErrorInfo = item.errorKind
    ? { kind: item.errorKind, message: item.message ?? '' }
    : { kind: 'vehicle_offline', message: item.message ?? 'Not sent.' };
  return { answer: { ok: false, error }, run, entry };
}
