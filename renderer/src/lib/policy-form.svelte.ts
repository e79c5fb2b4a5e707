// The shop's policy for dangerous actions as Settings → Shop edits it (shop-policy in electron/shared).
import {
  POLICY_ACTIONS,
  type PolicyAction,
  type PolicyView,
  type ShopGroup,
} from '../../../electron/shared/shop-policy';
import { describeError } from './errors';
import { mainApi } from './main-api';

/**
 * The shop's policy as Settings → Shop edits it: read from main (the database's), changed here by
 * an admin, saved by main (the database refuses anyone else).
 */
export class PolicyForm {
  view = $state.raw<PolicyView | null>(null);
  /** Per action, the groups ticked and, for bulk, the limit, as typed. */
  rules = $state<Record<PolicyAction, RuleForm>>(emptyRules());
  busy = $state(false);
  problem = $state<string | null>(null);
  saved = $state(false);

  async load(): Promise<void> {
    const result = await mainApi().policy.get();
    // Solo, or the shop database away: there is no policy to show.
    this.view = result.ok ? result.value : null;
    if (result.ok) this.#show(result.value);
  }

  toggle(action: PolicyAction, group: ShopGroup, on: boolean): void {
    const roles = this.rules[action].roles.filter((role) => role !== group);
    this.rules[action].roles = on ? [...roles, group] : roles;
    this.saved = false;
  }

  async save(): Promise<void> {
    this.busy = true;
    this.problem = null;
    try {
      const rules = POLICY_ACTIONS.map((action) => ({
        action,
        roles: [...this.rules[action].roles],
        bulkMax: action === 'bulk' ? this.rules[action].bulkMax : null,
      }));
      const result = await mainApi().policy.save(rules);
      if (!result.ok) {
        this.problem = describeError(result.error);
        return;
      }
      this.view = result.value;
      this.#show(result.value);
      this.saved = true;
    } finally {
      this.busy = false;
    }
  }

  #show(view: PolicyView): void {
    const rules = emptyRules();
    for (const rule of view.rules) rules[rule.action] = { roles: [...rule.roles], bulkMax: rule.bulkMax };
    this.rules = rules;
  }
}

type RuleForm = { roles: ShopGroup[]; bulkMax: number | null };

function emptyRules(): Record<PolicyAction, RuleForm> {
  const rules = {} as Record<PolicyAction, RuleForm>;
  for (const action of POLICY_ACTIONS) rules[action] = { roles: [], bulkMax: null };
  return rules;
}
