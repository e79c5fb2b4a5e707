// Main's long command for component tests: the real run manager and the real vehicle-command steps
// (check, wake, send, read back), bound to the test's scripted answers for each service call, its
// 'run.changed' events pushed to window.garage's subscribers as main would. The calls main makes
// for the run are listed with `byMain`, apart from the window's own invokes. It is main's code, so
// it is type-checked with Node's types (test/component/fake-garage.ts loads it at run time).
import type { GarageEvent } from '../../electron/shared/events';
import { AppError, type ErrorInfo } from '../../electron/shared/result';
import type { RunSnapshot } from '../../electron/shared/runs';
import type { VehicleState } from '../../electron/shared/wire';
import { createDomainEvents } from '../../electron/main/events/domain-events';
import { createRunManager } from '../../electron/main/runs/run-manager';
import type { RunContext, RunWork } from '../../electron/main/runs/run-work';
import type { VehicleApiClient } from '../../electron/main/api';

export interface MainCall {
  operation: string;
  args: unknown[];
  byMain?: boolean;
}

type Answer = { ok: true; value: unknown; asOf?: string | null } | { ok: false; error: ErrorInfo };

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
}): (args: unknown[]) => Promise<unknown> {
  const call = async (operation: string, args: unknown[]) => {
    deps.calls.push({ operation, args, byMain: true });
    const answer = (await deps.respond(operation, args)) as Answer;
    if (!answer.ok) throw new AppError(answer.error.kind, answer.error.message, answer.error);
    return answer;
  };
  const work: RunWork = {
    command: async (_ctx, vin, name, options) => ({
      value: (await call('vehicles.command', [vin, name, options])).value as never,
    }),
    // The service takes workshop and guest-mode commands at the same `POST /{vin}/command/<name>`:
    // one responder answers every command main sends.
    workshopCommand: async (_ctx, vin, name, options) => ({
      value: (await call('vehicles.command', [vin, name, options])).value as never,
    }),
    writeTelemetryConfig: () => Promise.reject(new Error('not a long command step')),
    wake: async (_ctx, vin) => ({ value: (await call('vehicles.wake', [vin])).value as never }),
    status: async (_ctx, vin) => ({ value: (await call('vehicles.status', [vin])).value as never }),
    state: async (_ctx, vin) => {
      const answer = await call('vehicles.state', [vin, { live: true }]);
      return { value: answer.value as VehicleState, asOf: answer.ok ? (answer.asOf ?? null) : null };
    },
    savedState: async (_ctx, vin) => deps.savedState(vin),
    firmwareAlerts: () => Promise.reject(new Error('not a long command step')),
    telemetryConfig: () => Promise.reject(new Error('not a long command step')),
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
      openJournal: () => ({ append: async () => {}, close: async () => {} }),
      readJournal: async () => null,
      removeJournal: async () => {},
    },
    work,
    facts,
    contextOf: async () => ctx,
  });
  const ctx: RunContext = {
    profileId: 'demo',
    profileName: 'Demo',
    // The scripted answers have no pacer: it never holds, and it has heard from the service.
    client: { onPacerHold: () => () => {}, pacing: { heard: true } } as unknown as VehicleApiClient,
    isCurrent: () => true,
  };
  return async ([vin, name, options]) => {
    try {
      const { overrideClaim: _override, ...rest } = (options ?? {}) as Record<string, unknown>;
      const run: RunSnapshot = await manager.startVehicleCommand(ctx, {
        vin: vin as string,
        command: { name: name as never, options: rest },
      });
      return { ok: true, value: run };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.info };
      throw error;
    }
  };
}
