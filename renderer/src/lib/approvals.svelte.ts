// The two-person rule as the window shows it: the requests of the shop's garage (asked here or on
// another machine, decided by a foreman, sent by who asked), followed from main's events; the
// command the shop's policy just refused here, which the technician may ask a foreman for; and the
// actions on a request. Main decides and the database holds to it: the window only asks.
import { isRunPlan } from '../../../electron/shared/approval-plan';
import type { ApprovalAskInput } from '../../../electron/shared/ipc/api';
import type { GarageEvent } from '../../../electron/shared/events';
import type { CommandOptions } from '../../../electron/shared/ipc/api';
import type { RunCommandName } from '../../../electron/shared/bulk-commands';
import type { ApprovalRequest } from '../../../electron/shared/approval-request';
import { policyActionOfCommand } from '../../../electron/shared/shop-policy';
import type { ErrorInfo } from '../../../electron/shared/result';
import type { RunSnapshot } from '../../../electron/shared/runs';
import { describeError } from './errors';
import { t } from './i18n.svelte';
import { mainApi } from './main-api';

/** Another action the policy refused here (a driver's removal, an invitation, …), as it would be asked. */
export interface RefusedPlan {
  ask: ApprovalAskInput;
  /** Main's refusal ("Only a foreman or an admin may remove drivers in this shop."). */
  message: string;
}

/** A command the policy refused here, with main's words saying who may. */
export interface RefusedCommand {
  vin: string;
  name: RunCommandName;
  options: CommandOptions;
  /** Main's refusal ("Only a foreman or an admin may unlock in this shop."). */
  message: string;
}

export class ApprovalsStore {
  requests = $state.raw<ApprovalRequest[]>([]);
  /** This role may approve or decline others' requests (a foreman or an admin). */
  mayDecide = $state(false);
  /** The last command the policy refused here, offered to ask for; null when none. */
  refused = $state.raw<RefusedCommand | RefusedPlan | null>(null);
  busy = $state(false);
  problem = $state<string | null>(null);
  /** Said once a request was asked, until the next action. */
  notice = $state<string | null>(null);

  /** The requests a window shows: open ones first, then those ended lately, newest first. */
  shown = $derived(this.requests.filter((request) => request.mine || this.mayDecide));

  async load(): Promise<void> {
    const result = await mainApi().approvals.list();
    // Solo, or the shop database away: nothing to show (the requests live in the database).
    if (!result.ok) {
      this.requests = [];
      this.mayDecide = false;
      return;
    }
    this.requests = result.value.requests;
    this.mayDecide = result.value.mayDecide;
  }

  /** A request asked, decided or sent, here or on another machine. */
  apply(event: GarageEvent & { type: 'approval.changed' }): void {
    this.mayDecide = event.mayDecide;
    const others = this.requests.filter((request) => request.id !== event.request.id);
    this.requests = [event.request, ...others].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
  }

  /**
   * A start main refused: kept to ask for when the shop's policy refused it (`policy_refused`, the
   * one refusal an approval lifts) and it can be asked for. Any other refusal (row-level security, a
   * colleague's claim, a locked desk, a role with no grants, the service's 403) is not offered.
   */
  noteRefusal(
    vin: string,
    name: RunCommandName,
    options: CommandOptions,
    error: { kind: string; message: string },
  ) {
    if (error.kind !== 'policy_refused' || !policyActionOfCommand(name)) return;
    this.refused = { vin, name, options, message: error.message };
    this.notice = null;
  }

  /** Another action main refused: kept to ask for when the shop's policy refused it. */
  noteRefusedPlan(ask: ApprovalAskInput, error: { kind: string; message: string }): void {
    if (error.kind !== 'policy_refused') return;
    this.refused = { ask, message: error.message };
    this.notice = null;
  }

  dismissRefusal(): void {
    this.refused = null;
  }

  async ask(reason: string): Promise<boolean> {
    const refused = this.refused;
    if (!refused) return false;
    return this.#act(async () => {
      const result =
        'ask' in refused
          ? await mainApi().approvals.askFor(reason, refused.ask)
          : await mainApi().approvals.ask(reason, [refused.vin, refused.name, refused.options]);
      if (!result.ok) return result.error;
      this.refused = null;
      this.#put(result.value);
      this.notice = t('policy.asked');
      return null;
    });
  }

  decide(id: string, approve: boolean, note: string): Promise<boolean> {
    return this.#act(async () => {
      const result = await mainApi().approvals.decide(id, approve, note);
      if (!result.ok) return result.error;
      this.#put(result.value);
      return null;
    });
  }

  /**
   * Sends an approved request: a run (a command, a bulk command, a roll-out) shows as every run
   * does; a write (a driver, an invitation, a telemetry configuration) says it is done.
   */
  async send(id: string): Promise<RunSnapshot | null> {
    let started: RunSnapshot | null = null;
    const request = this.requests.find((candidate) => candidate.id === id);
    await this.#act(async () => {
      if (request && !isRunPlan(request.plan)) {
        const result = await mainApi().approvals.perform(id);
        if (!result.ok) return result.error;
        this.notice = t('approvalPlan.written');
        return null;
      }
      const result = await mainApi().runs.startApprovedCommand(id);
      if (!result.ok) return result.error;
      started = result.value;
      return null;
    });
    await this.load();
    return started;
  }

  reset(): void {
    this.requests = [];
    this.mayDecide = false;
    this.refused = null;
    this.problem = null;
    this.notice = null;
  }

  #put(request: ApprovalRequest): void {
    this.apply({ type: 'approval.changed', profileId: '', request, mayDecide: this.mayDecide });
  }

  async #act(work: () => Promise<ErrorInfo | null>): Promise<boolean> {
    this.busy = true;
    this.problem = null;
    try {
      const error = await work();
      if (error) this.problem = describeError(error);
      return error === null;
    } finally {
      this.busy = false;
    }
  }
}

export const createApprovals = () => new ApprovalsStore();
