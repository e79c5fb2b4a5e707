// Domain types that cross IPC. None of them ever holds a token.
import type { AlertSighting } from './alert-sightings';
import type { CommandName } from './commands';
import type { VinDecoding } from './vin';
import type {
  AccountVehicle,
  AccountVehicles,
  CommandResult,
  Drive,
  DrivesList,
  FirmwareAlert,
  FirmwareAlerts,
  PlateRead,
  ReleaseNotes,
  SleepStatus,
  TelemetryConfig,
  TirePressure,
  VehicleState,
  VehicleStatusAnswer,
  WakeResult,
} from './wire';

export type {
  AccountVehicle,
  AccountVehicles,
  CommandResult,
  Drive,
  DrivesList,
  FirmwareAlert,
  FirmwareAlerts,
  PlateRead,
  ReleaseNotes,
  SleepStatus,
  TelemetryConfig,
  TirePressure,
  VehicleState,
  VehicleStatusAnswer,
  WakeResult,
  CommandName,
  VinDecoding,
};

/**
 * A plate write's answer. `previousPlate` is the plate the service held just before (null: none);
 * absent when it could not be read, so the screen never claims what was replaced without knowing.
 */
export interface PlateSetResult extends CommandResult {
  previousPlate?: string | null;
}

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  arch: string;
  /** True while the active profile is the embedded demo simulator. */
  demo: boolean;
  /**
   * The operating system's locale (dates and numbers) and the region it names (default units),
   * when main knows them; the page's own locale otherwise.
   */
  locale?: { system: string | null; region: string | null };
}

export interface Profile {
  id: string;
  name: string;
  baseUrl: string;
  demo: boolean;
  hasToken: boolean;
  active: boolean;
  /**
   * Why the keychain could not say whether a token is stored (it is locked, its service stopped):
   * `hasToken` is then false for want of an answer, not because none is stored.
   */
  keychainProblem?: string;
  /** The last test of this profile's token and address; null (or absent) when untested since it changed. */
  lastTest?: TokenTest | null;
}

/** How the last "Test connection" of a profile ended (kept by main, per profile). */
export interface TokenTest {
  ok: boolean;
  /** ISO time of the test. */
  at: string;
  /** Vehicles the account listed, when the service accepted the token. */
  vehicles?: number;
  /** Why it failed, when it did. */
  error?: { kind: string; message: string; status?: number };
}

export interface VehicleEntry {
  vin: string;
  nickname: string | null;
  addedAt: string;
  decoded: VinDecoding;
  /** Set when the VIN's North-American check digit is wrong: a warning, not a refusal. */
  warnings: string[];
  /** The last plate set through this app (the service offers no way to read it), or the demo's. */
  plate: string | null;
  /** A display model name when known (the demo fleet knows its models), else null. */
  model: string | null;
  status: VehicleStatus;
  /** What the service last confirmed about the vehicle, part by part; null parts are unknown. */
  glance: VehicleGlance;
}

/** Whether the vehicle sleeps, as the garage shows it ("waiting_for_sleep" is still awake). */
export type SleepState = 'awake' | 'asleep' | 'offline';

/** Which read confirmed a part of the glance. */
export type GlanceSource =
  /** GET status (asleep / waiting_for_sleep / awake). */
  | 'status'
  /** GET state with use_cache=true: the service's copy, < 15 s old when awake. */
  | 'state'
  /** GET state with use_cache=false: asked of the vehicle itself. */
  | 'live-state'
  /** GET /vehicles: the account's `last_state`. */
  | 'account'
  | 'telemetry'
  | 'release-notes'
  | 'firmware-alerts'
  /** GET tire_pressure: each tyre's pressure and status as the car last measured it. */
  | 'tyres'
  | 'wake'
  /** A colleague's read of the car, shared through the shop's database (never this app's own). */
  | 'shop';

/** One confirmed fact with where and when it comes from. */
export interface Observed<T> {
  value: T;
  /**
   * ISO time the fact describes the car: the state section's own timestamp when the service gave
   * one (a sleeping car's cached state is as of falling asleep), else when the app received it.
   */
  asOf: string;
  source: GlanceSource;
  /** True when it was served from the app's offline cache rather than this session's network. */
  fromCache: boolean;
}

export interface SoftwareUpdateGlance {
  /** The service's `software_update.status`: "" (none), "available", "scheduled", "downloading", "installing", … */
  status: string;
  /** The version on offer, when the service names one. */
  version: string | null;
}

/**
 * The compact per-vehicle summary the garage list shows without opening a vehicle. Every part is
 * null until a read confirmed it, and carries its own "as of" and source.
 */
export interface VehicleGlance {
  sleep: Observed<SleepState> | null;
  /** Percent. */
  batteryLevel: Observed<number> | null;
  /** Miles, as the service reports it. */
  batteryRange: Observed<number> | null;
  /** The deployed version, build hash removed ("2026.14.3"). */
  version: Observed<string> | null;
  softwareUpdate: Observed<SoftwareUpdateGlance> | null;
  /** The version downloaded and waiting to install (release notes' `staged_version`); value null = none staged. */
  stagedVersion: Observed<string | null> | null;
  /** ISO time the fleet-telemetry certificate expires (`config.exp`). */
  telemetryExpiresAt: Observed<string> | null;
  firmwareAlertCount: Observed<number> | null;
  /** `vehicle_config.car_type`: models, model3, modelx, modely, cybertruck. */
  carType: Observed<string> | null;
  /** The state's `in_service`: the vehicle is in service mode. */
  inService: Observed<boolean> | null;
  /** Whether the tyre reading reported any tyre "low" (false: every reported status was another). */
  tyresLow: Observed<boolean> | null;
  /** The service's `charging_state` ("Charging", "Complete", "Disconnected", "Stopped", …). */
  charging: Observed<string> | null;
}

/** What the sidebar's badges show: where the last data came from and how the last command ended. */
export interface VehicleStatus {
  lastSource: DataSource | null;
  lastFetchedAt: string | null;
  lastCommand: { operation: string; outcome: AuditOutcome; at: string; reason?: string } | null;
}

export type DataSource = 'live' | 'cache';

/** Extra envelope fields of the read operations that can be served from the offline cache. */
export interface FetchMeta {
  source: DataSource;
  fetchedAt: string;
  /** Why the live read failed when the answer came from cache. */
  stale?: { kind: string; message: string };
  /**
   * The cached copy is dated in the future (`fetchedAt` is its real, recorded time): it was saved
   * under a wrong clock, so its age is unknown.
   */
  futureDated?: true;
  /** Firmware alerts only: what this app saw of each alert across its own successful reads. */
  alertSightings?: AlertSighting[];
  /**
   * Firmware alerts only: the audiences the car's telemetry configuration streams alerts to
   * (`alert_types`), from the cached configuration; null when none is cached.
   */
  alertAudiences?: { types: string[]; fetchedAt: string } | null;
  /**
   * A colleague's app read it from the service at `fetchedAt` and shared it through the shop: the
   * name typed on that machine and its database role (the server's word).
   */
  readBy?: { technician: string; role: string };
}

/** Extra envelope fields of reads with an "as of" inside the answer (the state's section times). */
export interface StateMeta extends FetchMeta {
  /**
   * ISO time of the oldest section timestamp in the answer (what the car reported), or null when
   * the answer has none (e.g. a live read of a sleeping car answers only `{"state": "asleep"}`).
   */
  asOf: string | null;
}

/** What "Paste VINs" and "Import from account" get back: every entry either added or skipped, with why. */
export interface AddManyOutcome {
  added: VehicleEntry[];
  skipped: { input: string; vin: string | null; reason: string }[];
}

export interface ReleaseNotesView extends ReleaseNotes {
  /** Cached images of the notes, by their original URL, as data: URLs, so they render offline. */
  images: Record<string, string>;
}

/**
 * `success`: done; `failed`: the service answered that it was not done (its reason beside);
 * `error`: the send failed (its error kind beside); `not-sent`: the technician asked for it but
 * nothing was sent (the car did not wake, the technician cancelled, it already was so), with why.
 */
export const AUDIT_OUTCOMES = ['success', 'failed', 'error', 'not-sent'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export interface AuditEntry {
  id: string;
  time: string;
  profileId: string;
  profileName: string;
  vin: string;
  operation: string;
  params: Record<string, unknown>;
  outcome: AuditOutcome;
  reason?: string;
  errorKind?: string;
  durationMs: number;
  /** The run this send was part of (a bulk command, a long command), when it was. */
  runId?: string;
  /** Set on the entries of a bulk command: sent to many vehicles at once. */
  bulk?: boolean;
  /** Shop mode: who did it, where, and the database role that wrote it (entries of the shop's log). */
  technician?: string;
  machine?: string;
  dbRole?: string;
}

/** The longest text a search of every vehicle's history takes (the IPC edge refuses more). */
export const AUDIT_SEARCH_TEXT_MAX = 100;
/** How many entries one search answers at most, and by default. */
export const AUDIT_SEARCH_LIMIT_MAX = 200;
export const AUDIT_SEARCH_LIMIT_DEFAULT = 50;
/**
 * How many entries of the log one search reads at most: a text nothing matches would otherwise read
 * the whole log, years of it, while the technician waits. A search that stops there says how far
 * back it read.
 */
export const AUDIT_SEARCH_EXAMINE_MAX = 20_000;

/** An entry a search of every vehicle's history found, with its vehicle as its garage names it. */
export interface AuditSearchHit {
  entry: AuditEntry;
  /** The nickname, else the plate, else the model; null when the car is no longer in that garage. */
  vehicle: string | null;
}

/** The answer of a search of every vehicle's history. */
export interface AuditSearchAnswer {
  /** The matching entries, newest first. */
  hits: AuditSearchHit[];
  /**
   * Set when the search stopped at its bound (AUDIT_SEARCH_EXAMINE_MAX entries read) before the
   * log's start: how many entries it read and the time of the oldest; older entries were not read.
   */
  stoppedEarly: { examined: number; oldest: string } | null;
}

/** How an export of the audit log ended: cancelled in the save dialog, or written to `path`. */
export type AuditExportResult = { cancelled: true } | { cancelled: false; path: string; entries: number };

export interface UpdateStatus {
  state: 'disabled' | 'not-available' | 'available' | 'downloading' | 'downloaded' | 'error';
  currentVersion: string;
  availableVersion?: string;
  releaseName?: string;
  releaseNotes?: string;
  message?: string;
}

/** What "Test connection" saw: the service answered an authenticated read for the profile. */
export interface ConnectionTest {
  /** Vehicles the account lists. */
  vehicles: number;
  /** When the answer came (ISO). */
  at: string;
  /** Round trip in milliseconds. */
  ms: number;
}
