// The order the core stops in, which is what keeps the record whole when the app quits: nothing new
// is sent, what was sent gets its answer (or its failure) into the audit log, the runs and jobs read
// their last entries, and only then are the files written and closed and the data folder let go.

/** How long quitting waits for commands under way to answer before cutting them off. */
const WRITE_DRAIN_MS = 10_000;

interface Settles {
  settle(): Promise<void>;
}

export interface StoppingParts {
  updateSchedule: { stop(): void };
  runs: Settles & { halt(): void };
  writes: { drain(ms: number): Promise<void> };
  clients: { destroyAll(): Promise<void> };
  jobs: Settles;
  reads: { drain(): Promise<void> };
  reactions: { settled(): Promise<void> };
  workspace: { close(): Promise<void> };
  vehicleFeed: { flush(): Promise<void> };
  glance: { flush(): Promise<void> };
  cache: { close(): Promise<void> };
  audit: { flush(): Promise<void>; close(): Promise<void> };
  demo: { simulator: { stop(): Promise<void> } } | null;
  dataLock: { release(): Promise<void> };
  onProblem: (message: string, error: unknown) => void;
}

export async function shutDown(parts: StoppingParts): Promise<void> {
  const { runs, writes, audit, onProblem } = parts;
  parts.updateSchedule.stop();
  // Runs send nothing new; what they sent finishes below, and each run is saved as stopped.
  runs.halt();
  // Commands already sent get a chance to answer, so their outcome reaches the audit log...
  await writes.drain(WRITE_DRAIN_MS);
  // ...then whatever is left is cut off, and its failure audited before the files close.
  await parts.clients.destroyAll();
  await writes.drain(1_000);
  await runs.settle();
  // After the runs: their last audit entries may still be read back into a job.
  await parts.jobs.settle();
  await parts.reads.drain();
  await parts.reactions.settled();
  await parts.workspace.close();
  await parts.vehicleFeed.flush();
  await parts.glance.flush();
  await parts.cache.close().catch((error) => onProblem('Could not write the cache index', error));
  await audit.flush().catch((error) => onProblem('Could not write the audit indexes', error));
  await audit.close();
  await parts.demo?.simulator.stop();
  await parts.dataLock.release();
}
