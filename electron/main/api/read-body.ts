// Reads a response body into memory with a size cap: past the cap it stops reading, destroys the
// stream (which drops the connection) and fails with 'bad_response'.
import { AppError } from '../../shared/result';
import { tm } from '../i18n/main-words';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface ReadableBody extends AsyncIterable<Uint8Array | string> {
  destroy?: (error?: Error) => unknown;
  on?: (event: 'error', listener: (err: Error) => void) => unknown;
}

/**
 * Destroys a body stream without leaving an 'error' event unhandled: undici's BodyReadable emits
 * an AbortError when destroyed mid-body, which would be an uncaught exception without a listener.
 */
export function safeDestroy(body: ReadableBody): void {
  body.on?.('error', () => {});
  body.destroy?.();
}

function mib(bytes: number): string {
  const n = bytes / (1024 * 1024);
  return Number.isInteger(n) ? tm('api.mib', { n }) : tm('api.bytes', { n: bytes });
}

export function tooLargeError(maxBytes: number, status?: number): AppError {
  return new AppError('bad_response', tm('api.tooLarge', { size: mib(maxBytes) }), {
    ...(status === undefined ? {} : { status }),
  });
}

function declaredLength(contentLength: string | string[] | undefined): number | undefined {
  const v = Array.isArray(contentLength) ? contentLength[0] : contentLength;
  if (v === undefined || !/^\d+$/.test(v.trim())) return undefined;
  return Number(v.trim());
}

export interface ReadOptions {
  maxBytes?: number;
  /** The Content-Length header, to refuse an announced oversize body before reading it. */
  contentLength?: string | string[] | undefined;
  /** false: past the cap return what was read (for error bodies) instead of throwing. */
  throwOnOverflow?: boolean;
  status?: number;
}

export async function readBodyCapped(body: ReadableBody, opts: ReadOptions = {}): Promise<Uint8Array> {
  const max = opts.maxBytes ?? MAX_BODY_BYTES;
  const throwOnOverflow = opts.throwOnOverflow ?? true;
  const declared = declaredLength(opts.contentLength);
  if (throwOnOverflow && declared !== undefined && declared > max) {
    safeDestroy(body);
    throw tooLargeError(max, opts.status);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  let overflow = false;
  for await (const raw of body) {
    const chunk = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
    if (total + chunk.byteLength > max) {
      overflow = true;
      chunks.push(chunk.subarray(0, max - total));
      total = max;
      break;
    }
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  if (overflow) {
    // Leaving the loop early already calls return() on the iterator; destroy to be certain the
    // socket is dropped rather than drained.
    safeDestroy(body);
    if (throwOnOverflow) throw tooLargeError(max, opts.status);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
