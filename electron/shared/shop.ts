// What the renderer knows of the shop: a profile's shop settings (never the password, only whether
// one is stored), the connection's state, claims and the shop's history. Plain types, shared by
// main, preload and renderer.
import { english, type Say } from './i18n/english';
import type { DeskSetting } from './shop-desk';
import type { AuditEntry } from './types';

export const SHOP_SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const;
export type ShopSslMode = (typeof SHOP_SSL_MODES)[number];

/** How the app reaches the shop's PostgreSQL: a URL, or its parts (parts override the URL's). */
export interface ShopConnectionInput {
  url?: string;
  host?: string;
  port?: number;
  database?: string;
  user?: string;
  sslmode?: ShopSslMode;
  /** A PEM file with the CA of the server's certificate (verify-ca, verify-full). */
  caFile?: string;
  /** A client certificate and its key (PEM files chosen in main's dialog), for a server that asks for one. */
  clientCertFile?: string;
  clientKeyFile?: string;
}

/** What a shop connection file gave: the settings to fill in, and the garage it names (null: the default). */
export interface ShopConnectionFileImport {
  connection: ShopConnectionInput;
  garage: string | null;
}

/** Which of the client's TLS files main's dialog picks. */
export type ShopClientFile = 'cert' | 'key';

export interface ShopSettingsInput {
  mode: 'solo' | 'shop';
  connection: ShopConnectionInput;
  /** Recorded with every action; required in shop mode. */
  technician: string;
  /** This machine's name; the OS host name when left empty. */
  machine: string;
  /**
   * A shared desk (shop mode only): each person signs in with their own role and password, and
   * the saved user and technician are only the sign-in form's start. Absent: off.
   */
  desk?: DeskSetting;
}

export type ShopState = 'solo' | 'connecting' | 'online' | 'offline' | 'refused' | 'closed';

export interface ShopStatus {
  state: ShopState;
  /** Entries written locally, waiting for the shop database. */
  pending: number;
  error: { kind: string; message: string } | null;
  /** Entries the shop database refused for good, kept aside on this computer; the last one named. */
  setAside?: { count: number; message: string } | null;
  /** The shop's database was restored to an earlier point and this computer sent again what it lost. */
  restored?: { count: number; message: string } | null;
  /**
   * Entries kept on this computer for another database role than the one connected now (the shop
   * stamps the sending connection's role, so each waits for its own writer): whose, how many, and
   * what they wait for, `signIn` at a shared desk, `reconnect` when the profile's database user was
   * changed. Absent or empty when none waits.
   */
  othersWaiting?: OthersWaitingView[];
}

/** Entries waiting for their own writer (see ShopStatus.othersWaiting). */
export interface OthersWaitingView {
  role: string;
  /** Their name as this computer last knew it; null when it never knew one. */
  name: string | null;
  count: number;
  until: 'signIn' | 'reconnect';
}

export interface ShopView extends ShopSettingsInput {
  profileId: string;
  /** Whether a database password is stored in the keychain (it never crosses IPC). */
  hasPassword: boolean;
  /** Whether a passphrase for the client key is stored in the keychain (it never crosses IPC). */
  hasKeyPassphrase?: boolean;
  /** The connection's state when this profile is the active one; `solo` otherwise. */
  status: ShopStatus;
}

/** What "Test connection" found: who the server signed us in as, the schema, the rights. */
export interface ShopTestReport {
  serverVersion: string;
  role: string;
  schemaVersion: number;
  appSchemaVersion: number;
  canWriteAudit: boolean;
  /** The role's name for people (its comment in the database), when the shop's IT gave it one. */
  displayName?: string | null;
}

export interface ClaimView {
  vin: string;
  claimedBy: string;
  machine: string | null;
  note: string | null;
  since: string;
  expiresAt: string;
  /** Past its expiry: shown as expired and no longer blocking. */
  expired: boolean;
  /** Whether the technician of this app holds it. */
  mine: boolean;
}

/** One entry of the shop's audit log, as the vehicle's History shows it. */
export interface ShopHistoryEntry {
  id: string;
  time: string;
  vin: string;
  operation: string;
  params: Record<string, unknown>;
  outcome: string;
  reason: string | null;
  errorKind: string | null;
  durationMs: number | null;
  technician: string;
  machine: string;
  /** The database role that wrote the row (set by the server). */
  dbRole: string;
  /** The run the send was part of, and whether it was a bulk command (absent on rows from before). */
  runId?: string | null;
  bulk?: boolean | null;
}

/** A row of the shop's log as main reads it or the history page carries it (unset fields absent or null). */
export type ShopAuditRow = Omit<ShopHistoryEntry, 'reason' | 'errorKind' | 'durationMs'> & {
  reason?: string | null;
  errorKind?: string | null;
  durationMs?: number | null;
};

/**
 * A shop log row as the History tab and `audit.added` show it: the technician stands where a solo
 * entry names its profile, and a field the row does not carry is left out, as a local entry does.
 */
export function auditEntryOfShopRow(row: ShopAuditRow, profileId: string): AuditEntry {
  return {
    id: row.id,
    time: row.time,
    profileId,
    profileName: row.technician,
    vin: row.vin,
    operation: row.operation,
    params: row.params,
    outcome: row.outcome as AuditEntry['outcome'],
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.errorKind ? { errorKind: row.errorKind } : {}),
    durationMs: row.durationMs ?? 0,
    ...(row.runId ? { runId: row.runId } : {}),
    ...(row.bulk ? { bulk: true } : {}),
    technician: row.technician,
    machine: row.machine,
    dbRole: row.dbRole,
  };
}

export interface ShopHistoryCursor {
  time: string;
  id: string;
}

export interface ShopHistoryPage {
  entries: ShopHistoryEntry[];
  /** Where the next page starts; null on the last page. */
  next: ShopHistoryCursor | null;
}

export interface ShopImportResult {
  vehiclesAdded: number;
  entriesUploaded: number;
  entriesWaiting: number;
  /** Local telemetry templates the shop did not have by name. */
  templatesAdded: number;
}

/** "claimed by Ana since 14:02", for a row mark, a header and a confirm dialog. */
export function claimWords(
  claim: Pick<ClaimView, 'claimedBy' | 'since' | 'expired'>,
  time: string,
  say: Say = english,
): string {
  return say(claim.expired ? 'claim.wordsExpired' : 'claim.words', { name: claim.claimedBy, time });
}
