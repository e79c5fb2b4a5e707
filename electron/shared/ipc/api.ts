// The typed surface of `window.garage`: what the renderer may ask of main, and nothing more.
import type { CommandName } from '../commands';
import type { Result } from '../result';
import type {
  AppInfo,
  AuditEntry,
  AuditExportResult,
  AuditOutcome,
  CommandResult,
  FetchMeta,
  Profile,
  ReleaseNotesView,
  TelemetryConfig,
  UpdateStatus,
  VehicleEntry,
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
  };
  vehicles: {
    /** `notice`: what happened to a garage file that could not be read whole (entries set aside). */
    list(): Promise<Result<VehicleEntry[], { notice?: string }>>;
    add(input: { vin: string; nickname?: string }): Promise<Result<VehicleEntry>>;
    remove(vin: string): Promise<Result<null>>;
    rename(vin: string, nickname: string | null): Promise<Result<VehicleEntry>>;
    telemetryConfig(
      vin: string,
      options?: { refresh?: boolean },
    ): Promise<Result<TelemetryConfig, FetchMeta>>;
    releaseNotes(vin: string, query?: ReleaseNotesQuery): Promise<Result<ReleaseNotesView, FetchMeta>>;
    setPlate(vin: string, input: { plate: string | null }): Promise<Result<CommandResult>>;
    setDriveTag(vin: string, input: { drives: string; tag: string }): Promise<Result<CommandResult>>;
    command(vin: string, name: CommandName, options?: CommandOptions): Promise<Result<CommandResult>>;
  };
  audit: {
    /** Newest first. `from`/`to`: ISO dates or times, inclusive (a date alone is the whole UTC day). */
    list(query?: AuditQuery & { limit?: number }): Promise<Result<AuditEntry[]>>;
    /** Main asks where to save (a dialog) and writes the CSV there; the CSV never comes back. */
    exportToFile(filter?: Omit<AuditQuery, 'outcome'>): Promise<Result<AuditExportResult>>;
  };
}
