// A command to one vehicle, the wake-up included: check whether it sleeps (a cheap read that never
// wakes it), wake it if so (audited), send the command (audited), read the state back and compare
// it with the state saved before. Each step shows as the item's phase, so a reopened window says
// which step takes the time. A cancel stops at the next step: before the send nothing is sent, a
// wake-up is no longer waited for, and what was sent still reports. A command that is not sent is
// audited as such, with why, so the attempt stays on the record. The run ends with main's summary
// of the outcome and the state read back, which the window shows without asking again.
import { tm } from '../i18n/main-words';
import { agoText } from '../../shared/age-words';
import { WAKE } from '../../shared/bulk-commands';
import { COMMAND_FACTS } from '../../shared/command-facts';
import { commandOutcome, undoOf } from '../../shared/command-outcome';
import { AppError } from '../../shared/result';
import type { RunCommand, RunItem } from '../../shared/runs';
import { stateAsOf } from '../../shared/vehicle-values';
import type { VehicleState } from '../../shared/wire';
import { errorOutcome, sendAndConfirm } from './command-steps';
import { sendOperation } from './send-marks';
import { unlessStopped } from './stoppable-waits';
import type { ItemOutcome, ItemStep, RunKindSpec } from './run-kind';

/**
 * After a command the service only accepted, the state is read again after each of these waits
 * (about 30 s in all) until it shows the effect.
 */
export const ACCEPTED_READS_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000, 15_000];

export interface VehicleCommandRunOptions {
  acceptedReadsMs?: readonly number[];
}

/**
 * Switches a sleeping car need not be woken for when its last reading already shows them so
 * (locking a locked car). Not the software update (installing "now" differs from "scheduled"), nor
 * the toggling trunk.
 */
const SKIPPED_WHEN_SO = new Set(
  Object.keys(COMMAND_FACTS).filter(
    (name) => name !== 'schedule_software_update' && name !== 'cancel_software_update',
  ),
);

/**
 * "already locked, as the last reading said (14 minutes ago); it sleeps, so it was not woken", or
 * null when the saved reading does not show the command's effect already.
 */
function alreadySo(command: RunCommand, saved: VehicleState | null, now: Date): string | null {
  const fact = COMMAND_FACTS[command.name];
  if (!fact || !saved || !SKIPPED_WHEN_SO.has(command.name)) return null;
  if (fact.read(saved) !== fact.expected) return null;
  const asOf = stateAsOf(saved);
  const when = asOf ? agoText(Date.parse(asOf), now.getTime(), tm) : tm('age.atUnknownTime');
  return tm('effect.alreadySo', { value: tm(fact.words[fact.expected ? 0 : 1]), when });
}

/** The item the outcome makes, for the summary the window shows. */
function ended(outcome: ItemOutcome): Pick<RunItem, 'status' | 'message' | 'errorKind' | 'effect' | 'woke'> {
  switch (outcome.status) {
    case 'succeeded':
      return {
        status: 'succeeded',
        message: outcome.message ?? null,
        errorKind: null,
        effect: outcome.effect ?? null,
        woke: outcome.woke ?? false,
      };
    case 'failed':
    case 'not-sent':
      return {
        status: outcome.status,
        message: outcome.message,
        errorKind: null,
        effect: null,
        woke: outcome.woke ?? false,
      };
    case 'skipped':
      return { status: 'skipped', message: outcome.message, errorKind: null, effect: null, woke: false };
    case 'error':
      return {
        status: 'failed',
        message: outcome.error.message,
        errorKind: outcome.error.kind,
        effect: null,
        woke: false,
      };
  }
}

export function vehicleCommandRun(options: VehicleCommandRunOptions = {}): RunKindSpec {
  const acceptedReadsMs = options.acceptedReadsMs ?? ACCEPTED_READS_MS;
  return {
    concurrency: 1,
    resendAfterRateLimit: false,
    recordsUnsent: true,
    async perform(step) {
      const command = step.run.command!;
      const outcome = await steps(step, command, acceptedReadsMs);
      const at = step.now().toISOString();
      return {
        ...outcome.result,
        outcome: commandOutcome(command, ended(outcome.result), at, outcome.undo, tm),
      };
    },
  };
}

async function steps(
  step: ItemStep,
  command: RunCommand,
  acceptedReadsMs: readonly number[],
): Promise<{ result: ItemOutcome; undo: ReturnType<typeof undoOf> }> {
  const { ctx, work, vin, tag, signal } = step;
  /** The command was not sent: said on the item, and audited with why. */
  const notSent = async (why: string, woke = false) => {
    await work.notSent(ctx, vin, command, why, tag).catch(() => {});
    const message = tm('mainRuns.notSentWhy', { why });
    return { result: { status: 'not-sent' as const, message, woke }, undo: null };
  };
  /** Why nothing more may be sent now (a cancel, a stop, the profile's address changed), or null. */
  const stop = () =>
    signal.aborted ? step.whyStopped() : ctx.isCurrent() ? null : tm('mainRuns.profileGoneWhy');
  const send = async (woke: boolean, before: VehicleState | null) => ({
    result: await sendAndConfirm(step, command, { woke, before, acceptedReadsMs, keepReadBack: true }),
    undo: undoOf(command, before, tm),
  });
  const early = stop();
  if (early) return notSent(tm('mainRuns.beforeSent', { why: early }));
  // A wake-up is its own send: no status to check first.
  if (command.name === WAKE) return send(false, null);

  step.setPhase('checking');
  // The mark that the command is about to leave is synced while the car's sleep is read.
  step.markAhead(sendOperation(command.name));
  // What the car showed before, from the copy main saved (no request): "now 80 %, was 90 %". Asked
  // while the status is read, so nothing it costs lies between the answer and the send.
  const saved = (work.savedState?.(ctx, vin) ?? Promise.resolve(null)).catch(() => null);
  let asleep = false;
  try {
    const status = await work.status(ctx, vin);
    asleep = !status.stale && status.value.status === 'asleep';
  } catch {
    // When the status cannot say, the service wakes the car for the command as needed.
  }
  const before = await saved;
  const stopped = stop();
  if (stopped) return notSent(tm('mainRuns.beforeSent', { why: stopped }));
  let woke = false;
  if (asleep) {
    const so = alreadySo(command, before, step.now());
    if (so) return notSent(so);
    step.setPhase('waking');
    const wakeStarted = Date.now();
    // Once the wake is answered, a late answer no longer marks this item (it has ended).
    let open = true;
    const wakeTag = { ...tag, onAudited: (id: string) => open && tag.onAudited(id) };
    const woken = await unlessStopped(
      work.wake(ctx, vin, wakeTag).then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      ),
      signal,
    );
    if (woken === null) {
      open = false;
      // The wake-up was sent and is audited when it answers; the command never is.
      return notSent(tm('mainRuns.whileWaking', { why: step.whyStopped() }));
    }
    if ('error' in woken) {
      // "busy" is a wake-up already under way: the command's own attempts wait for it.
      if (!(woken.error instanceof AppError && woken.error.kind === 'busy'))
        return { result: errorOutcome(woken.error), undo: null };
    } else if (!woken.answer.value.result) {
      // The service decides how long it waits; say how long it did, not a nominal limit.
      const waited = Math.round((Date.now() - wakeStarted) / 1000);
      return notSent(tm('mainRuns.didNotWake', { seconds: waited }));
    } else woke = true;
    const late = stop();
    if (late) return notSent(tm('mainRuns.afterWoke', { why: late }), woke);
  }
  return send(woke, before);
}
