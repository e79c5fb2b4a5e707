// The HTTP server: plain node:http, since the simulator is the backbone of load tests. Order of checks
// for an API request: body size (413), route (404), method (405), command name (404), injected fault,
// token (401: the bearer header, else the `access_token` query parameter), rate limit (429), VIN (404),
// the owner check (403: a driver's token on drivers, invitations, guest mode and telemetry
// configuration writes), then the operation's own validation (400/415).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as accessHandlers from './access-handlers';
import type { FaultSpec, RecordedRequest, Simulator, SimulatorOptions } from './api';
import { assetFor, isAssetPath } from './assets';
import { CommandRunner, type RunnerSettings } from './command-runner';
import { FaultRegistry, faultReply } from './faults';
import { createFleet } from './fleet';
import { accountRng, ownerIdFor } from './fleet-access';
import { hasBody, readBody } from './http-body';
import { RateLimiter } from './rate-limit';
import { error, type Reply } from './reply';
import {
  answer,
  matchRoute,
  namesVehicle,
  ownerOnly,
  parseQuery,
  unknownTarget,
  type RouteMatch,
  type SimulatorParts,
} from './router';
import { Scheduler } from './scheduler';
import { SoftwareUpdates } from './software-updates';
import { TelemetryWrites } from './telemetry-writes';
import type { VehicleState } from './types';
import { VehicleRuntime, type SleepSettings } from './vehicle-runtime';

const DEFAULTS = {
  host: '127.0.0.1',
  port: 0,
  seed: 1,
  vehicles: 12,
  latencyMs: 0,
  wakeDelayMs: 1500,
  completionDelayMs: 300,
  sleepAfterMs: 15 * 60_000,
  /** The real service gives up waking after 90 s: 60 wake delays at the default 1.5 s. */
  wakeTimeoutDelays: 60,
  maxRecordedRequests: 10_000,
  configWriteDelayMs: 500,
  telemetrySyncDelayMs: 3000,
  updateInstallMs: 20_000,
};

type Role = 'owner' | 'driver';

function checkMs(name: string, value: number): number {
  if (!(Number.isFinite(value) && value >= 0)) throw new RangeError(`${name} must be a non-negative number`);
  return value;
}

/** What the request record holds instead of a token passed in the query string. */
export const REDACTED = '[redacted]';

/** The query as recorded: a token in `access_token` never reaches `requests`. */
function recordedQuery(query: Record<string, string>): Record<string, string> {
  if (query['access_token'] === undefined) return query;
  const copy = Object.create(null) as Record<string, string>;
  for (const key in query) copy[key] = key === 'access_token' ? REDACTED : (query[key] as string);
  return copy;
}

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key in headers) {
    const v = headers[key];
    if (v !== undefined) out[key] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export class SimulatorServer implements Simulator {
  readonly token: string;
  readonly driverToken: string | null;
  readonly vins: string[];
  readonly requests: RecordedRequest[] = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly scheduler: Scheduler;
  /** Rate-limit headers a test has every answer carry (announceRateLimit), or null. */
  private announced: Record<string, string> | null = null;
  private readonly faults = new FaultRegistry();
  private readonly limiter: RateLimiter;
  private readonly runner: CommandRunner;
  private readonly fleet = new Map<string, VehicleRuntime>();
  private readonly tokenBuffer: Buffer;
  private readonly driverTokenBuffer: Buffer | null;
  private readonly updates: SoftwareUpdates;
  private readonly telemetryWrites: TelemetryWrites;
  private readonly account: accessHandlers.Account;
  private readonly maxRecorded: number;
  private latencyMs: number;
  private settings: RunnerSettings;
  private readonly sleep: SleepSettings;
  private readonly wakeTimeoutMs: number;
  private assetBaseUrl = '';
  private base = '';
  private stopping: Promise<void> | null = null;
  /** What the route handlers are lent (router.ts). */
  private readonly parts: SimulatorParts;

  constructor(private readonly options: SimulatorOptions = {}) {
    this.scheduler = new Scheduler(options.clock);
    const now = () => this.scheduler.now();
    this.token = options.token ?? randomBytes(32).toString('hex');
    if (this.token === '' || /\s/.test(this.token))
      throw new RangeError('token must be non-empty without spaces');
    this.tokenBuffer = Buffer.from(`Bearer ${this.token}`);
    this.driverToken = options.driverToken ?? null;
    if (this.driverToken !== null && (this.driverToken === '' || /\s/.test(this.driverToken)))
      throw new RangeError('driverToken must be non-empty without spaces');
    if (this.driverToken === this.token) throw new RangeError('driverToken must differ from token');
    this.driverTokenBuffer = this.driverToken === null ? null : Buffer.from(`Bearer ${this.driverToken}`);
    this.latencyMs = checkMs('latencyMs', options.latencyMs ?? DEFAULTS.latencyMs);
    this.settings = {
      wakeDelayMs: checkMs('wakeDelayMs', options.wakeDelayMs ?? DEFAULTS.wakeDelayMs),
      completionDelayMs: checkMs(
        'completionDelayMs',
        options.completionDelayMs ?? DEFAULTS.completionDelayMs,
      ),
      flakiness: options.flakiness ?? true,
    };
    this.sleep = { sleepAfterMs: checkMs('sleepAfterMs', options.sleepAfterMs ?? DEFAULTS.sleepAfterMs) };
    this.wakeTimeoutMs = checkMs(
      'wakeTimeoutMs',
      options.wakeTimeoutMs ?? this.settings.wakeDelayMs * DEFAULTS.wakeTimeoutDelays,
    );
    this.maxRecorded = options.maxRecordedRequests ?? DEFAULTS.maxRecordedRequests;
    this.limiter = new RateLimiter(
      options.rateLimitPerSecond ?? null,
      options.rateLimitHeaders ?? 'draft',
      now,
    );
    const installMs = checkMs('updateInstallMs', options.updateInstallMs ?? DEFAULTS.updateInstallMs);
    this.updates = new SoftwareUpdates(this.scheduler, () => ({ installMs }));
    this.runner = new CommandRunner(
      this.scheduler,
      () => this.settings,
      (vehicle, req) => this.updates.applied(vehicle, req),
    );
    const writeSettings = {
      writeDelayMs: checkMs('configWriteDelayMs', options.configWriteDelayMs ?? DEFAULTS.configWriteDelayMs),
      syncDelayMs: checkMs(
        'telemetrySyncDelayMs',
        options.telemetrySyncDelayMs ?? DEFAULTS.telemetrySyncDelayMs,
      ),
    };
    this.telemetryWrites = new TelemetryWrites(this.scheduler, () => writeSettings);
    const seed = options.seed ?? DEFAULTS.seed;
    this.account = {
      ownerId: ownerIdFor(seed),
      rng: accountRng(seed),
      shareLinkBase: options.shareLinkBase ?? accessHandlers.SHARE_LINK_BASE,
    };
    for (const state of createFleet(seed, options.vehicles ?? DEFAULTS.vehicles, options.now ?? now())) {
      const vehicle = new VehicleRuntime(state, seed, this.sleep, now);
      vehicle.onWake = (v) => this.telemetryWrites.woke(v);
      this.fleet.set(state.vin, vehicle);
    }
    this.vins = [...this.fleet.keys()];
    this.parts = {
      fleet: this.fleet,
      scheduler: this.scheduler,
      runner: this.runner,
      telemetryWrites: this.telemetryWrites,
      account: this.account,
      assetBaseUrl: () => this.assetBaseUrl,
      wakeTimeoutMs: this.wakeTimeoutMs,
      tyreHistoryForm: options.tyreHistoryForm ?? 'results',
    };
    this.server = createServer((req, res) => this.onRequest(req, res));
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('clientError', (_err, socket: Socket) => {
      if (socket.writable)
        socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      else socket.destroy();
    });
  }

  get baseUrl(): string {
    return this.base;
  }

  async listen(): Promise<void> {
    const host = this.options.host ?? DEFAULTS.host;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? DEFAULTS.port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const { port } = this.server.address() as AddressInfo;
    this.base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    this.assetBaseUrl = (this.options.assetBaseUrl ?? this.base).replace(/\/+$/, '');
  }

  // --- programmatic control -------------------------------------------------------------------

  clearRequests(): void {
    this.requests.length = 0;
  }

  setLatency(ms: number): void {
    this.latencyMs = checkMs('latency', ms);
  }

  setRateLimit(perSecond: number | null): void {
    this.limiter.set(perSecond);
  }

  announceRateLimit(headers: Record<string, string> | null): void {
    this.announced = headers === null ? null : { ...headers };
  }

  injectFault(spec: FaultSpec): () => void {
    return this.faults.add(spec);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** Configuration writes taken, and those refused because another was under way (a 429). */
  configWriteStats(): { written: number; refusedConcurrent: number } {
    return { ...this.telemetryWrites.stats };
  }

  vehicleState(vin: string): VehicleState {
    const vehicle = this.runtime(vin);
    vehicle.settle();
    return structuredClone(vehicle.state);
  }

  setVehicleState(vin: string, patch: Partial<VehicleState>): void {
    const vehicle = this.runtime(vin);
    if (patch.vin !== undefined && patch.vin !== vin) throw new RangeError('a vehicle’s VIN cannot change');
    Object.assign(vehicle.state, structuredClone(patch));
    vehicle.invalidate(patch);
  }

  vehicles(): VehicleState[] {
    return [...this.fleet.values()].map((v) => {
      v.settle();
      return structuredClone(v.state);
    });
  }

  stop(): Promise<void> {
    this.stopping ??= new Promise<void>((resolve) => {
      this.scheduler.stop();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
      for (const socket of this.sockets) socket.destroy();
    });
    return this.stopping;
  }

  private runtime(vin: string): VehicleRuntime {
    const vehicle = this.fleet.get(vin);
    if (!vehicle) throw new RangeError(`no vehicle with VIN ${vin} in the simulator`);
    return vehicle;
  }

  // --- request handling -----------------------------------------------------------------------

  private record(entry: RecordedRequest): void {
    this.requests.push(entry);
    // Trim in batches so a long-running demo does not grow without bound.
    if (this.requests.length >= this.maxRecorded * 2)
      this.requests.splice(0, this.requests.length - this.maxRecorded);
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = parseQuery(q < 0 ? '' : url.slice(q + 1));
    const match = isAssetPath(path) ? null : matchRoute(path, req.method ?? 'GET');
    const entry: RecordedRequest = {
      method: req.method ?? 'GET',
      path,
      query: recordedQuery(query),
      headers: flattenHeaders(req.headers),
      body: '',
      vin: match?.vin ?? null,
      route: match?.route ?? null,
      at: this.scheduler.now(),
    };
    this.record(entry);
    if (!hasBody(req)) {
      this.finish(req, res, this.dispatch(req, path, query, match, ''));
      return;
    }
    void readBody(req).then((body) => {
      if (body.kind === 'aborted') return;
      if (body.kind === 'too_large') {
        // Close afterwards: the rest of the body is not wanted on this connection.
        this.finish(req, res, error(413, 'Request body is larger than 64 KiB', { Connection: 'close' }));
        return;
      }
      entry.body = body.body;
      this.finish(req, res, this.dispatch(req, path, query, match, body.body));
    });
  }

  private dispatch(
    req: IncomingMessage,
    path: string,
    query: Record<string, string>,
    match: RouteMatch | null,
    body: string,
  ): Reply | Promise<Reply> {
    const method = req.method ?? 'GET';
    if (isAssetPath(path)) {
      if (method !== 'GET') return error(405, `Method ${method} not allowed`, { Allow: 'GET' });
      const svg = assetFor(path);
      if (!svg) return error(404, `Not found: ${path.slice(0, 100)}`);
      return {
        kind: 'send',
        status: 200,
        contentType: 'image/svg+xml',
        body: svg,
        headers: { 'Cache-Control': 'max-age=86400' },
      };
    }
    if (!match) return error(404, `Not found: ${method} ${path.slice(0, 100)}`);
    if (!(match.allow as readonly string[]).includes(method)) {
      const allow = match.allow.join(', ');
      return error(405, `Method ${method} not allowed; use ${match.allow.join(' or ')}`, { Allow: allow });
    }
    const unknown = unknownTarget(match);
    if (unknown !== null) return error(404, unknown);
    const fault = this.faults.size > 0 ? this.faults.take(match.route, match.vin, match.command) : null;
    if (fault) return faultReply(fault);
    const auth = this.authorise(req.headers.authorization, query['access_token']);
    if (typeof auth !== 'object') return error(401, auth, { 'WWW-Authenticate': 'Bearer' });
    const rate = this.limiter.take();
    if (rate && !rate.allowed) return error(429, 'Too many requests; slow down', rate.headers);
    const reply = this.answer(req, match, query, body, auth.role);
    const headers = this.announced ?? rate?.headers;
    if (!headers) return reply;
    return reply instanceof Promise
      ? reply.then((r) => withHeaders(r, headers))
      : withHeaders(reply, headers);
  }

  /** The VIN looked up, the owner check, then the route's own handler (router.ts). */
  private answer(
    req: IncomingMessage,
    match: RouteMatch,
    query: Record<string, string>,
    body: string,
    role: Role,
  ): Reply | Promise<Reply> {
    const vehicle = match.vin === null ? null : (this.fleet.get(match.vin) ?? null);
    if (match.vin !== null && vehicle === null && namesVehicle(match.route)) {
      return error(404, `Vehicle ${match.vin.slice(0, 40)} not found`);
    }
    if (role !== 'owner' && ownerOnly(match)) {
      return error(403, 'Only the vehicle owner’s token may do this; this token is a driver’s');
    }
    const request = { match, query, body, contentType: req.headers['content-type'], sim: this.parts };
    return answer(request, vehicle) ?? error(404, `Not found: ${req.method ?? 'GET'} ${match.route}`);
  }

  /**
   * Whose token it is, or why there is none: the header when one is sent (even a wrong one), else
   * `access_token`, as the public service.
   */
  private authorise(header: string | undefined, queryToken: string | undefined): { role: Role } | string {
    if (header === undefined && queryToken !== undefined && queryToken !== '') {
      header = `Bearer ${queryToken}`;
    }
    if (header === undefined || header.trim() === '' || /^bearer\s*$/i.test(header.trim())) {
      return 'Access token is required';
    }
    const given = Buffer.from(header.replace(/^bearer\s+/i, 'Bearer '));
    if (given.length === this.tokenBuffer.length && timingSafeEqual(given, this.tokenBuffer)) {
      return { role: 'owner' };
    }
    const driver = this.driverTokenBuffer;
    if (driver && given.length === driver.length && timingSafeEqual(given, driver)) return { role: 'driver' };
    return 'Invalid access token';
  }

  private finish(req: IncomingMessage, res: ServerResponse, reply: Reply | Promise<Reply>): void {
    if (reply instanceof Promise) {
      reply.then(
        (r) => this.finish(req, res, r),
        () => this.finish(req, res, error(500, 'Internal simulator error')),
      );
      return;
    }
    if (this.latencyMs > 0) {
      const ms = this.latencyMs;
      this.scheduler.later(ms, () => this.write(req, res, reply));
      return;
    }
    this.write(req, res, reply);
  }

  private write(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
    if (res.destroyed || res.headersSent) return;
    if (reply.kind === 'hang') return;
    if (reply.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    const headers: Record<string, string | number> = {
      'Content-Type': reply.contentType,
      'Content-Length': Buffer.byteLength(reply.body),
      ...reply.headers,
    };
    res.writeHead(reply.status, headers);
    res.end(reply.body);
  }
}

function withHeaders(reply: Reply, headers: Record<string, string>): Reply {
  return reply.kind === 'send' ? { ...reply, headers: { ...headers, ...reply.headers } } : reply;
}
