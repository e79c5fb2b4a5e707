// What happened in main, as typed facts. A service publishes what it did through the port it is
// given (`FactPort`) and knows nothing of who listens; every consequence ("after X, Y": the window's
// events, the feeds, the shop's outbox, the jobs) is registered in one place, reactions/, so a reader
// finds what follows a fact there and nowhere else. A reaction that throws never stops the others.
import type { ApprovalRequest } from '../../shared/approval-request';
import type { ReadingValues } from '../../shared/shop-board';
import type { Job } from '../../shared/jobs/job-record';
import type { RunChange } from '../../shared/runs';
import type { ClaimView, ShopStatus } from '../../shared/shop';
import type { DeskView } from '../../shared/shop-desk';
import type { AuditEntry, AuditOutcome, DataSource, UpdateStatus } from '../../shared/types';

/** A failure as the service (or the network) gave it: its kind, words and HTTP status if any. */
export interface FailureFact {
  kind: string;
  message: string;
  status?: number;
}

/** Where a change to the garage was made: here (the window, a run) or on the shop's side (merged in). */
export type ChangeOrigin = 'here' | 'shop';

export interface DomainFacts {
  /** An entry was appended to this machine's audit log (durable on disk). */
  'audit.appended': { entry: AuditEntry };
  /** Another machine's entry arrived from the shop's log (it is not in this machine's log). */
  'audit.heard': { profileId: string; entry: AuditEntry };
  /**
   * Vehicles came into, left or were renamed in a profile's garage. `added` may be empty (a paste
   * whose every VIN was skipped) when the change came from here.
   */
  'garage.changed': {
    profileId: string;
    origin: ChangeOrigin;
    added: readonly string[];
    removed: readonly string[];
    renamed: readonly { vin: string; nickname: string | null }[];
  };
  /** Something the vehicle's entry shows (its glance, its plate) may have changed. */
  'vehicle.observed': { profileId: string; vin: string };
  /** A live read of the vehicle's firmware alerts: each alert's name and when it started (Unix s). */
  'vehicle.alertsRead': {
    profileId: string;
    vin: string;
    alerts: readonly { name: string; startedAt: number; description: string | null }[];
  };
  /** A live tyre reading: the tyres it called low (front_left, …), none when every one is fine. */
  'vehicle.tyresRead': { profileId: string; vin: string; low: readonly string[] };
  /** A read of the vehicle was answered: live, or from the saved copy (`stale`: why live failed). */
  'vehicle.read': {
    profileId: string;
    vin: string;
    source: DataSource;
    fetchedAt: string;
    stale?: { kind: string; message: string };
  };
  /** A write or command to the vehicle ended (audited): how, and the failure if it failed. */
  'vehicle.written': {
    profileId: string;
    vin: string;
    operation: string;
    outcome: AuditOutcome;
    at: string;
    reason?: string;
    failure?: FailureFact;
  };
  /** A profile's service was asked on purpose (Test connection): it answered, or the failure. */
  'profile.tested': { profileId: string; failure: FailureFact | null };
  /** The account's vehicle list was read (adding or importing vehicles): it answered, or the failure. */
  'account.read': { profileId: string; failure: FailureFact | null };
  /** The active profile is now this one. */
  'profile.activated': { profileId: string };
  /** A profile was created, renamed, moved to another address, or its token cleared. */
  'profile.changed': { profileId: string };
  /** A profile was given a new token. */
  'profile.tokenSet': { profileId: string };
  /** A profile was removed (its garage, cache and token with it). */
  'profile.removed': { profileId: string };
  /** An app setting was saved. */
  'setting.saved': { what: 'network' | 'garage-refresh' | 'updates' | 'technician' | 'language' };
  /** The app's own update was found, downloaded or failed (the status the window shows). */
  'update.changed': { status: UpdateStatus };
  /** The telemetry templates changed (saved, removed, or the shop's copy read again). */
  'templates.changed': Record<string, never>;
  /** A repair-order job was opened, noted, closed or reopened here. */
  'job.changed': { job: Job };
  /** The shop says a job changed (another machine's change, or this one's heard back). */
  'job.heard': { profileId: string; jobId: string };
  /** The shop session caught up after a gap: every job is read again. */
  'jobs.resynced': { profileId: string };
  /**
   * A change to the profile's shop jobs may have been missed (the session went offline, a resync is
   * ahead, the session stopped): what main knows of them is not taken as current until read again.
   */
  'jobs.stale': { profileId: string };
  /** A run started, progressed or ended. */
  'run.changed': RunChange;
  /** A vehicle's claim was taken, released, taken over or ended. */
  'claim.changed': { profileId: string; vin: string; claim: ClaimView | null };
  /**
   * A request of the two-person rule was asked, decided, sent or heard from the shop;
   * `mayDecide` when this machine's role may approve it (a foreman or an admin).
   */
  'approval.changed': { profileId: string; request: ApprovalRequest; mayDecide: boolean };
  /** The shop database's connection, or the count of entries waiting for it, changed. */
  'shop.changed': { profileId: string; status: ShopStatus };
  /** A colleague's app read a car and shared it through the shop (never this machine's own reading). */
  'reading.heard': { profileId: string; vin: string; values: ReadingValues; readAt: string };
  /** Something on the shop's board changed (heard from the database, or caught up after a gap). */
  'board.changed': { profileId: string };
  /** Someone signed in or out at the shared desk, or it locked or unlocked. */
  'desk.changed': { view: DeskView };
}

export type FactType = keyof DomainFacts;

/** The port services publish through. */
export interface FactPort {
  publish<K extends FactType>(type: K, fact: DomainFacts[K]): void;
}

/** The port and its subscription side, which only the reactions and tests use. */
export interface DomainEvents extends FactPort {
  /** Runs `reaction` after each fact of this type, in the order reactions were added. Returns the removal. */
  on<K extends FactType>(type: K, reaction: (fact: DomainFacts[K]) => void): () => void;
}

/** For a service built without listeners (unit tests): every fact goes nowhere. */
export const NO_FACTS: FactPort = { publish: () => {} };

export function createDomainEvents(onReactionError?: (type: FactType, error: unknown) => void): DomainEvents {
  const reactions = new Map<FactType, ((fact: never) => void)[]>();
  return {
    publish(type, fact) {
      const list = reactions.get(type);
      if (!list) return;
      for (const reaction of [...list]) {
        try {
          (reaction as (fact: DomainFacts[typeof type]) => void)(fact);
        } catch (error) {
          onReactionError?.(type, error);
        }
      }
    },
    on(type, reaction) {
      let list = reactions.get(type);
      if (!list) reactions.set(type, (list = []));
      list.push(reaction as (fact: never) => void);
      return () => {
        const at = list.indexOf(reaction as (fact: never) => void);
        if (at >= 0) list.splice(at, 1);
      };
    },
  };
}
