// The dispatchers a client's requests leave by: direct, or through the proxy chosen for their
// origin (proxy-choice.ts), trusting the certificates of trust.ts. The choice is made once per
// origin and proxy setting: when the setting changes (Settings → Network), the next request chooses
// again, while requests under way finish on the connection they have.
import type { LookupFunction } from 'node:net';
import type { SecureContext } from 'node:tls';
import { Agent, Pool, ProxyAgent, type Dispatcher } from 'undici';

import { chooseProxy, proxyLabel, type ProxyChoice, type ProxyEnv, type ProxyResolver } from './proxy-choice';
import { trustContext, type SystemCertificates } from './trust';

export interface NetworkOptions {
  /**
   * The app's proxy setting: a proxy URL, "direct", or null for automatic (variables, then system);
   * a function is asked on every request, so a changed setting applies without a new client.
   */
  proxy?: string | null | (() => string | null);
  /** The system's proxy resolution for the app's session (Electron's session.resolveProxy). */
  resolveProxy?: ProxyResolver;
  /** HTTPS_PROXY / HTTP_PROXY / NO_PROXY; default process.env. */
  env?: ProxyEnv;
  /** The OS certificate store; default Node's own reader (Node 24), none on Node 20. */
  systemCertificates?: SystemCertificates;
}

export interface Route {
  dispatcher: Dispatcher;
  /** The target's host (host:port) and the proxy's (without credentials), for messages. */
  host: string;
  proxy: string | null;
}

export interface Network {
  route(target: URL): Promise<Route>;
  close(): Promise<void>;
  destroy(): Promise<void>;
}

export interface PoolShape {
  /** Keep-alive connections per origin. */
  connections: number;
  /** A DNS lookup for direct connections (the image fetcher's guard). */
  lookup?: LookupFunction;
}

export function createNetwork(options: NetworkOptions, shape: PoolShape): Network {
  let context: SecureContext | null | undefined;
  const secure = () => {
    context ??= trustContext(options.systemCertificates, options.env ?? process.env);
    return context === null ? {} : { secureContext: context };
  };
  // Every per-origin pool is kept here: undici's Agent forgets its pools on close(), so a destroy()
  // after a close() (quitting while requests drain) would otherwise abort nothing.
  const pools = new Set<Pool>();
  const factory = (origin: string | URL, opts: object): Dispatcher => {
    const pool = new Pool(origin, opts);
    pools.add(pool);
    return pool;
  };
  const common = { connections: shape.connections, pipelining: 1, factory };
  let direct: Agent | null = null;
  const proxies = new Map<string, ProxyAgent>();
  const choices = new Map<string, Promise<ProxyChoice>>();
  // The setting the kept choices were made under; another one starts them afresh.
  let choicesFor: string | null = null;

  function dispatcherFor(proxy: string | null): Dispatcher {
    if (proxy === null) {
      direct ??= new Agent({
        ...common,
        connect: { ...secure(), ...(shape.lookup ? { lookup: shape.lookup } : {}) },
      });
      return direct;
    }
    let agent = proxies.get(proxy);
    if (!agent) {
      // The target's TLS runs inside the tunnel (requestTls); an https proxy's own TLS is proxyTls.
      agent = new ProxyAgent({ uri: proxy, ...common, requestTls: secure(), proxyTls: secure() });
      proxies.set(proxy, agent);
    }
    return agent;
  }

  const all = (): Dispatcher[] => [...(direct ? [direct] : []), ...proxies.values()];
  const destroyAll = (d: Dispatcher) => d.destroy().catch(() => undefined);

  return {
    async route(target) {
      const setting = (typeof options.proxy === 'function' ? options.proxy() : options.proxy) ?? null;
      if (setting !== choicesFor) {
        choices.clear();
        choicesFor = setting;
      }
      let choice = choices.get(target.origin);
      if (!choice) {
        choice = chooseProxy(target, {
          setting,
          env: options.env ?? process.env,
          ...(options.resolveProxy ? { resolveProxy: options.resolveProxy } : {}),
        });
        choices.set(target.origin, choice);
      }
      const { proxy } = await choice;
      return {
        dispatcher: dispatcherFor(proxy),
        host: target.host,
        proxy: proxy === null ? null : proxyLabel(proxy),
      };
    },
    async close() {
      await Promise.all(all().map((d) => d.close()));
    },
    async destroy() {
      await Promise.all([...pools].map(destroyAll));
      await Promise.all(all().map(destroyAll));
    },
  };
}
