// The offline cache's most recent entries, kept in memory as written, each with the identity of the
// file it was written to (inode, size, modification time). A read whose file still has that
// identity is answered from memory: one stat instead of opening, reading and checking the file
// again. A file changed behind the app's back (damaged, replaced, removed) no longer matches and is
// read from disk, with all the checks a read of it makes. The entry is decoded as a read of the file
// would decode it, once, and each caller gets a copy of its own.
import type { Stats } from 'node:fs';
import type { Decoded } from './entry-codec';

/** Enough for the cars a technician works on at once; a garage refresh cycles through it. */
export const RECENT_ENTRIES_MAX = 64;

export type FileIdentity = Pick<Stats, 'ino' | 'size' | 'mtimeMs'>;

interface Kept {
  text: string;
  file: FileIdentity;
  decoded?: unknown;
}

export interface RecentEntries {
  remember(name: string, text: string, file: FileIdentity): void;
  /** Whether `name` is kept, and with which file identity. */
  fileOf(name: string): FileIdentity | null;
  /** The entry decoded; null when not kept or not decodable (the file is asked then). */
  get<T>(name: string, decode: (text: string) => Decoded<T>): T | null;
  forget(name: string): void;
  forgetWhere(test: (name: string) => boolean): void;
}

export const sameFile = (a: FileIdentity, b: FileIdentity): boolean =>
  a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

export function createRecentEntries(max: number = RECENT_ENTRIES_MAX): RecentEntries {
  // A Map keeps insertion order: moving an entry to the end on use makes the first the least recent.
  const kept = new Map<string, Kept>();

  return {
    remember(name, text, file) {
      kept.delete(name);
      kept.set(name, { text, file: { ino: file.ino, size: file.size, mtimeMs: file.mtimeMs } });
      if (kept.size > max) kept.delete(kept.keys().next().value!);
    },

    fileOf: (name) => kept.get(name)?.file ?? null,

    get<T>(name: string, decode: (text: string) => Decoded<T>): T | null {
      const entry = kept.get(name);
      if (!entry) return null;
      kept.delete(name);
      if (entry.decoded === undefined) {
        const decoded = decode(entry.text);
        if (!decoded.ok) return null;
        entry.decoded = decoded.value;
      }
      kept.set(name, entry);
      return structuredClone(entry.decoded) as T;
    },

    forget(name) {
      kept.delete(name);
    },

    forgetWhere(test) {
      for (const name of [...kept.keys()]) if (test(name)) kept.delete(name);
    },
  };
}
