// The Vehicle Management Service client: the parts put together. Plain module: no `electron`
// import; the token, clock and sleep are injected.
//
//   config.ts     options, defaults and their checks
//   transport.ts  the service origin's keep-alive dispatcher and one HTTP exchange
//   call.ts       one call: busy guard → token → slot → pacer → exchange → answer; reads retried
//   endpoints.ts  one row per endpoint: arguments → request, timeout, busy key, schema
//   access-endpoints.ts  the rows of drivers, invitations, configuration writes, workshop commands
//   images/       the release-note image fetcher and its network policy
//
// Order of every operation: refuse a duplicate (busy) → read the token → wait for a concurrency
// slot → send. Nothing is sent when any earlier step fails. Arguments are not checked again here:
// they were checked where they entered main (the IPC edge, the garage file, the run store).
import { AppError } from '../../shared/result';
import { tm } from '../i18n/main-words';
import { createCaller } from './call';
import { resolveClientConfig, type ApiClientOptions } from './config';
import { bindEndpoints, type EndpointMethods } from './endpoints';
import { createImageFetcher, type FetchedImage } from './images/fetcher';
import { ConcurrencyLimiter, type LimiterStats } from './limiter';
import { RatePacer, type RatePacerStats } from './rate-pacer';
import { createServiceTransport } from './transport';
import type { CommandOptions, DrivesQuery, ReleaseNotesQuery, WorkshopCommandOptions } from './call-args';

export type { CommandOptions, DrivesQuery, ReleaseNotesQuery, FetchedImage, WorkshopCommandOptions };
export {
  DEFAULT_MAX_CONCURRENT,
  DEFAULT_TIMEOUTS,
  DEFAULT_USER_AGENT,
  defaultReservedForReads,
  type ApiClientOptions,
  type ApiTimeouts,
} from './config';
export { ACCOUNT_BODY_MAX } from './call';

/**
 * The client: one method per endpoint row (endpoints.ts, access-endpoints.ts), typed by its row,
 * and what belongs to the client as a whole.
 */
export type VehicleApiClient = EndpointMethods & ClientControls;

export interface ClientControls {
  fetchImage(url: string): Promise<FetchedImage>;
  /** Whether fetchImage would accept the URL (and so whether a cached copy may be shown). */
  canFetchImage(url: string): boolean;
  readonly stats: LimiterStats;
  /** What the client learned of the service's rate limit, and how many 429s it met. */
  readonly pacing: RatePacerStats;
  /** Told how long the pacer expects to hold the requests waiting for the rate limit; null when none wait. */
  onPacerHold(listener: (waitMs: number | null) => void): () => void;
  /** Waits for requests under way, refuses new ones. */
  close(): Promise<void>;
  /** Aborts requests under way at once (quitting). */
  destroy(): Promise<void>;
}

const closedError = (): AppError => new AppError('internal', tm('api.clientClosed'));

export function createVehicleApiClient(options: ApiClientOptions): VehicleApiClient {
  const config = resolveClientConfig(options);
  let closing: Promise<void> | null = null;
  const closed = () => (closing ? closedError() : null);

  const transport = createServiceTransport(config, options.network);
  const limiter = new ConcurrencyLimiter(config.maxConcurrent, config.reservedForReads);
  // Follows the service's RateLimit headers and Retry-After across all of this client's requests.
  // Its own real clock: an injected fixed `now` (for Retry-After dates) must not freeze the pacing.
  const pacer = new RatePacer({ sleep: config.sleep });
  const call = createCaller({ config, transport, getToken: options.getToken, limiter, pacer, closed });
  const images = createImageFetcher({
    base: config.base,
    userAgent: config.userAgent,
    timeoutMs: config.timeouts.imageMs,
    maxBodyBytes: config.maxBodyBytes,
    now: config.now,
    closed,
    ...(options.network ? { network: options.network } : {}),
  });

  const client: VehicleApiClient = {
    ...bindEndpoints(config.timeouts, call),

    fetchImage: (url) => images.fetchImage(url),
    canFetchImage: (url) => images.canFetchImage(url),

    get stats(): LimiterStats {
      return limiter.stats;
    },

    get pacing(): RatePacerStats {
      return pacer.stats;
    },

    onPacerHold: (listener) => pacer.onHold(listener),

    close() {
      if (closing === null) {
        limiter.rejectQueued(closedError());
        images.rejectQueued(closedError());
        pacer.rejectWaiting(closedError());
        closing = Promise.all([transport.close(), images.close()]).then(() => undefined);
      }
      return closing;
    },

    async destroy() {
      void client.close();
      await Promise.all([transport.destroy(), images.destroy()]);
    },
  };
  return client;
}
