// One core (createCore with its IPC handlers, no window) in a process of its own, for tests that must
// end it as a crash would (SIGKILL) and start again on its data folder. Started by
// launchCoreProcess() (launch-core-process.ts); calls `window.garage` methods by name on the
// parent's say-so and forwards every event main emits, over the fork channel.
import type { GarageEvent } from '../../electron/shared/events';
import { startCoreHarness, type CoreHarness } from './core-harness';

export type ToCoreProcess = { type: 'call'; id: number; method: string; args: unknown[] } | { type: 'close' };

export type FromCoreProcess =
  | { type: 'ready'; dataDir: string; keychainService: string }
  | { type: 'failed'; error: string }
  | { type: 'answer'; id: number; value: unknown }
  | { type: 'event'; event: GarageEvent };

const dataDir = process.env['VG_CORE_PROCESS_DATA_DIR'];
let h: CoreHarness | null = null;

/** `profiles.create` → garage.profiles.create: the window's own method, through the IPC handlers. */
function method(path: string): (...args: unknown[]) => Promise<unknown> {
  let target: unknown = h!.garage;
  for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
  if (typeof target !== 'function') throw new Error(`No window.garage method ${path}`);
  return target as (...args: unknown[]) => Promise<unknown>;
}

process.on('message', (message: ToCoreProcess) => {
  if (message.type === 'close') {
    void h?.close().finally(() => process.exit(0));
    return;
  }
  void method(message.method)(...message.args).then((value) =>
    process.send!({ type: 'answer', id: message.id, value } satisfies FromCoreProcess),
  );
});
// A lost parent leaves no process behind.
process.on('disconnect', () => process.exit(0));

try {
  h = await startCoreHarness({
    ...(dataDir ? { dataDir } : {}),
    demo: { vehicles: 2, wakeDelayMs: 10, completionDelayMs: 5, flakiness: false },
  });
  h.core.events.subscribe((event) => process.send!({ type: 'event', event } satisfies FromCoreProcess));
  process.send!({
    type: 'ready',
    dataDir: h.dataDir,
    keychainService: h.keychainService,
  } satisfies FromCoreProcess);
} catch (error) {
  process.send!({
    type: 'failed',
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  } satisfies FromCoreProcess);
  process.exit(1);
}
