// Domain types that cross IPC. None of them ever holds a token.
import type { CommandName } from './commands';
import type { VinDecoding } from './vin';
import type { CommandResult, ReleaseNotes, TelemetryConfig } from './wire';

export type { CommandResult, ReleaseNotes, TelemetryConfig, CommandName, VinDecoding };

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  arch: string;
  /** True while the active profile is the embedded demo simulator. */
  demo: boolean;
}

export interface Profile {
  id: string;
  name: string;
  baseUrl: string;
  demo: boolean;
  hasToken: boolean;
  active: boolean;
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
}

export interface ReleaseNotesView extends ReleaseNotes {
  /** Cached images of the notes, by their original URL, as data: URLs, so they render offline. */
  images: Record<string, string>;
}

export type AuditOutcome = 'success' | 'failed' | 'error';

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
