// Main's long command for component tests: the real run manager and the real vehicle-command steps
// (check, wake, send, read back), bound to the test's scripted answers for each service call, its
// 'run.changed' events pushed to window.garage's subscribers as main would. The calls main makes
// for the run are listed with `byMain`, apart from the window's own invokes. It is main's code, so
// it is type-checked with Node's types (test/component/fake-garage.ts loads it at run time).
import { inServiceUnits } from '../../electron/shared/command-units';
import type { GarageEvent } from '../../electron/shared/events';
import { AppError, type ErrorInfo } from '../../electron/shared/result';
import type { RunSnapshot } from '../../electron/shared/runs';
import type { VehicleState } from '../../electron/shared/wire';
import { createDomainEvents } from '../../electron/main/events/domain-events';
import { createRunManager } from '../../electron/main/runs/run-manager';
import { createRunStarts } from '../../electron/main/runs/run-starts';
import type { RunContext, RunWork } from '../../electron/main/runs/run-work';
import type { VehicleApiClient } from '../../electron/main/api';

export interface MainCall {
  operation: string;
  args: unknown[];
  byMain?: boolean;
}

type Answer = { ok: true; value: unknown; asOf?: string | null } | { ok: false; error: ErrorInfo };

/** The operations main answers for commands to one car: start one, cancel one. */
export interface MainCommandRunOperations {
  start(args: unknown[]): Promise<unknown>;
  cancel(args: unknown[]): Promise<unknown>;
}

/**
 * A `runs.startVehicleCommand` responder. `respond` answers a service call as the test scripted it
 * (the same responders the window's own reads use); `emit` pushes an event to the window.
 */
export function fakeVehicleCommandRuns(deps: {
  respond(operation: string, args: unknown[]): Promise<unknown>;
  calls: MainCall[];
  emit(event: GarageEvent): void;
  /** The state the window last read: main's saved copy, compared with the state read back. */
  savedState(vin: string): VehicleState | null;
}): MainCommandRunOperations {
  const call = async (operation: string, args: unknown[]) => {
    deps.calls.push({ operation, args, byMain: true });
    const answer = (await deps.respond(operation, args)) as Answer;
    if (!answer.ok) throw new AppError(answer.error.kind, answer.error.message, answer.error);
    return answer;
  };
  const work: RunWork = {
    command: async (_ctx, vin, name, options) => ({
      value: (await call('service.command', [vin, name, options])).value as never,
    }),
    // The service takes workshop and guest-mode commands at the same `POST /{vin}/command/<name>`:
    // one responder answers every command main sends.
    workshopCommand: async (_ctx, vin, name, options) => ({
      value: (await call('service.command', [vin, name, options])).value as never,
    }),
    writeTelemetryConfig: () => Promise.reject(new Error('not a long command step')),
    wake: async (_ctx, vin) => ({ value: (await call('service.wake', [vin])).value as never }),
    // The attempt main records when nothing was sent (listed apart from the service's calls).
    notSent: async (_ctx, vin, command, reason) => {
      deps.calls.push({ operation: 'audit.notSent', args: [vin, command.name, reason], byMain: true });
    },
    status: async (_ctx, vin) => ({ value: (await call('vehicles.status', [vin])).value as never }),
    state: async (_ctx, vin) => {
      const answer = (await call('vehicles.state', [vin, { live: true }])) as Answer & {
        fetchedAt?: string;
        source?: 'live' | 'cache';
      };
      return {
        value: answer.ok ? (answer.value as VehicleState) : ({} as VehicleState),
        asOf: answer.ok ? (answer.asOf ?? null) : null,
        source: answer.source ?? 'live',
        fetchedAt: answer.fetchedAt ?? new Date().toISOString(),
      };
    },
    savedState: async (_ctx, vin) => deps.savedState(vin),
    firmwareAlerts: () => Promise.reject(new Error('not a long command step')),
    telemetryConfig: () => Promise.reject(new Error('not a long command step')),
    historyRead: () => Promise.reject(new Error('not a long command step')),
  };
  // As main's reactions forward a run's change to the window.
  const facts = createDomainEvents();
  facts.on('run.changed', (change) =>
    deps.emit(structuredClone({ type: 'run.changed' as const, ...change })),
  );
  const manager = createRunManager({
    store: {
      loadAll: async () => [],
      save: () => {},
      saveNow: async () => {},
      remove: async () => {},
      flush: async () => {},
      // The scripted steps write no audit entries: a crash is not what these tests are about.
      openJournal: () => ({ append: async () => {}, prepare: async () => {}, close: async () => {} }),
      readJournal: async () => null,
      removeJournal: async () => {},
    },
    work,
    facts,
    contextOf: async () => ctx,
    // An accepted command is read back after these waits (main's own are seconds apart).
    vehicleCommand: { acceptedReadsMs: [0, 20, 40] },
  });
  const ctx: RunContext = {
    profileId: 'demo',
    profileName: 'Demo',
    // The scripted answers have no pacer: it never holds, and it has heard from the service.
    client: { onPacerHold: () => () => {}, pacing: { heard: true } } as unknown as VehicleApiClient,
    isCurrent: () => true,
  };
  // Where main starts a command to one car, with its rules (the confirmations apart from the command).
  const starts = createRunStarts({ runs: manager });
  const answer = async (work: () => RunSnapshot | Promise<RunSnapshot>) => {
    try {
      return { ok: true, value: await work() };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.info };
      throw error;
    }
  };
  return {
    start: ([vin, name, options]) => {
      // The value in the service's units (°C, mph), as the IPC edge turns a °F or km/h one.
      const { overrideClaim, offlineConfirmed, ...rest } = inServiceUnits(
        (options ?? {}) as Record<string, unknown>,
      );
      return answer(() =>
        starts.vehicleCommand(
          ctx,
          vin as string,
          { name: name as never, options: rest },
          { overrideClaim: overrideClaim === true, offlineConfirmed: offlineConfirmed === true },
        ),
      );
    },
    cancel: ([id]) => answer(() => manager.cancel(id as string)),
  };
}
