// This app's own writes, told to its live listener: the rows an upload inserts come back from the
// INSERT (RETURNING), so the listener need not read the tables when their notifications come back
// only to find them. A write is begun before its statement is sent and settled once its answer (the
// commit's) is in: the notifications arrive at the commit, on another connection, before or after
// that answer, so a listener holds its read decision while a write of its own is under way.
export interface OwnWrite<Row> {
  /** Committed: these rows are the write's (the listener takes them as read). */
  done(rows: readonly Row[]): void;
  /** Failed or of unknown outcome: the listener reads whatever it heard meanwhile. */
  failed(): void;
}

export interface OwnWriteFollower<Row> {
  began(): void;
  settled(rows: readonly Row[] | null): void;
}

export interface OwnWrites<Row> {
  begin(): OwnWrite<Row>;
  /** A listener follows the writes begun from now on; returns the unfollow. */
  follow(follower: OwnWriteFollower<Row>): () => void;
}

export function createOwnWrites<Row>(): OwnWrites<Row> {
  const followers = new Set<OwnWriteFollower<Row>>();
  const each = (told: Set<OwnWriteFollower<Row>>, tell: (follower: OwnWriteFollower<Row>) => void) => {
    for (const follower of told) {
      try {
        tell(follower);
      } catch {
        // A follower's failure is its own.
      }
    }
  };
  return {
    begin() {
      // Settled once, for those told it began (a listener started meanwhile was not holding for it).
      const told = new Set(followers);
      each(told, (follower) => follower.began());
      let settled = false;
      const settle = (rows: readonly Row[] | null) => {
        if (settled) return;
        settled = true;
        each(told, (follower) => follower.settled(rows));
      };
      return { done: (rows) => settle(rows), failed: () => settle(null) };
    },
    follow(follower) {
      followers.add(follower);
      return () => followers.delete(follower);
    },
  };
}
