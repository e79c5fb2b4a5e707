// What the active profile's work is kept in: solo (this machine's files) or a shop (its database,
// with this machine's files as the copy that works offline). The services are handed the backend of
// the profile active now and never ask which one it is; solo.ts and shop/ are its two implementations.
import type { ApprovalList, ApprovalRequest } from '../../shared/approval-request';
import type { ApprovalPlan, PlanOnCar } from '../../shared/approval-plan';
import type { ShopJobEntries } from '../../shared/jobs/shop-entry';
import type { ClaimView, ShopHistoryCursor, ShopHistoryPage, ShopStatus } from '../../shared/shop';
import type { PolicyAction, PolicyRule, PolicyView } from '../../shared/shop-policy';
import type { TechnicianView } from '../../shared/technician';
import type { AuditEntry } from '../../shared/types';
import type { DomainFacts } from '../events/domain-events';
import type { ShopJobRecords } from '../shop';
import type { TemplateStore } from '../storage/template-store';

/** A vehicle a bulk command skips because another technician holds it. */
export interface ClaimSkip {
  reason: 'claimed';
  message: string;
}

/** A job's open periods, the windows of the audit log it covers. */
export interface JobWindow {
  from: string;
  to: string;
}

export interface Claims {
  list(): Promise<ClaimView[]>;
  claim(vin: string, note?: string): Promise<ClaimView>;
  release(vin: string): Promise<void>;
  takeOver(vin: string, note?: string): Promise<ClaimView>;
  /**
   * Before a command to `vin`: throws naming the technician when another one holds the car, unless
   * `override` (then the override is recorded in the shop's log).
   */
  check(profileId: string, vin: string, override: boolean, operation: string): Promise<void>;
  /**
   * Before a bulk command: the vehicles of `vins` another technician holds, each with why it is
   * skipped. With `include` none is skipped and each override is recorded, as for one command.
   */
  bulkSkips(
    profileId: string,
    vins: readonly string[],
    include: boolean,
    operation: string,
  ): Promise<Map<string, ClaimSkip>>;
}

/** What a checked action touches, for the refusal's entry in the shop's log. */
export interface PolicySubject {
  /** The car, for an action on one; '' for a bulk command or a roll-out. */
  vin: string;
  /** The operation as the audit log names it ("command:unlock", "createInvitation"). */
  operation: string;
  /** How many cars (a bulk command, a roll-out); 1 otherwise. */
  count?: number;
}

/** The shop's policy for dangerous actions and its two-person rule (solo: no policy, nothing asked). */
export interface Policy {
  /**
   * Before a dangerous action: resolves when this role may; otherwise records the refusal in the
   * shop's log and throws 'forbidden' saying who may.
   */
  check(profileId: string, action: PolicyAction, subject: PolicySubject): Promise<void>;
  view(): Promise<PolicyView>;
  /** Sets the rules given (an admin's role only: the database refuses anyone else). */
  save(rules: readonly PolicyRule[]): Promise<PolicyView>;
  requests(): Promise<ApprovalList>;
  /** Asks for `plan` on `vin` ('' for a plan over several cars), with the technician's reason. */
  ask(vin: string, plan: ApprovalPlan, reason: string): Promise<ApprovalRequest>;
  decide(id: string, approve: boolean, note: string): Promise<ApprovalRequest>;
  /**
   * Takes an approved request of this role for sending, once; throws when it cannot be sent now, or
   * (taking nothing) when `accept` says its plan is not one the caller carries out.
   */
  take(id: string, accept: (found: PlanOnCar) => boolean | Promise<boolean>): Promise<ApprovalRequest>;
  /** Records what came of sending a taken request. */
  finish(id: string, sent: boolean, outcome: string): Promise<void>;
}

export interface WorkspaceBackend {
  readonly mode: 'solo' | 'shop';
  /** An entry of this machine's log as the window shows it (in a shop: with technician and machine). */
  decorate(entry: AuditEntry): AuditEntry;
  /** The audit sink: an entry was appended to this machine's log (a shop queues it for upload). */
  recordAudit(entry: AuditEntry): void;
  /** The garage changed here (a shop's garage follows). */
  mirrorGarage(change: DomainFacts['garage.changed']): void;
  /** The telemetry templates: the data folder's, or the shop's shared ones. */
  readonly templates: TemplateStore;
  readonly claims: Claims;
  readonly policy: Policy;
  /** A vehicle's History across every technician (shop mode only). */
  history(vin: string, page?: { after?: ShopHistoryCursor; limit?: number }): Promise<ShopHistoryPage>;
  status(): ShopStatus;
}

/** What the jobs read per profile, whichever profile is active. */
export interface WorkspaceJobs {
  /**
   * The shop's jobs for a profile: null when it works solo; `records` null (with why) while its
   * database is unreachable or the profile is not the one connected.
   */
  records(profileId: string): Promise<{
    records: ShopJobRecords | null;
    why: string;
    /** The database role the profile writes as now (also offline); null when none does here. */
    writer?: string | null;
    /** The profile's configured database user: whose facts kept before writers were named are. */
    formerWriter?: string | null;
  } | null>;
  /**
   * A job's entries in shop mode: every technician's from the shop's audit log, with this machine's
   * not uploaded yet; null when the profile works solo.
   */
  entries(profileId: string, vin: string, windows: readonly JobWindow[]): Promise<ShopJobEntries | null>;
  /** The technician recorded on a job when none is typed: the shop's name for them, else the machine's. */
  technician(profileId: string): Promise<string>;
  /** The same, with where the name came from (Settings and the job screen show it). */
  technicianView(profileId: string): Promise<TechnicianView>;
}

export const SOLO_STATUS: ShopStatus = { state: 'solo', pending: 0, error: null };
