// The effect of an audited action on the car, from a state read after it: "charge limit 80 → 90 %,
// confirmed 10:42:13 UTC" when the state shows what was sent, "not confirmed: …" when it does not or
// could not be read. What was sent is never taken as what the car did.
import { COMMAND_NAMES, type CommandName } from '../../shared/commands';
import type { ActionEffect, Job } from '../../shared/jobs/job-record';
import {
  commandTarget,
  READINGS,
  readingOf,
  readingText,
  type ReadingName,
  type ReadingValue,
  workshopTarget,
} from '../../shared/jobs/readings';
import type { AuditEntry, VehicleState } from '../../shared/types';

/** "10:42:13 UTC": the record's clock, the same on every machine that prints it. */
export function clockText(iso: string): string {
  return `${iso.slice(11, 19)} UTC`;
}

export function commandOf(entry: AuditEntry): CommandName | null {
  if (!entry.operation.startsWith('command:')) return null;
  const name = entry.operation.slice('command:'.length);
  return (COMMAND_NAMES as readonly string[]).includes(name) ? (name as CommandName) : null;
}

/** The reading an action is meant to change, or null when it changes none the state reports. */
export function targetOf(entry: AuditEntry) {
  const command = commandOf(entry);
  if (command) return commandTarget(command, entry.params);
  return entry.operation.startsWith('command:')
    ? workshopTarget(entry.operation.slice('command:'.length))
    : null;
}

function sameValue(a: ReadingValue, b: ReadingValue): boolean {
  return typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 1e-9 : a === b;
}

const notApplicable = (text: string): ActionEffect => ({
  status: 'not-applicable',
  reading: null,
  before: null,
  after: null,
  confirmedAt: null,
  text,
});

/** An action that needs no read: it failed, or it changes nothing the state reports. */
export function effectWithoutRead(entry: AuditEntry): ActionEffect | null {
  if (entry.outcome !== 'success') {
    const why = entry.reason ?? (entry.outcome === 'error' ? (entry.errorKind ?? 'error') : 'refused');
    return notApplicable(`not done: ${why}`);
  }
  if (!targetOf(entry)) return notApplicable("no effect on the car's state to check");
  return null;
}

/** The effect shown by `after` (the state read after the action), or why it is not confirmed. */
export function effectFromState(
  entry: AuditEntry,
  before: ReadingValue | null,
  after: { state: VehicleState } | { reason: string },
): ActionEffect {
  const plain = effectWithoutRead(entry);
  if (plain) return plain;
  const target = targetOf(entry)!;
  const spec = READINGS[target.reading];
  const base = { reading: target.reading, before } as const;
  if ('reason' in after)
    return {
      ...base,
      status: 'not-confirmed',
      after: null,
      confirmedAt: null,
      text: `not confirmed: ${after.reason}`,
    };
  const now = readingOf(after.state, target.reading);
  if (!now)
    return {
      ...base,
      status: 'not-confirmed',
      after: null,
      confirmedAt: null,
      text: `not confirmed: the car does not report its ${spec.label}`,
    };
  const when = now.asOf ? ` (as of ${clockText(now.asOf)})` : '';
  if (!sameValue(now.value, target.expected))
    return {
      ...base,
      status: 'not-confirmed',
      after: now.value,
      confirmedAt: null,
      text: `not confirmed: the car reports ${spec.label} ${readingText(target.reading, now.value)}${when}`,
    };
  return {
    ...base,
    status: 'confirmed',
    after: now.value,
    confirmedAt: now.asOf,
    text: `${changeText(target.reading, before, now.value)}, confirmed${now.asOf ? ` ${clockText(now.asOf)}` : ' (the car gave no time)'}`,
  };
}

/** "charge limit 80 → 90 %", "valet mode off → on", "charge limit now 90 % (before: unknown)". */
export function changeText(reading: ReadingName, before: ReadingValue | null, after: ReadingValue): string {
  const spec = READINGS[reading];
  if (before === null) return `${spec.label} now ${readingText(reading, after)} (before: unknown)`;
  if (typeof after === 'number' && typeof before === 'number' && spec.unit)
    return `${spec.label} ${before} → ${after} ${spec.unit}`;
  return `${spec.label} ${readingText(reading, before)} → ${readingText(reading, after)}`;
}

/**
 * What the car showed for `reading` before the next action: the value read after the job's latest
 * effect on it (effects are kept in the order they were read), else the check-in snapshot's value;
 * null when neither knows it.
 */
export function valueBefore(job: Job, reading: ReadingName): ReadingValue | null {
  const effects = Object.values(job.effects).filter(
    (effect) => effect.reading === reading && effect.after !== null,
  );
  if (effects.length > 0) return effects[effects.length - 1]!.after;
  const checkIn = job.checkIn.readings[reading];
  return checkIn?.known ? checkIn.value : null;
}

/** The effect a job records for one of its actions: read back, said of it without a read, or not confirmed. */
export function effectOf(job: Pick<Job, 'effects'>, entry: AuditEntry): ActionEffect {
  return (
    job.effects[entry.id] ??
    effectWithoutRead(entry) ?? {
      status: 'not-confirmed',
      reading: targetOf(entry)?.reading ?? null,
      before: null,
      after: null,
      confirmedAt: null,
      text: 'not confirmed: no state was read after it',
    }
  );
}
