// Finds the lines of a segment that contain a byte pattern (`"vin":"…"`), newest first, without
// splitting and parsing every line: Buffer#lastIndexOf runs at memory speed, so a VIN with a few
// entries among a month's tens of thousands costs one read of the file. Reads 1 MiB at a time
// from the end, so a segment of any size needs no more memory than that.
import * as nodeFs from 'node:fs/promises';
import { chunksBackward, openOrNull, type LineFs } from './line-reader';

const CHUNK = 1024 * 1024;
const NEWLINE = 0x0a;

export async function* linesContainingBackward(
  path: string,
  needle: string,
  fs: LineFs = nodeFs,
): AsyncGenerator<string> {
  const handle = await openOrNull(fs, path);
  if (!handle) return;
  const pattern = Buffer.from(needle, 'utf8');
  try {
    let carry = Buffer.alloc(0);
    for await (const { chunk, position } of chunksBackward(handle, CHUNK)) {
      const data = carry.length > 0 ? Buffer.concat([chunk, carry]) : chunk;
      const atStart = position === 0;
      // Lines before the first newline may go on in the previous chunk: keep them for later.
      const firstNewline = atStart ? -1 : data.indexOf(NEWLINE);
      if (!atStart && firstNewline < 0) {
        carry = data.length > 16 * CHUNK ? Buffer.alloc(0) : data; // an endless run is garbage
        continue;
      }
      const from = firstNewline + 1;
      let searchEnd = data.length;
      while (searchEnd - pattern.length >= from) {
        const at = data.lastIndexOf(pattern, searchEnd - pattern.length);
        if (at < from) break;
        const lineStart = data.lastIndexOf(NEWLINE, at) + 1;
        let lineEnd = data.indexOf(NEWLINE, at);
        if (lineEnd < 0) lineEnd = data.length;
        yield data.subarray(lineStart, lineEnd).toString('utf8');
        searchEnd = lineStart;
      }
      carry = data.subarray(0, from);
    }
  } finally {
    await handle.close();
  }
}
