// The shop's policy for dangerous actions and the two-person rule, as main and the window share it:
// which actions a shop may keep to some roles, the groups, what a rule and a request look like, and
// the words of a refusal ("Only a foreman or an admin may unlock in this shop"). The database holds
// the policy and decides (shop_may, electron/main/shop/sql/); this mirrors the rule only to answer
// while the database is away, from the policy last read. Zod-free so the preload bundles it.
import { english, type Say } from './i18n/english';
import type { RunCommand } from './runs';

export const POLICY_ACTIONS = [
  'unlock',
  'remote_start',
  'valet',
  'speed_limit',
  'remove_driver',
  'invitation',
  'telemetry_write',
  'telemetry_delete',
  'template_rollout',
  'bulk',
] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

export const SHOP_GROUPS = ['technician', 'foreman', 'advisor', 'admin'] as const;
export type ShopGroup = (typeof SHOP_GROUPS)[number];

/** One action's rule: the groups that may (an admin always may); for 'bulk', over how many cars. */
export interface PolicyRule {
  action: PolicyAction;
  roles: ShopGroup[];
  /** Only for 'bulk': a bulk command over more than this many cars needs one of `roles`. */
  bulkMax: number | null;
}

/** The policy as Settings → Shop shows it: the rules set (an action without one is anyone's). */
export interface PolicyView {
  rules: PolicyRule[];
  /** The signed-in role's group (null: in none of the shop's groups). */
  group: ShopGroup | null;
  /** Only an admin edits the policy; the database holds to it too. */
  mayEdit: boolean;
}

/** The database's answer before an action: whether this role may, and which groups may. */
export interface PolicyAnswer {
  allowed: boolean;
  roles: ShopGroup[];
}

/** The policy action a command to one car is, or null when the policy says nothing of it. */
export function policyActionOfCommand(name: RunCommand['name'] | string): PolicyAction | null {
  switch (name) {
    case 'unlock':
      return 'unlock';
    case 'remote_start':
      return 'remote_start';
    case 'enable_valet':
    case 'disable_valet':
      return 'valet';
    case 'set_speed_limit':
      return 'speed_limit';
    default:
      return null;
  }
}

/** The groups that may take an action under `rule`, in the order of SHOP_GROUPS (an admin always). */
export function groupsAllowed(rule: PolicyRule | undefined): ShopGroup[] {
  if (!rule) return [...SHOP_GROUPS];
  return SHOP_GROUPS.filter((group) => group === 'admin' || rule.roles.includes(group));
}

/**
 * The rule as the database applies it (shop_may), for when the database cannot be asked: no rule is
 * anyone's; 'bulk' binds only over its limit.
 */
export function policyAnswer(
  rules: readonly PolicyRule[],
  group: ShopGroup | null,
  action: PolicyAction,
  count = 1,
): PolicyAnswer {
  const rule = rules.find((candidate) => candidate.action === action);
  if (!rule || (action === 'bulk' && (rule.bulkMax === null || count <= rule.bulkMax)))
    return { allowed: group !== null, roles: [...SHOP_GROUPS] };
  const roles = groupsAllowed(rule);
  return { allowed: group !== null && roles.includes(group), roles };
}

/** "a foreman or an admin" / "ein Meister oder ein Admin", in the locale's words. */
export function whoMayText(
  roles: readonly ShopGroup[],
  locale: string | undefined,
  say: Say = english,
): string {
  const names = roles.map((role) => say(`policy.someone.${role}`));
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(names);
}

/** "Only a foreman or an admin may unlock in this shop." */
export function refusalText(
  action: PolicyAction,
  roles: readonly ShopGroup[],
  locale: string | undefined,
  say: Say = english,
  count?: number,
): string {
  return say('policy.onlyWho', {
    who: whoMayText(roles, locale, say),
    action: say(`policy.doing.${action}`, { count: count ?? 0 }),
  });
}
