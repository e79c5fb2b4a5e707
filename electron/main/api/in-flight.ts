// Refuses a second identical operation (same command to the same VIN, same write to the same VIN)
// while the first is still running, so a double click never sends twice.

export class InFlightGuard {
  readonly #running = new Set<string>();

  /** A release function when `key` was free (now taken), or null when it is already running. */
  tryEnter(key: string): (() => void) | null {
    if (this.#running.has(key)) return null;
    this.#running.add(key);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running.delete(key);
    };
  }

  has(key: string): boolean {
    return this.#running.has(key);
  }

  get size(): number {
    return this.#running.size;
  }
}
