// How often a crashed window may come back: a renderer that dies again at once (a page that
// crashes on load) must not loop forever. At most `max` restarts within `windowMs`.

export interface RestartBudget {
  /** True (and counted) if one more restart is allowed now. */
  take(): boolean;
}

export function createRestartBudget(options: {
  max: number;
  windowMs: number;
  now?: () => number;
}): RestartBudget {
  const now = options.now ?? Date.now;
  const recent: number[] = [];
  return {
    take() {
      const at = now();
      while (recent.length > 0 && at - recent[0]! >= options.windowMs) recent.shift();
      if (recent.length >= options.max) return false;
      recent.push(at);
      return true;
    },
  };
}

/** Exits a renderer leaves on purpose: not a crash. */
export function isCrash(reason: string): boolean {
  return reason !== 'clean-exit';
}
