// The offline cache's writes under way, per key: a read right after a refresh waits for the write of
// what that refresh fetched, so it sees it; writes of one key land in the order they were started.
export interface PendingWrites {
  /** Settles when the write of `id` under way (if any) has landed. */
  landed(id: string): Promise<void>;
  /**
   * Starts `store` after the key's previous write; nothing when the profile moved to another
   * address meanwhile (a late answer belongs to the old one).
   */
  storeIfCurrent(ctx: { isCurrent?: () => boolean }, id: string, store: () => Promise<void>): Promise<void>;
  /** Settles when every write started so far has finished. */
  drain(): Promise<void>;
}

export function createPendingWrites(): PendingWrites {
  const pending = new Map<string, Promise<void>>();
  return {
    landed: async (id) => {
      await pending.get(id);
    },
    storeIfCurrent(ctx, id, store) {
      if (ctx.isCurrent && !ctx.isCurrent()) return Promise.resolve();
      const previous = pending.get(id) ?? Promise.resolve();
      const write = previous.then(store, store);
      const settled = write
        .catch(() => {})
        .finally(() => {
          if (pending.get(id) === settled) pending.delete(id);
        });
      pending.set(id, settled);
      return write;
    },
    async drain() {
      await Promise.all([...pending.values()]);
    },
  };
}
