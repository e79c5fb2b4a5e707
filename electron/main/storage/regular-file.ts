// Reads a small file a person chose, refusing what is not one. A path can name a FIFO (opening it
// for reading blocks until a writer comes, reading it never ends), a device (/dev/zero reads
// without end, /dev/tty waits for a key) or a folder; reading such a path whole would hang main or
// grow it without bound. The file is opened without blocking and the open descriptor's own stat
// decides (not an earlier stat of the path, which a swap could outrun); at most `maxBytes` + 1
// bytes are ever read.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

export type RegularFileProblem = 'not_regular' | 'too_large' | 'unreadable';

export class RegularFileError extends Error {
  readonly problem: RegularFileProblem;
  /** The system's code when the file could not be opened or read (ENOENT, EACCES…). */
  readonly code: string | null;
  constructor(problem: RegularFileProblem, message: string, code: string | null = null) {
    super(message);
    this.name = 'RegularFileError';
    this.problem = problem;
    this.code = code;
  }
}

/** The file's bytes; throws RegularFileError for anything but a regular file of at most maxBytes. */
export async function readRegularFile(path: string, maxBytes: number): Promise<Buffer> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as { code?: string }).code ?? null;
    throw new RegularFileError('unreadable', `it cannot be opened (${code ?? 'open failed'})`, code);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw new RegularFileError(
        'not_regular',
        `it is not a regular file (${stats.isDirectory() ? 'a folder' : stats.isFIFO() ? 'a pipe' : stats.isSocket() ? 'a socket' : 'a device'})`,
      );
    if (stats.size > maxBytes) throw new RegularFileError('too_large', `it is larger than ${maxBytes} bytes`);
    // The size can grow after the stat: read one byte past the cap to tell.
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) throw new RegularFileError('too_large', `it is larger than ${maxBytes} bytes`);
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof RegularFileError) throw error;
    const code = (error as { code?: string }).code ?? null;
    throw new RegularFileError('unreadable', `it cannot be read (${code ?? 'read failed'})`, code);
  } finally {
    await handle.close().catch(() => undefined);
  }
}
