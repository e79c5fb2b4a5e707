// A request of the two-person rule as the window shows it: its own file, since it names both the
// policy's action and the approved plan, and the plan's wording itself names the policy's actions.
import type { ApprovalPlan } from './approval-plan';
import type { RunCommand } from './runs';
import type { PolicyAction } from './shop-policy';

export type RequestStatus = 'pending' | 'approved' | 'declined' | 'sending' | 'sent' | 'failed';

/** A request to take an action the policy keeps from its technician, as the window shows it. */
export interface ApprovalRequest {
  id: string;
  /** The car, or '' for a plan over several (a bulk command, a roll-out: their `vins`). */
  vin: string;
  action: PolicyAction;
  /** Exactly what is to be done, as approved. */
  plan: ApprovalPlan;
  /** A command's or a bulk command's command (the plan's), else null. */
  command: RunCommand | null;
  reason: string;
  technician: string;
  machine: string;
  /** The role that asked (the server's word). */
  requestedRole: string;
  requestedAt: string;
  expiresAt: string;
  status: RequestStatus;
  decidedRole: string | null;
  decidedName: string | null;
  decidedAt: string | null;
  note: string | null;
  outcome: string | null;
  /** Asked by this app's role: only it may send the request once approved. */
  mine: boolean;
  /** Past its expiry by this computer's clock (the database checks its own). */
  expired: boolean;
}

/** The requests a window follows: the open ones and those decided or sent lately. */
export interface ApprovalList {
  requests: ApprovalRequest[];
  /** Whether this role may decide others' requests (a foreman or an admin). */
  mayDecide: boolean;
}
