// The typed surface of `window.garage`: what the renderer may ask of main, and nothing more.
import type { CommandName } from '../commands';
import type { Result } from '../result';
import type {
  AccountVehicles,
  AddManyOutcome,
  AppInfo,
  AuditEntry,
  AuditExportResult,
  AuditOutcome,
  CommandResult,
  ConnectionTest,
  DrivesList,
  FetchMeta,
  FirmwareAlerts,
  PlateRead,
  PlateSetResult,
  Profile,
  ReleaseNotesView,
  StateMeta,
  TelemetryConfig,
  TirePressure,
  UpdateStatus,
  VehicleEntry,
  VehicleState,
  VehicleStatusAnswer,
  WakeResult,
} from '../types';

export interface CommandOptions {
  waitForCompletion?: boolean;
  maxAttempts?: number;
  temperature?: number;
  amps?: number;
  percent?: number;
  mph?: number;
}

export interface ReleaseNotesQuery {
  version?: string;
  language?: string;
  staged?: boolean;
  /** Ask the service even when a copy younger than a minute is cached. */
  refresh?: boolean;
}

/** Options of the cached reads: `refresh` asks the service even when a recent copy is cached. */
export interface ReadOptions {
  refresh?: boolean;
}

export interface StateOptions extends ReadOptions {
  /**
   * Ask the vehicle itself (`use_cache=false`): may answer only `{"state": "asleep"}` and may fail
   * for a sleeping car. Default false (`use_cache=true`, never wakes the vehicle).
   */
  live?: boolean;
}

/** `GET /{vin}/drives` filters, in the app's names; sent under the public names. */
export interface DrivesQuery extends ReadOptions {
  /** Unix seconds, inclusive. */
  from?: number;
  /** Unix seconds, inclusive. */
  to?: number;
  tag?: string;
  /** With `tag`: leave out the drives with that tag instead of keeping only them (public `exclude_tag`). */
  excludeTag?: boolean;
  /** In `distanceFormat` units. */
  minimumDistance?: number;
  distanceFormat?: 'mi' | 'km';
  temperatureFormat?: 'c' | 'f';
  /** IANA time zone, e.g. Europe/Berlin. */
  timezone?: string;
}

/** The filters of DrivesQuery (its read options aside), in the order a cached answer is keyed by. */
export const DRIVE_FILTERS = [
  'from',
  'to',
  'tag',
  'excludeTag',
  'minimumDistance',
  'distanceFormat',
  'temperatureFormat',
  'timezone',
] as const satisfies readonly (keyof DrivesQuery)[];

/** Writes answer the service's result, and a warning when it answered but the audit log failed. */
export interface WriteMeta {
  warning?: string;
}

export interface AuditQuery {
  vin?: string;
  from?: string;
  to?: string;
  outcome?: AuditOutcome;
}

export interface GarageApi {
  app: {
    info(): Promise<Result<AppInfo>>;
    /** Version, platform, keychain backend and recent errors, without secrets, for a support ticket. */
    diagnostics(): Promise<Result<{ text: string }>>;
  };
  updates: {
    /** Asks the configured update feed; makes no request at all when no feed is configured. */
    check(): Promise<Result<UpdateStatus>>;
    /** Downloads and installs the available update, restarting the app; only on the technician's consent. */
    install(input: { consent: true }): Promise<Result<UpdateStatus>>;
  };
  profiles: {
    list(): Promise<Result<Profile[]>>;
    create(input: { name: string; baseUrl?: string }): Promise<Result<Profile>>;
    update(id: string, patch: { name?: string; baseUrl?: string }): Promise<Result<Profile>>;
    remove(id: string): Promise<Result<null>>;
    activate(id: string): Promise<Result<Profile>>;
    /** Stores the token in the OS keychain; the token never comes back over IPC. */
    setToken(id: string, token: string): Promise<Result<Profile>>;
    clearToken(id: string): Promise<Result<Profile>>;
    /**
     * One authenticated read with this profile's own address and token (`GET /vehicles`), active or
     * not: proves the address, the token and the network at once. Nothing is stored.
     */
    testConnection(id: string): Promise<Result<ConnectionTest>>;
  };
  vehicles: {
    /** `notice`: what happened to a garage file that could not be read whole (entries set aside). */
    list(): Promise<Result<VehicleEntry[], { notice?: string }>>;
    add(input: { vin: string; nickname?: string }): Promise<Result<VehicleEntry>>;
    /**
     * Adds many vehicles at once ("Paste VINs", "Import from account"): each entry is checked on
     * its own; a bad or duplicate one is skipped with its reason, the rest are added.
     */
    addMany(input: { entries: { vin: string; nickname?: string }[] }): Promise<Result<AddManyOutcome>>;
    remove(vin: string): Promise<Result<null>>;
    rename(vin: string, nickname: string | null): Promise<Result<VehicleEntry>>;
    telemetryConfig(
      vin: string,
      options?: { refresh?: boolean },
    ): Promise<Result<TelemetryConfig, FetchMeta>>;
    releaseNotes(vin: string, query?: ReleaseNotesQuery): Promise<Result<ReleaseNotesView, FetchMeta>>;
    setPlate(vin: string, input: { plate: string | null }): Promise<Result<PlateSetResult, WriteMeta>>;
    setDriveTag(
      vin: string,
      input: { drives: string; tag: string },
    ): Promise<Result<CommandResult, WriteMeta>>;
    command(
      vin: string,
      name: CommandName,
      options?: CommandOptions,
    ): Promise<Result<CommandResult, WriteMeta>>;
    /** `GET /{vin}/state`; cached for offline use with its "as of". Never wakes unless `live`. */
    state(vin: string, options?: StateOptions): Promise<Result<VehicleState, StateMeta>>;
    /** `GET /{vin}/status`: asleep, waiting_for_sleep or awake; never wakes. */
    status(vin: string, options?: ReadOptions): Promise<Result<VehicleStatusAnswer, FetchMeta>>;
    /** `POST /{vin}/wake`: a write (audited, never re-sent, `busy` while one runs); up to 90 s. */
    wake(vin: string): Promise<Result<WakeResult, WriteMeta>>;
    /** `GET /{vin}/plate`: the plate as the service knows it. */
    plate(vin: string, options?: ReadOptions): Promise<Result<PlateRead, FetchMeta>>;
    drives(vin: string, query?: DrivesQuery): Promise<Result<DrivesList, FetchMeta>>;
    firmwareAlerts(vin: string, options?: ReadOptions): Promise<Result<FirmwareAlerts, FetchMeta>>;
    tirePressure(vin: string, options?: ReadOptions): Promise<Result<TirePressure, FetchMeta>>;
  };
  account: {
    /** `GET /vehicles`: the account's vehicles, to import; `last_state` without its `tokens`. */
    vehicles(query?: { onlyActive?: boolean }): Promise<Result<AccountVehicles>>;
  };
  audit: {
    /** Newest first. `from`/`to`: ISO dates or times, inclusive (a date alone is the whole UTC day). */
    list(query?: AuditQuery & { limit?: number }): Promise<Result<AuditEntry[]>>;
    /** Main asks where to save (a dialog) and writes the CSV there; the CSV never comes back. */
    exportToFile(filter?: Omit<AuditQuery, 'outcome'>): Promise<Result<AuditExportResult>>;
  };
}
