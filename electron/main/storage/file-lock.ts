// Per-file serialization inside this process: every writer of a path queues behind the previous one,
// so two writes to the same file can never interleave their temp-file/rename steps. The app is
// single-instance, so an in-process queue is enough; no lock files on disk.
import { resolve } from 'node:path';

const tails = new Map<string, Promise<unknown>>();

/** Runs `task` once every earlier task queued for the same path has settled. */
export function withFileLock<T>(path: string, task: () => Promise<T>): Promise<T> {
  const key = resolve(path);
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  // Forget idle paths so the map does not grow with every cache entry ever written.
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
