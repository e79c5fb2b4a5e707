// A shop-mode profile's own small files under <data>/shop/<profile>/ (beside its outbox and its copy
// of the templates): the marker saying its garage joined the shop's once, the queue mark (how far
// the local audit log is known queued for the shop) and the claims last known. Both are conveniences read at a session's start:
// one missing or unreadable is treated as never written, never as an error.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureFolder, writeFileAtomic } from './atomic-file';

/** The shop's files of one profile (outbox, join marker) under the data folder. */
export const SHOP_FOLDER = 'shop';
const JOINED_MARKER = 'joined';
const QUEUE_MARK = 'queued-mark.json';
const KNOWN_CLAIMS = 'claims-known.json';

export interface ShopFiles {
  /** The profile's shop folder: its outbox and its copy of the templates live there too. */
  readonly dir: string;
  /** Whether this profile's garage has joined the shop's (the first session did it). */
  joined(): Promise<boolean>;
  /** Marks the join done, with its time. */
  markJoined(at: Date): Promise<void>;
  /** The queue mark's file. */
  readonly queueMark: SmallTextFile;
  /** The active claims as last read from the shop (for the claim check while it is away). */
  readonly knownClaims: SmallTextFile;
}

/** A small file read whole (null when missing or unreadable) and written atomically. */
export interface SmallTextFile {
  read(): Promise<string | null>;
  write(text: string): Promise<void>;
}

export function smallTextFile(path: string): SmallTextFile {
  return {
    read: () => readFile(path, 'utf8').catch(() => null),
    write: (text) => writeFileAtomic(path, text),
  };
}

export function shopFilesOf(dataDir: string, profileId: string): ShopFiles {
  const dir = join(dataDir, SHOP_FOLDER, profileId);
  return {
    dir,
    joined: () =>
      readFile(join(dir, JOINED_MARKER), 'utf8').then(
        () => true,
        () => false,
      ),
    async markJoined(at) {
      await ensureFolder(dir);
      await writeFileAtomic(join(dir, JOINED_MARKER), `${at.toISOString()}\n`);
    },
    queueMark: smallTextFile(join(dir, QUEUE_MARK)),
    knownClaims: smallTextFile(join(dir, KNOWN_CLAIMS)),
  };
}
