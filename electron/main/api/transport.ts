// The service's transport: one keep-alive dispatcher for the service origin and the HTTP exchange
// of one request on it. Nothing here retries or interprets an answer (call.ts does).
//
// Plain dispatchers: no retry interceptor, no RetryAgent, pipelining 1. undici re-sends nothing by
// itself with pipelining 1 (a failed in-flight request is errored, never replayed), and POSTs are
// marked non-idempotent so undici would not pipeline them even if pipelining were raised.
import type { Dispatcher } from 'undici';

import type { ClientConfig } from './config';
import { ConnectionFailure } from './errors';
import { createNetwork, type Network, type NetworkOptions } from './network/network';
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
  networkOptions: NetworkOptions = {},
): ServiceTransport {
  // Direct or through the proxy chosen for the service's origin; the system's certificates trusted.
  const network: Network = createNetwork(networkOptions, { connections: config.connections });
  return {
    async send(req, token, signal, timeoutMs) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'user-agent': config.userAgent,
      };
      if (req.body !== null) headers['content-type'] = 'application/json';
      // A failure on the way (proxy, DNS, certificate) is reported with the host and the proxy.
      let route: Awaited<ReturnType<Network['route']>> | null = null;
      try {
        route = await network.route(config.base);
        return await route.dispatcher.request({
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
      } catch (e) {
        throw new ConnectionFailure(e, config.base.host, route?.proxy ?? null);
      }
    },
    close: () => network.close(),
    destroy: () => network.destroy(),
  };
}
