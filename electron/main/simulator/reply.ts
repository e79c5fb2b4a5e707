// What a handler decides to answer; server.ts writes it (after the configured latency).

export type Reply =
  | {
      kind: 'send';
      status: number;
      contentType: string;
      body: string | Buffer;
      headers?: Record<string, string>;
    }
  /** Destroy the socket without answering. */
  | { kind: 'reset' }
  /** Never answer; stop() destroys the socket. */
  | { kind: 'hang' };

const JSON_TYPE = 'application/json; charset=utf-8';

export function json(status: number, value: unknown, headers?: Record<string, string>): Reply {
  return { kind: 'send', status, contentType: JSON_TYPE, body: JSON.stringify(value), headers };
}

/** A pre-serialised JSON body (the hot path caches these). */
export function rawJson(status: number, body: string | Buffer, headers?: Record<string, string>): Reply {
  return { kind: 'send', status, contentType: JSON_TYPE, body, headers };
}

export function error(status: number, message: string, headers?: Record<string, string>): Reply {
  return json(status, { error: message }, headers);
}
