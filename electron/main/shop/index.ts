// The shop database layer's public surface (see shop-db.ts for the handle).
export {
  startShopSession,
  OUTBOX_FOLDER,
  type ShopSession,
  type ShopSessionStatus,
  type ShopSessionOptions,
} from './shop-session';
export { openShop, DEFAULT_GARAGE_ID, type ShopDb, type OpenShopOptions } from './shop-db';
export { testConnection, type ConnectionTest, type ConnectionReport } from './connection';
export {
  resolveSettings,
  SSL_MODES,
  type ShopConnectionSettings,
  type SslMode,
  type PasswordSource,
} from './config';
export { ShopError, SHOP_ERROR_KINDS, registerShopPassword, type ShopErrorKind } from './errors';
export { openOutbox, type Outbox, type UploadResult } from './outbox';
export { startOutboxSync, type OutboxSync, type OutboxSyncStatus } from './outbox-sync';
export { fromLocalAuditEntry } from './local-audit';
export type { ShopAuditEntry, ShopAuditInput, AuditCursor } from './audit-store';
export type { ShopVehicle, VehicleFields } from './vehicles';
export type { Claim, ClaimResult } from './claims';
export type { ShopJob, JobNote, OpenJobInput, JobFilter } from './jobs';
export type { ShopTemplate } from './templates';
export type { ShopChange, ShopChangeKind, ShopListener, ListenerStatus } from './live';
export { LATEST_SCHEMA_VERSION } from './migrations/index';
