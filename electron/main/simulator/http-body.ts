// Reads a request body with a size limit. Oversized bodies are drained (up to a point) before the 413
// goes out, so the client reads the answer instead of a connection reset.
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 64 * 1024;
const MAX_DRAIN_BYTES = 8 * 1024 * 1024;

export type BodyResult =
  { kind: 'ok'; body: string } | { kind: 'too_large'; drained: boolean } | { kind: 'aborted' };

export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

export function readBody(req: IncomingMessage): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > MAX_DRAIN_BYTES) return Promise.resolve({ kind: 'too_large', drained: false });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > MAX_BODY_BYTES;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      if (size > MAX_DRAIN_BYTES) {
        req.removeAllListeners('data');
        req.pause();
        resolve({ kind: 'too_large', drained: false });
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(
        tooLarge
          ? { kind: 'too_large', drained: true }
          : { kind: 'ok', body: Buffer.concat(chunks).toString('utf8') },
      );
    });
    req.on('error', () => resolve({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ kind: 'aborted' });
    });
  });
}
