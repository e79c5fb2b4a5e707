// What main tells the renderer without being asked: one typed stream over one subscription, so the
// renderer's stores follow main instead of polling it. Each event names what changed; payloads
// carry enough to update a store without a read back.
import type { OpenJobBadge } from './jobs/job-badge';
import type { RunChange } from './runs';
import type { ClaimView, ShopStatus } from './shop';
import type { ApprovalRequest } from './approval-request';
import type { DeskView } from './shop-desk';
import type { AuditEntry, UpdateStatus, VehicleEntry } from './types';

export interface GarageEventMap {
  /** One vehicle's entry (glance, status, nickname, plate) changed; `entry` null when removed. */
  'vehicle.changed': { profileId: string; vin: string; entry: VehicleEntry | null };
  /** Vehicles were added, removed or re-ordered: the list itself changed. */
  'garage.changed': { profileId: string };
  /** A run started, progressed or ended: its summary and the items that changed (see RunChange). */
  'run.changed': RunChange;
  /** Whether the active profile's service answers. */
  'connection.changed': { profileId: string; online: boolean; message: string | null };
  /** A new audit entry was written. */
  'audit.added': { profileId: string; vin: string; id: string; entry: AuditEntry };
  /**
   * A profile or preference changed: `profiles` for the profiles (the active one, a name, an
   * address, token state); other names may follow for other settings.
   */
  'settings.changed': { what: 'profiles' | (string & {}) };
  /** A vehicle's claim was taken, released, taken over or ended (`claim` null when none is active). */
  'claim.changed': { profileId: string; vin: string; claim: ClaimView | null };
  /** A request of the two-person rule was asked, decided or sent, here or on another machine. */
  'approval.changed': { profileId: string; request: ApprovalRequest; mayDecide: boolean };
  /**
   * A repair-order job was opened, closed, reopened or given a note (here or, in shop mode, on
   * another machine): `openJob` is the vehicle's open job now, null when it has none.
   */
  'job.changed': { profileId: string; vin: string; jobId: string; openJob: OpenJobBadge | null };
  /** The shop database's connection or the count of entries waiting for it changed. */
  'shop.changed': { profileId: string; status: ShopStatus };
  /**
   * Something the shop's board shows changed in the database (a claim, job, reading, action or car;
   * another machine's or this one's): a board on screen reads again.
   */
  'board.changed': { profileId: string };
  /** Someone signed in or out at the shared desk, or it locked or unlocked (never a password). */
  'desk.changed': { view: DeskView };
  /** The app's own update was found, downloaded or failed (checks run in main on a schedule). */
  'update.changed': { status: UpdateStatus };
}

export type GarageEventType = keyof GarageEventMap;

export type GarageEvent = { [K in GarageEventType]: { type: K } & GarageEventMap[K] }[GarageEventType];
