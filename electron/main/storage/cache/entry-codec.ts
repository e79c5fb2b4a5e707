// The on-disk form of cache entries. Everything read back is checked again (key, schema, image rules)
// because the cache folder is writable by anything running as the user.
import { z } from 'zod';
import { describeSchemaError } from '../atomic-file';
import { keyText, type CacheKey, type CacheValue } from './cache-keys';
import { cachedValueOf } from './cached-values';
import { imageProblem, normalizeImageType, type ImageType } from './image-rules';

export type Decoded<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface CachedValue<T> {
  value: T;
  /** ISO time the value was fetched from the service. */
  fetchedAt: string;
}

export interface CachedImage {
  contentType: ImageType;
  bytes: Buffer;
  fetchedAt: string;
}

const entrySchema = z.object({
  v: z.literal(1),
  key: z.string(),
  fetchedAt: z.iso.datetime(),
  value: z.unknown(),
});

// Every kind's value is checked against its schema again (cached-values.ts).
function valueSchemaOf(key: CacheKey): z.ZodType<unknown> {
  return cachedValueOf(key.kind).schema;
}

export function encodeEntry<K extends CacheKey>(key: K, value: CacheValue<K>, fetchedAt: Date): string {
  return JSON.stringify({ v: 1, key: keyText(key), fetchedAt: fetchedAt.toISOString(), value });
}

/** `expected` is the key text the entry was looked up by (an earlier spelling, for old entries). */
export function decodeEntry<K extends CacheKey>(
  key: K,
  text: string,
  expected: string = keyText(key),
): Decoded<CachedValue<CacheValue<K>>> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'is not valid JSON' };
  }
  const envelope = entrySchema.safeParse(data);
  if (!envelope.success) return { ok: false, problem: describeSchemaError(envelope.error) };
  if (envelope.data.key !== expected) return { ok: false, problem: 'holds a different key' };
  const value = valueSchemaOf(key).safeParse(envelope.data.value);
  if (!value.success) return { ok: false, problem: `value ${describeSchemaError(value.error)}` };
  return { ok: true, value: { value: value.data as CacheValue<K>, fetchedAt: envelope.data.fetchedAt } };
}

// Image files: one JSON header line, then the raw bytes, so a read is a single file read.
const imageHeaderSchema = z.object({
  v: z.literal(1),
  url: z.string(),
  contentType: z.string(),
  fetchedAt: z.iso.datetime(),
  size: z.number().int().nonnegative(),
});

const HEADER_MAX = 8192;

export function encodeImage(url: string, contentType: ImageType, bytes: Uint8Array, fetchedAt: Date): Buffer {
  const header = JSON.stringify({
    v: 1,
    url,
    contentType,
    fetchedAt: fetchedAt.toISOString(),
    size: bytes.byteLength,
  });
  return Buffer.concat([Buffer.from(header + '\n', 'utf8'), bytes]);
}

export function decodeImage(url: string, data: Buffer): Decoded<CachedImage> {
  const newline = data.subarray(0, HEADER_MAX).indexOf(0x0a);
  if (newline < 0) return { ok: false, problem: 'has no header' };
  let raw: unknown;
  try {
    raw = JSON.parse(data.subarray(0, newline).toString('utf8'));
  } catch {
    return { ok: false, problem: 'has an unreadable header' };
  }
  const header = imageHeaderSchema.safeParse(raw);
  if (!header.success) return { ok: false, problem: `header ${describeSchemaError(header.error)}` };
  if (header.data.url !== url) return { ok: false, problem: 'holds a different URL' };
  const bytes = data.subarray(newline + 1);
  if (bytes.byteLength !== header.data.size) return { ok: false, problem: 'is truncated' };
  const type = normalizeImageType(header.data.contentType);
  const problem = imageProblem(header.data.contentType, bytes);
  if (type === null || problem !== null) return { ok: false, problem: problem ?? 'has a disallowed type' };
  return { ok: true, value: { contentType: type, bytes, fetchedAt: header.data.fetchedAt } };
}
