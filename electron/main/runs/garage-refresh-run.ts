// "Refresh garage": each vehicle's state from the service's copy (never wakes a car; it also says
// whether the car sleeps), and by choice its firmware alerts, tyres and telemetry configuration
// (four requests a vehicle). The reads feed the garage's glances as they answer: the tyres are how
// a low tyre on a sleeping car shows in the list without opening it. A refresh the app started by
// itself takes a colleague's answer in the shop as fresh as a cached copy must be (one read serves
// the shop); one the technician asked for asks the service for every car.
import { tm } from '../i18n/main-words';
import { AppError } from '../../shared/result';
import type { ErrorKind } from '../../shared/result';
import type { ItemOutcome, ItemStep, RunKindSpec } from './run-kind';
import type { RunRead } from './run-work';

/** As many reads at once as the client sends: more would only queue there. */
export const REFRESH_CONCURRENCY = 6;

/** A saved copy standing in for a failed read is not a refresh. */
function staleOutcome(read: RunRead<unknown> | null): ItemOutcome | null {
  if (!read?.stale) return null;
  return { status: 'error', error: { kind: read.stale.kind as ErrorKind, message: read.stale.message } };
}

/**
 * A kind of run that reads each vehicle with `reads`, as many at once as the client sends: `reads`
 * answers the first read a saved copy stood in for (the item's failure), or null when every read
 * was the service's answer. Every refresh is paced alike, by the manager's waits and the client's.
 */
export function refreshRun(reads: (step: ItemStep) => Promise<RunRead<unknown> | null>): RunKindSpec {
  return {
    concurrency: REFRESH_CONCURRENCY,
    async perform(step) {
      step.setPhase('reading');
      const started = Date.now();
      try {
        return staleOutcome(await reads(step)) ?? { status: 'succeeded', durationMs: Date.now() - started };
      } catch (error) {
        if (error instanceof AppError) return { status: 'error', error: error.info };
        return { status: 'error', error: { kind: 'internal', message: tm('mainRuns.couldNotRead') } };
      }
    },
  };
}

export function garageRefreshRun(): RunKindSpec {
  return refreshRun(async ({ ctx, work, vin, run }) => {
    const colleagues = run.startedBy === 'app';
    const state = await work.state(ctx, vin, { live: false, colleagues });
    if (state.stale || !run.alertsAndCertificates) return state;
    const alerts = await work.firmwareAlerts(ctx, vin, { colleagues });
    if (alerts.stale) return alerts;
    const telemetry = await work.telemetryConfig(ctx, vin);
    if (telemetry.stale) return telemetry;
    // Last, and not the item's verdict: a car whose firmware predates the tyre read answers it
    // with an error, which costs it the tyre mark and nothing the other reads brought.
    await work.tirePressure?.(ctx, vin, { colleagues }).catch(() => null);
    return null;
  });
}
