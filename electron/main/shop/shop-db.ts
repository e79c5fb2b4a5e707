// The shop database in one handle: connect (pool + migrations), then the garage, claims, jobs and
// audit reads for one shop garage, the outbox upload, and a live listener. Storage-level: it knows
// nothing of services, IPC or Electron; the caller supplies the password source (the keychain).
import type { Pool } from 'pg';
import {
  batchedAuditEntry,
  garageHistory,
  vehicleEntriesBetween,
  vehicleHistory,
  type AuditCursor,
  type ShopAuditEntry,
  type ShopAuditInput,
} from './audit-store';
import { shopBoard, type ShopBoardStore } from './board';
import type { OwnChanges } from './changed-row';
import { createOwnWrites } from './own-writes';
import { shopSharedAnswers, type ShopSharedAnswers } from './shared-answers';
import { shopClaims, type ShopClaims } from './claims';
import {
  describeTarget,
  resolveSettings,
  type PasswordSource,
  type ResolvedSettings,
  type ShopConnectionSettings,
} from './config';
import { createShopClient, createShopPool } from './connection';
import { toShopError, type ShopError } from './errors';
import { shopIdentityOf } from './shop-identity';
import { shopJobRecords, shopJobs, type ShopJobRecords, type ShopJobs } from './jobs';
import { createShopListener, type ListenerOptions, type ShopListener } from './live';
import { migrate, type MigrationResult } from './migrate';
import { behindTransactionPooler, poolerRefusal } from './pooler';
import { shopPolicy, type ShopPolicy } from './policy';
import type { Outbox, UploadOptions, UploadResult } from './outbox';
import { shopTemplates, type ShopTemplates } from './templates';
import { shopVehicles, type ShopVehicles } from './vehicles';

export const DEFAULT_GARAGE_ID = 'shop';

export interface OpenShopOptions {
  settings: ShopConnectionSettings;
  getPassword: PasswordSource;
  /**
   * The shop garage this app works in; one database may hold several. Without it, the one the
   * database assigns the role (a role the shop did not place works in "shop").
   */
  garageId?: string;
  /** An idle pooled connection failed (the server restarted...): for the log and the status line. */
  onIdleError?: (error: ShopError) => void;
}

export interface ShopDb {
  readonly settings: ResolvedSettings;
  readonly garageId: string;
  /** The database role this handle signed in as (session_user): what claims belong to. */
  readonly role: string;
  /** Which shop the database is (shop_identity): what the outbox's acknowledgements are keyed by. */
  readonly shopId: string;
  readonly migration: MigrationResult;
  readonly pool: Pool;
  readonly vehicles: ShopVehicles;
  readonly claims: ShopClaims;
  readonly jobs: ShopJobs;
  /** Jobs with the app's whole record (`details`), as the jobs feature keeps them in shop mode. */
  readonly jobRecords: ShopJobRecords;
  readonly templates: ShopTemplates;
  /** The board (every car's claim, job, state, last action) and the readings shared with it. */
  readonly board: ShopBoardStore;
  /** The service's answers the apps share (one read serves the shop), and pruning the readings. */
  readonly answers: ShopSharedAnswers;
  /** The policy for dangerous actions and the requests of the two-person rule. */
  readonly policy: ShopPolicy;
  vehicleHistory(vin: string, options?: { after?: AuditCursor; limit?: number }): Promise<ShopAuditEntry[]>;
  garageHistory(options?: { after?: AuditCursor; limit?: number }): Promise<ShopAuditEntry[]>;
  /** One entry of the shop's log by its id (what a live change names), or null. */
  auditEntry(id: string): Promise<ShopAuditEntry | null>;
  /** One vehicle's entries in a time window, oldest first (a job's actions). */
  vehicleEntriesBetween(
    vin: string,
    window: { from: string; to: string },
  ): Promise<{ entries: ShopAuditEntry[]; more: boolean }>;
  /** Sends the outbox's waiting entries to this garage's audit log. */
  upload(outbox: Outbox, options?: UploadOptions): Promise<UploadResult>;
  /**
   * A solo profile joining the shop: its vehicles into the shop's garage and its audit history
   * through the outbox (ids make both idempotent: running it twice adds nothing).
   */
  importSolo(
    input: {
      vehicles: Parameters<ShopVehicles['importGarage']>[0];
      audit: readonly ShopAuditInput[];
      technician: string;
    },
    outbox: Outbox,
  ): Promise<{ vehiclesAdded: number; audit: UploadResult }>;
  /** A dedicated LISTEN connection (call start()). */
  listener(
    options?: Pick<
      ListenerOptions,
      'backoff' | 'lookback' | 'heartbeat' | 'catchUpMax' | 'onRead' | 'onHeard' | 'readGapMs'
    >,
  ): ShopListener;
  close(): Promise<void>;
}

/** Whether a pooler between here and the server shares sessions (pooler.ts): one pooled client, one of its own. */
async function sharesSessions(
  pool: Pool,
  settings: ResolvedSettings,
  getPassword: PasswordSource,
): Promise<boolean> {
  const first = await pool.connect();
  const second = await createShopClient(settings, getPassword);
  second.on('error', () => undefined);
  try {
    await second.connect();
    return await behindTransactionPooler(first, second);
  } finally {
    first.release();
    await second.end().catch(() => undefined);
  }
}

/** Connects, applies migrations under the advisory lock, and returns the handle; throws ShopError. */
export async function openShop(options: OpenShopOptions): Promise<ShopDb> {
  const settings = resolveSettings(options.settings);
  const pool = await createShopPool(settings, options.getPassword, options.onIdleError);
  let migration: MigrationResult;
  let role: string;
  let garageId: string;
  let shopId: string;
  try {
    migration = await migrate(pool, undefined, describeTarget(settings));
    // The garage is the database's word (shop_members; row-level security holds each role to it).
    const who = await pool.query<{ role: string; garage: string }>(
      'SELECT session_user AS role, shop_garage(session_user) AS garage',
    );
    role = who.rows[0]!.role;
    garageId = options.garageId ?? who.rows[0]!.garage ?? DEFAULT_GARAGE_ID;
    shopId = await shopIdentityOf(pool);
    if (await sharesSessions(pool, settings, options.getPassword))
      throw poolerRefusal(describeTarget(settings));
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw toShopError(error);
  }
  const vehicles = shopVehicles(pool, garageId);
  // The upload's and the readings' rows, told to this handle's listeners as written, not to be read.
  const own: OwnChanges = createOwnWrites();
  return {
    settings,
    garageId,
    role,
    shopId,
    migration,
    pool,
    vehicles,
    claims: shopClaims(pool, garageId),
    jobs: shopJobs(pool, garageId),
    jobRecords: shopJobRecords(pool, garageId, role),
    templates: shopTemplates(pool, garageId),
    board: shopBoard(pool, garageId, own),
    answers: shopSharedAnswers(pool, garageId),
    policy: shopPolicy(pool, garageId),
    vehicleHistory: (vin, page) => vehicleHistory(pool, garageId, vin, page),
    garageHistory: (page) => garageHistory(pool, garageId, page),
    auditEntry: batchedAuditEntry(pool),
    vehicleEntriesBetween: (vin, window) => vehicleEntriesBetween(pool, garageId, vin, window),
    upload: (outbox, uploadOptions) =>
      outbox.upload(pool, garageId, { where: describeTarget(settings), own, ...uploadOptions }),
    async importSolo(input, outbox) {
      const vehiclesAdded = await vehicles.importGarage(input.vehicles, input.technician);
      await outbox.appendMany(input.audit);
      return {
        vehiclesAdded,
        audit: await outbox.upload(pool, garageId, { where: describeTarget(settings), own }),
      };
    },
    listener: (listenerOptions = {}) =>
      createShopListener({ ...listenerOptions, settings, getPassword: options.getPassword, garageId, own }),
    close: () => pool.end(),
  };
}
