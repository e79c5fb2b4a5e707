// A stand-in for the service that holds every answer until the test releases it, so "while a
// request is under way" is a fact of the test, not a bet on timing. Not a test file itself.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** Sends the answer now. */
  release(): void;
}

export interface GatedService {
  readonly baseUrl: string;
  /** Every request that arrived, in order. */
  readonly requests: HeldRequest[];
  /** The next request to arrive that was not yet handed out (arrived ones first). */
  nextRequest(): Promise<HeldRequest>;
  /**
   * The next request of this method, answering at once every other one before it (a command's
   * status read goes through while its POST is held).
   */
  nextOf(method: string): Promise<HeldRequest>;
  /** From now on every request is answered as it comes, and those waiting are released. */
  open(): void;
  close(): Promise<void>;
}

/** `answer` gives the JSON body (status 200) of a request, sent when it is released. */
export async function startGatedService(
  answer: (method: string, path: string) => unknown,
): Promise<GatedService> {
  const requests: HeldRequest[] = [];
  const unclaimed: HeldRequest[] = [];
  const waiting: ((request: HeldRequest) => void)[] = [];
  let opened = false;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const held: HeldRequest = {
        method,
        path,
        authorization: req.headers.authorization,
        release: () => send(res, answer(method, path)),
      };
      requests.push(held);
      if (opened) return held.release();
      const waiter = waiting.shift();
      if (waiter) waiter(held);
      else unclaimed.push(held);
    });
  });
  const nextRequest = () => {
    const ready = unclaimed.shift();
    return ready ? Promise.resolve(ready) : new Promise<HeldRequest>((resolve) => waiting.push(resolve));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    nextRequest,
    async nextOf(method) {
      for (;;) {
        const held = await nextRequest();
        if (held.method === method) return held;
        held.release();
      }
    },
    open() {
      opened = true;
      for (const held of unclaimed.splice(0)) held.release();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, body: unknown): void {
  if (res.destroyed || res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
