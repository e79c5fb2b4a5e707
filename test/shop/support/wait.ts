// How long a shop test waits for a change to come round: an upload, PostgreSQL's notification and
// the other machine's read of it, on a loaded machine.
export const SHOP_WAIT = { timeoutMs: 20_000 } as const;
