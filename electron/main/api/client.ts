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
import type { CommandName } from '../../shared/commands';
import { AppError } from '../../shared/result';
import type {
  AccountVehicles,
  CommandResult,
  DrivesList,
  FirmwareAlerts,
  PlateRead,
  ReleaseNotes,
  TelemetryConfig,
  TirePressure,
  VehicleState,
  VehicleStatusAnswer,
  WakeResult,
} from '../../shared/wire';
import type { TelemetryFields } from '../../shared/telemetry-rules';
import type {
  AccessResult,
  DriversList,
  Invitation,
  InvitationsList,
  TelemetryWriteResult,
} from '../../shared/wire-access';
import type { GuestCommandName, WorkshopCommandName } from '../../shared/workshop-commands';
import { createCaller } from './call';
import { resolveClientConfig, type ApiClientOptions } from './config';
import { bindEndpoints } from './endpoints';
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

export interface VehicleApiClient {
  telemetryConfig(vin: string): Promise<TelemetryConfig>;
  releaseNotes(vin: string, q?: ReleaseNotesQuery): Promise<ReleaseNotes>;
  setPlate(vin: string, body: { plate: string | null }): Promise<CommandResult>;
  setDriveTag(vin: string, body: { drives: string; tag: string }): Promise<CommandResult>;
  command(vin: string, name: CommandName, opts?: CommandOptions): Promise<CommandResult>;
  /** `GET /vehicles`; `last_state` comes back without `tokens` or any undeclared field. */
  accountVehicles(q?: { onlyActive?: boolean }): Promise<AccountVehicles>;
  status(vin: string): Promise<VehicleStatusAnswer>;
  /** `useCache` defaults to true: the service's copy, which never wakes the vehicle. */
  state(vin: string, useCache?: boolean): Promise<VehicleState>;
  plate(vin: string): Promise<PlateRead>;
  drives(vin: string, q?: DrivesQuery): Promise<DrivesList>;
  firmwareAlerts(vin: string): Promise<FirmwareAlerts>;
  tirePressure(vin: string): Promise<TirePressure>;
  /** A write: sent once, `busy` while a wake of the same VIN runs. */
  wake(vin: string): Promise<WakeResult>;
  /** Owner's token only (403 explained otherwise). */
  drivers(vin: string): Promise<DriversList>;
  /** `userId` is the driver's `user_id_s`; their phone keys go with them. */
  removeDriver(vin: string, userId: string): Promise<AccessResult>;
  invitations(vin: string): Promise<InvitationsList>;
  createInvitation(vin: string): Promise<Invitation>;
  /** `id` is the invitation's `id_s`. */
  revokeInvitation(vin: string, id: string): Promise<AccessResult>;
  /** `'recommended'` sends the empty body that restores the service's recommended configuration. */
  writeTelemetryConfig(vin: string, fields: TelemetryFields | 'recommended'): Promise<TelemetryWriteResult>;
  /** `DELETE`: stops all telemetry of the vehicle. */
  deleteTelemetryConfig(vin: string): Promise<TelemetryWriteResult>;
  workshopCommand(
    vin: string,
    name: WorkshopCommandName | GuestCommandName,
    opts?: WorkshopCommandOptions,
  ): Promise<CommandResult>;
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

const closedError = (): AppError => new AppError('internal', 'The API client was closed.');

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
