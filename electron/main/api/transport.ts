// The service's transport: one keep-alive dispatcher for the service origin and the HTTP exchange
// of one request on it. Nothing here retries or interprets an answer (call.ts does).
//
// Plain dispatchers: no retry interceptor, no RetryAgent, pipelining 1. undici re-sends nothing by
// itself with pipelining 1 (a failed in-flight request is errored, never replayed), and POSTs are
// marked non-idempotent so undici would not pipeline them even if pipelining were raised.
import { Pool, type Dispatcher } from 'undici';

import type { ClientConfig } from './config';
import { requestTarget, type WireRequest } from './requests';

export interface ServiceTransport {
  /** Sends `req` with the bearer token; the caller's signal is the real time limit. */
  send(
    req: WireRequest,
    token: string,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
  destroy(): Promise<void>;
}

export function createServiceTransport(
  config: ClientConfig,
  dispatcher: Dispatcher = new Pool(config.base.origin, { connections: config.connections, pipelining: 1 }),
): ServiceTransport {
  return {
    send(req, token, signal, timeoutMs) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'user-agent': config.userAgent,
      };
      if (req.body !== null) headers['content-type'] = 'application/json';
      return dispatcher.request({
        origin: config.base.origin,
        method: req.method,
        path: requestTarget(config.basePath, req),
        headers,
        body: req.body,
        signal,
        idempotent: req.method === 'GET',
        // Backstops only; the caller's timer is the real limit.
        headersTimeout: timeoutMs + 1000,
        bodyTimeout: timeoutMs + 1000,
      });
    },
    close: () => dispatcher.close(),
    destroy: () => dispatcher.destroy(),
  };
}
