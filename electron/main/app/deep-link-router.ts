// Links arrive before the app can act on them (macOS sends `open-url` before ready; the first
// process's own arguments are read at start) and at any time after (a second launch). They wait
// until the garage can be looked up, then each is resolved and handed to the window, in order.
import type { ShellRequest } from '../../shared/shell-requests';

export interface DeepLinkRouter {
  /** A link from the OS: acted on now, or once `start` was called. */
  receive(raw: string): void;
  /** The app can look up its garage and show a window from now on. */
  start(): Promise<void>;
  /** Settles once every link received so far has been delivered (or failed). */
  settled(): Promise<void>;
}

export function createDeepLinkRouter(deps: {
  resolve(raw: string): Promise<ShellRequest>;
  deliver(request: ShellRequest): void;
  onProblem(message: string, error: unknown): void;
}): DeepLinkRouter {
  const waiting: string[] = [];
  let started = false;
  // One at a time: two links clicked quickly open in the order they came.
  let chain: Promise<void> = Promise.resolve();
  const route = (raw: string) => {
    chain = chain.then(async () => {
      try {
        deps.deliver(await deps.resolve(raw));
      } catch (error) {
        deps.onProblem('A link could not be opened', error);
      }
    });
    return chain;
  };
  return {
    receive(raw) {
      if (started) void route(raw);
      else waiting.push(raw);
    },
    async start() {
      started = true;
      for (const raw of waiting.splice(0)) void route(raw);
      await chain;
    },
    settled: () => chain,
  };
}
