// The shop's policy for dangerous actions and its two-person rule, for the active profile: the check
// before an action (the database's answer, shop_may; with the database away, the policy last read
// from it), the refusal recorded in the shop's log and worded to say who may, the admin's editor,
// and the requests a technician asks and a foreman decides. What may be done is the database's
// word: this module only asks it and words the answer.
import type { ApprovalRequest } from '../../../shared/approval-request';
import { randomUUID } from 'node:crypto';
import {
  policyAnswer,
  refusalText,
  type PolicyAction,
  type PolicyAnswer,
  type PolicyRule,
  type ShopGroup,
} from '../../../shared/shop-policy';
import { planText, planVins } from '../../../shared/approval-plan';
import { mainWords, tm } from '../../i18n/main-words';
import { policyRefusal, type ShopDb, type ShopRequest } from '../../shop';
import type { Policy, PolicySubject } from '../backend';
import { machineOf, technicianOf, type Linked, type LinkState } from './link-state';

export interface ShopPolicyControls extends Policy {
  /**
   * The request a live change names, as the window shows it, and whether this role may decide it
   * (null when gone or not readable).
   */
  heard(id: string): Promise<{ request: ApprovalRequest; mayDecide: boolean } | null>;
  /** Reads the policy after connecting: what the check goes by if the database goes away. */
  load(link: Linked): Promise<void>;
}

/** The policy as last read from the database, per session: what the check goes by while it is away. */
interface KnownPolicy {
  rules: PolicyRule[];
  group: ShopGroup | null;
}

export function createShopPolicy(state: LinkState): ShopPolicyControls {
  const known = new WeakMap<Linked, KnownPolicy>();
  const { now } = state;

  async function readPolicy(link: Linked, db: ShopDb): Promise<KnownPolicy> {
    const [rules, group] = await Promise.all([db.policy.rules(), db.policy.group()]);
    const policy = { rules, group };
    known.set(link, policy);
    return policy;
  }

  const viewOf = (request: ShopRequest, db: ShopDb): ApprovalRequest => {
    const { seq: _seq, ...rest } = request;
    return {
      ...rest,
      mine: request.requestedRole === db.role,
      expired: Date.parse(request.expiresAt) <= now().getTime(),
    };
  };

  /** The refusal in the shop's log, as every audited action is (queued while the database is away). */
  const recordRefusal = (
    link: Linked,
    subject: PolicySubject,
    action: PolicyAction,
    answer: PolicyAnswer,
    why: string,
  ) =>
    link.session.record({
      id: randomUUID(),
      time: now().toISOString(),
      vin: subject.vin,
      operation: 'policy:refused',
      params: { action, operation: subject.operation, count: subject.count ?? 1, roles: answer.roles },
      outcome: 'not-sent',
      reason: tm('policy.refusedAudit', { why }),
      technician: technicianOf(link),
      machine: machineOf(link),
      profileId: link.profileId,
    });

  /**
   * The shop's log says an approved request was carried out: what was asked and why, who approved
   * it with which note, and what came of it, so a car's record and a job's hold all three.
   */
  const recordCarriedOut = (link: Linked, request: ShopRequest) =>
    link.session.record({
      id: randomUUID(),
      time: now().toISOString(),
      vin: request.vin,
      operation: 'policy:approved',
      params: {
        request: request.id,
        action: request.action,
        cars: planVins(request.plan, request.vin).length,
        decidedBy: request.decidedName ?? request.decidedRole ?? '',
      },
      outcome: request.status === 'sent' ? 'success' : 'failed',
      reason: tm('approvalPlan.approvedAudit', {
        what: planText(request.plan, tm),
        reason: request.reason,
        who: request.decidedName ?? request.decidedRole ?? '',
        note: request.note ?? '',
        hasNote: request.note ? 'yes' : 'no',
        outcome: request.outcome ?? '',
      }),
      technician: technicianOf(link),
      machine: machineOf(link),
      profileId: link.profileId,
    });

  return {
    async check(profileId, action, subject) {
      const link = state.linked();
      if (!link || link.profileId !== profileId) return;
      const count = subject.count ?? 1;
      const db = link.session.db();
      let answer: PolicyAnswer;
      if (db) answer = await db.policy.may(action, count);
      else {
        // Away: the policy last read (a policy never read is none this machine knows of).
        const last = known.get(link);
        if (!last) return;
        answer = policyAnswer(last.rules, last.group, action, count);
      }
      if (answer.allowed) return;
      const why = refusalText(action, answer.roles, mainWords().formatLocale, tm, count);
      await recordRefusal(link, subject, action, answer, why);
      // Its own kind: the one refusal the window offers to ask a foreman about.
      throw policyRefusal(why);
    },
    async view() {
      const { link, db } = state.online();
      const { rules, group } = await readPolicy(link, db);
      return { rules, group, mayEdit: group === 'admin' };
    },
    async save(rules) {
      const { link, db } = state.online();
      for (const rule of rules) await db.policy.setRule(rule);
      const read = await readPolicy(link, db);
      return { ...read, mayEdit: read.group === 'admin' };
    },
    async requests() {
      const { link, db } = state.online();
      const [list, policy] = await Promise.all([db.policy.list(), readPolicy(link, db)]);
      return {
        requests: list.map((request) => viewOf(request, db)),
        mayDecide: policy.group === 'foreman' || policy.group === 'admin',
      };
    },
    async ask(vin, plan, reason) {
      const { link, db } = state.online();
      const made = await db.policy.ask({
        vin,
        plan,
        reason,
        technician: technicianOf(link),
        machine: machineOf(link),
      });
      return viewOf(made, db);
    },
    async decide(id, approve, note) {
      const { link, db } = state.online();
      return viewOf(await db.policy.decide(id, approve, note, technicianOf(link)), db);
    },
    async take(id, accept) {
      const { db } = state.online();
      return viewOf(await db.policy.take(id, accept), db);
    },
    async finish(id, sent, outcome) {
      const { link, db } = state.online();
      const done = await db.policy.finish(id, sent, outcome);
      await recordCarriedOut(link, done);
    },
    async heard(id) {
      const link = state.linked();
      const db = link?.session.db();
      if (!link || !db) return null;
      const request = await db.policy.request(id);
      if (!request) return null;
      const group = known.get(link)?.group ?? (await readPolicy(link, db)).group;
      return { request: viewOf(request, db), mayDecide: group === 'foreman' || group === 'admin' };
    },
    async load(link) {
      const db = link.session.db();
      if (state.linked() !== link || !db) return;
      await readPolicy(link, db);
    },
  };
}
