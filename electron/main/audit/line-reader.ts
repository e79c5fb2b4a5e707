// Reads a text file line by line in fixed-size chunks, from either end, so the audit log can be
// listed newest first or exported without holding the whole file in memory. Splitting on the
// newline byte is safe in UTF-8 (0x0A never occurs inside a multi-byte character).
import * as nodeFs from 'node:fs/promises';
import { errorCode } from '../storage/atomic-file';

export type LineFs = Pick<typeof nodeFs, 'open'>;

const CHUNK = 64 * 1024;
/** A "line" longer than this is garbage (a log line is a few hundred bytes) and is skipped. */
const MAX_LINE = 1024 * 1024;
const NEWLINE = 0x0a;

/** The file opened for reading, or null when it does not exist (yet): an absent log has no lines. */
export async function openOrNull(fs: LineFs, path: string): Promise<nodeFs.FileHandle | null> {
  try {
    return await fs.open(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

/** The file's bytes from the end in chunks of `size`, each with the offset it starts at. */
export async function* chunksBackward(
  handle: nodeFs.FileHandle,
  size: number,
): AsyncGenerator<{ chunk: Buffer<ArrayBuffer>; position: number }> {
  let position = (await handle.stat()).size;
  while (position > 0) {
    const length = Math.min(size, position);
    position -= length;
    const chunk = Buffer.alloc(length);
    await handle.read(chunk, 0, length, position);
    yield { chunk, position };
  }
}

/** Lines from the last to the first; empty lines are skipped. */
export async function* linesBackward(path: string, fs: LineFs = nodeFs): AsyncGenerator<string> {
  const handle = await openOrNull(fs, path);
  if (!handle) return;
  try {
    let carry = Buffer.alloc(0);
    for await (const { chunk } of chunksBackward(handle, CHUNK)) {
      const data = carry.length > MAX_LINE ? chunk : Buffer.concat([chunk, carry]);
      let end = data.length;
      for (let i = data.length - 1; i >= 0; i--) {
        if (data[i] !== NEWLINE) continue;
        if (i + 1 < end) yield data.subarray(i + 1, end).toString('utf8');
        end = i;
      }
      carry = data.subarray(0, end);
    }
    if (carry.length > 0 && carry.length <= MAX_LINE) yield carry.toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Lines from the first to the last; empty lines are skipped. */
export async function* linesForward(path: string, fs: LineFs = nodeFs): AsyncGenerator<string> {
  const handle = await openOrNull(fs, path);
  if (!handle) return;
  try {
    let carry = Buffer.alloc(0);
    let position = 0;
    for (;;) {
      const chunk = Buffer.alloc(CHUNK);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const data = Buffer.concat([
        carry.length > MAX_LINE ? Buffer.alloc(0) : carry,
        chunk.subarray(0, bytesRead),
      ]);
      let start = 0;
      for (let i = 0; i < data.length; i++) {
        if (data[i] !== NEWLINE) continue;
        if (i > start) yield data.subarray(start, i).toString('utf8');
        start = i + 1;
      }
      carry = data.subarray(start);
    }
    if (carry.length > 0 && carry.length <= MAX_LINE) yield carry.toString('utf8');
  } finally {
    await handle.close();
  }
}

/** Newline-terminated lines from byte `from` on, with each line's first byte and the offset just past its newline. */
export async function* linesForwardWithOffsets(
  path: string,
  from: number,
  fs: LineFs = nodeFs,
): AsyncGenerator<{ line: string; start: number; end: number }> {
  const handle = await openOrNull(fs, path);
  if (!handle) return;
  try {
    let carry = Buffer.alloc(0);
    let carryStart = from;
    let position = from;
    for (;;) {
      const chunk = Buffer.alloc(CHUNK);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const data = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      let start = 0;
      for (let i = data.indexOf(NEWLINE); i >= 0; i = data.indexOf(NEWLINE, start)) {
        if (i > start && i - start <= MAX_LINE) {
          yield {
            line: data.subarray(start, i).toString('utf8'),
            start: carryStart + start,
            end: carryStart + i + 1,
          };
        }
        start = i + 1;
      }
      // An overlong run without a newline is garbage: drop what was held of it.
      carry = data.length - start > MAX_LINE ? Buffer.alloc(0) : data.subarray(start);
      carryStart = position - carry.length;
    }
  } finally {
    await handle.close();
  }
}
