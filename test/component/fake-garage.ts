// A scripted window.garage for component tests (jsdom has no main process). Integration and
// end-to-end tests use the real handlers instead; this only drives UI states.
import type { GarageEvent } from '../../electron/shared/events';
import type { GarageApi, ResultOf } from '../../electron/shared/ipc/api';
import { buildGarageApi } from '../../electron/shared/ipc/garage-api';
import { operationOf, type OperationName } from '../../electron/shared/ipc/operations';
import type { ArgsOf } from '../../electron/shared/ipc/schemas';
import type { VehicleState } from '../../electron/shared/wire';
import { runs } from '../../renderer/src/lib/stores';

/** A call the window made, or (`byMain`) one main made for a run it drives. */
export interface MainCall {
  operation: OperationName;
  args: unknown[];
  byMain?: boolean;
}

/**
 * One operation's scripted main: given the call's arguments (as the renderer passed them), the
 * answer's envelope as the operation table types it, or a promise of it.
 */
export type Responder<Op extends OperationName> = (args: ArgsOf<Op>) => ResultOf<Op> | Promise<ResultOf<Op>>;

/** The operations a test scripts, each keyed by its name; any other answers "no fake for …". */
export type Responders = { [Op in OperationName]?: Responder<Op> };

type StartCommand = (args: unknown[]) => Promise<unknown>;
interface MainCommandRuns {
  fakeVehicleCommandRuns(deps: {
    respond(operation: OperationName, args: unknown[]): Promise<unknown>;
    calls: MainCall[];
    emit(event: GarageEvent): void;
    savedState(vin: string): VehicleState | null;
  }): StartCommand;
}
// Main's run manager runs under Node's types, which the renderer's type-check does not have: it is
// loaded at run time (vitest runs it like any module) and type-checked by the Node project.
const MAIN_COMMAND_RUNS = '../support/main-command-runs';
const mainCommandRuns = (await import(/* @vite-ignore */ MAIN_COMMAND_RUNS)) as MainCommandRuns;

/**
 * Unless the test scripts `runs.startVehicleCommand` itself, a long command runs in main's real run
 * manager (fake-command-runs.ts) over the same responders, and its events reach the stores as the
 * window's subscription would bring them. Calls main makes for it are in `calls` with `byMain`.
 */
export function installFakeGarage(responders: Responders): {
  api: GarageApi;
  calls: MainCall[];
  /** Pushes an event as main would (to every subscriber of window.garage.events). */
  emit(event: GarageEvent): void;
} {
  const calls: MainCall[] = [];
  let deliver: (event: GarageEvent) => void = () => {};
  const listen = (to: (event: GarageEvent) => void) => {
    deliver = to;
  };
  const saved = new Map<string, VehicleState>();
  // A state main read for a run (the car's answer after a command): the window's next plain read
  // of that car is answered from it, as main's fresh saved copy answers it.
  const readByMain = new Map<string, unknown>();
  const respond = async (operation: OperationName, args: unknown[]) => {
    const answer = await answerOf(responders, operation, args);
    if (operation === 'vehicles.state' && (answer as { ok?: boolean })?.ok)
      readByMain.set(args[0] as string, answer);
    return answer;
  };
  let following = false;
  const startCommand = mainCommandRuns.fakeVehicleCommandRuns({
    respond,
    calls,
    emit: (event) => deliver(event),
    savedState: (vin) => saved.get(vin) ?? null,
  });
  const all: Responders = {
    'runs.startVehicleCommand': (args) => {
      // The window follows main's run events from its start (App.svelte connects the stores).
      if (!following) {
        following = true;
        api.events.subscribe((event) => {
          if (event.type === 'run.changed') runs.apply(event, api);
        });
      }
      return startCommand(args) as Promise<ResultOf<'runs.startVehicleCommand'>>;
    },
    ...responders,
  };
  const api = buildGarageApi(async (channel, args) => {
    const operation = operationOf(channel);
    if (!operation) throw new Error(`not an operation's channel: ${channel}`);
    calls.push({ operation, args });
    let copy: unknown;
    if (operation === 'vehicles.state') {
      if (!(args[1] as { refresh?: boolean } | undefined)?.refresh) copy = readByMain.get(args[0] as string);
      readByMain.delete(args[0] as string);
    }
    const answer = copy ?? (await answerOf(all, operation, args));
    // What the window last read of a car is main's saved copy of it.
    const read = answer as { ok?: boolean; value?: VehicleState };
    if (operation === 'vehicles.state' && read?.ok && (read.value?.charge_state || read.value?.vehicle_state))
      saved.set(args[0] as string, read.value);
    return answer;
  }, listen);
  Object.defineProperty(window, 'garage', { value: api, configurable: true });
  // A new main: the runs the last one told of are gone with it.
  runs.reset();
  // A copy, as IPC hands the renderer one.
  return { api, calls, emit: (event) => deliver(structuredClone(event)) };
}

/**
 * The scripted answer to one call, or main's "no fake for …" when the test scripts none. The one
 * place a call's arguments meet its responder: each is typed by the same operation name.
 */
export async function answerOf(
  responders: Responders,
  operation: OperationName,
  args: unknown[],
): Promise<unknown> {
  const responder = responders[operation] as Responder<OperationName> | undefined;
  if (!responder) return { ok: false, error: { kind: 'internal', message: `no fake for ${operation}` } };
  return responder(args as ArgsOf<OperationName>);
}
