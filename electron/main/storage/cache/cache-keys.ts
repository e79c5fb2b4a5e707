// What the offline cache stores, and how a key becomes a file name: sha256 of a readable key text,
// prefixed by a hash of the profile so one profile's entries can be dropped by listing the folder.
// A key's parts are not checked here: the VIN, version and language were checked where they entered
// main, and the file name is a hash, so no key text can name a path outside the cache folder.
import { createHash } from 'node:crypto';
import { type ReadKind, type ReadValues } from './cached-values';

export { READ_KINDS, type ReadKind, type ReadValues } from './cached-values';

/** One key family for every cached read. */
export interface CacheKey<Kind extends ReadKind = ReadKind> {
  kind: Kind;
  profileId: string;
  vin: string;
  /**
   * What else tells two answers of one kind apart, as canonical text ('' when nothing does):
   * the release notes' version and language (see releaseNotesVariant), the drives' filters.
   */
  variant?: string;
}

export type CacheValue<K extends CacheKey> = K extends CacheKey<infer Kind> ? ReadValues[Kind] : never;

/** The release notes' variant: a software version, or 'current' / 'staged', and the language. */
export function releaseNotesVariant(version: string, language: string): string {
  return `${version}|${language}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The readable key kept inside each entry, e.g. `release-notes|<profile>|<vin>|current|en`. */
export function keyText(key: CacheKey): string {
  return [key.kind, key.profileId, key.vin, key.variant ?? ''].join('|');
}

/**
 * The key texts an entry may have been written under, newest first. Telemetry entries written
 * before every read shared this key family had no variant part; they stay readable, and the next
 * live read writes the entry under the current text (the old file ages out of the cache).
 */
export function keyTexts(key: CacheKey): string[] {
  const current = keyText(key);
  return key.kind === 'telemetry' && (key.variant ?? '') === ''
    ? [current, [key.kind, key.profileId, key.vin].join('|')]
    : [current];
}

export function profilePrefix(profileId: string): string {
  return sha256(`profile|${profileId}`).slice(0, 16) + '-';
}

/** The entry's file name for a key text (one of keyTexts). */
export function entryFileName(key: CacheKey, text: string = keyText(key)): string {
  return `${profilePrefix(key.profileId)}${sha256(text)}.json`;
}

export function imageFileName(url: string): string {
  return `img-${sha256(`image|${url}`)}.bin`;
}
