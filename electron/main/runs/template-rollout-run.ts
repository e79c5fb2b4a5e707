// "Apply template": one vehicle at a time, because the platform takes one telemetry configuration
// write at a time (a second one meanwhile answers 429). Each vehicle's configuration is read again
// just before its turn: one that already matches is skipped, not rewritten; the others get the
// template's fields through the audited write path, which keeps the configuration before and after
// in the entry.
import { tm } from '../i18n/main-words';
import type { ErrorKind } from '../../shared/result';
import { compareToTemplate, differenceWords, templateWriteBody } from '../../shared/telemetry-template';
import { telemetryWriteApplied, type TelemetryWriteResult } from '../../shared/wire-access';
import { errorOutcome } from './command-steps';
import type { ItemOutcome, RunKindSpec } from './run-kind';

/** Why the service wrote nothing, in its own words when it gave them. */
export function writeRefusal(answer: TelemetryWriteResult): string {
  const reasons = Object.entries(answer.skipped_vehicles ?? {})
    .filter(([, vins]) => vins.length > 0)
    .map(([reason]) => reason.replaceAll('_', ' '));
  return reasons.length > 0
    ? tm('mainRuns.notWritten', { reasons: reasons.join(', ') })
    : tm('mainRuns.notWrittenNoVehicle');
}

export function templateRolloutRun(now: () => Date = () => new Date()): RunKindSpec {
  return {
    concurrency: 1,
    async perform(step): Promise<ItemOutcome> {
      const { ctx, work, vin, tag } = step;
      const template = step.run.template;
      if (!template) {
        return { status: 'error', error: { kind: 'internal', message: tm('mainRuns.noTemplate') } };
      }
      step.setPhase('reading');
      const started = Date.now();
      let read;
      try {
        read = await work.telemetryConfig(ctx, vin);
      } catch (error) {
        return errorOutcome(error, Date.now() - started);
      }
      // A saved copy is no ground to skip or to write: the car's own configuration is not known.
      if (read.stale) {
        return {
          status: 'error',
          error: {
            kind: read.stale.kind as ErrorKind,
            message: tm('mainRuns.configUnread', { why: read.stale.message }),
          },
        };
      }
      const comparison = compareToTemplate(read.value, template, now().getTime());
      if (!comparison.needsWrite) {
        return {
          status: 'skipped',
          reason: 'already matching',
          message: tm('mainRuns.alreadyMatches'),
          durationMs: Date.now() - started,
        };
      }
      step.setPhase('sending');
      let answer;
      try {
        answer = await work.writeTelemetryConfig(ctx, vin, templateWriteBody(template).fields, tag);
      } catch (error) {
        return errorOutcome(error, Date.now() - started);
      }
      const durationMs = Date.now() - started;
      if (!telemetryWriteApplied(answer.value)) {
        return { status: 'failed', message: writeRefusal(answer.value), durationMs };
      }
      const changes = comparison.differences.filter(
        (d) => d.kind === 'missing' || d.kind === 'extra' || d.kind === 'interval',
      );
      const changed = changes.map(differenceWords(tm));
      const what = changed.length > 0 ? changed.join('; ') : tm('mainRuns.signedAnew');
      return {
        status: 'succeeded',
        // The message is the record's (exports, History); the window words `changes` itself.
        message: tm('mainRuns.written', { what }),
        changes,
        durationMs,
      };
    },
  };
}
