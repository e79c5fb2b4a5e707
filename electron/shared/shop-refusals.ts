// The refusals of the shop database's two-person rule, by the stable code its functions raise
// (HINT 'vg:<code>', the particulars as a JSON object in DETAIL; main/shop/sql/010-request-codes.sql)
// and worded from the catalogs, so a technician reads why in their own language and a changed
// English sentence on the server changes nothing in the app. Pure.
import { agoText } from './age-words';
import { english, type Say } from './i18n/english';

export const SHOP_REFUSAL_CODES = [
  'no_group',
  'bad_action',
  'bad_minutes',
  'not_decider',
  'missing',
  'own_request',
  'status',
  'expired',
  'not_asker',
  'not_taken',
  'bad_plan',
  'plan_mismatch',
  'unchangeable',
] as const;
export type ShopRefusalCode = (typeof SHOP_REFUSAL_CODES)[number];

/** What the database said: its code and the particulars that go into the words. */
export interface ShopRefusal {
  code: ShopRefusalCode;
  particulars: Readonly<Record<string, unknown>>;
}

/**
 * Whether the refusal is about the request's state (decided, taken, expired: the technician acts
 * on it, nothing is wrong with their rights), rather than who may do it.
 */
export const isStateRefusal = (code: ShopRefusalCode): boolean =>
  code === 'status' || code === 'expired' || code === 'missing';

/** The refusal a database error carries (its hint and detail), or null when it carries none. */
export function shopRefusalOf(hint: unknown, detail: unknown): ShopRefusal | null {
  if (typeof hint !== 'string' || !hint.startsWith('vg:')) return null;
  const code = SHOP_REFUSAL_CODES.find((known) => known === hint.slice(3));
  if (!code) return null;
  let particulars: Record<string, unknown> = {};
  try {
    const parsed: unknown = typeof detail === 'string' ? JSON.parse(detail) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      particulars = parsed as Record<string, unknown>;
  } catch {
    // The code alone still says what happened.
  }
  return { code, particulars };
}

const textOf = (value: unknown, max = 80): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** The refusal in the catalog's words ("This request expired 5 minutes ago; ask again."). */
export function shopRefusalText(refusal: ShopRefusal, now: number, say: Say = english): string {
  const { code, particulars } = refusal;
  switch (code) {
    case 'no_group':
    case 'not_asker':
      return say(`requestRefusal.${code}`, { role: textOf(particulars.role) });
    case 'bad_action':
      return say('requestRefusal.bad_action', { action: textOf(particulars.action, 40) });
    case 'status':
      return say('requestRefusal.status', { status: textOf(particulars.status, 20) || 'other' });
    case 'expired':
      return say('requestRefusal.expired', { ago: agoText(Date.parse(textOf(particulars.at)), now, say) });
    default:
      return say(`requestRefusal.${code}`);
  }
}
