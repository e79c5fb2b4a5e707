// The window offers "Ask a foreman" for one envelope kind only, `policy_refused`: the shop's policy
// refusing a dangerous action to a role, which a foreman's approval lifts. Every answer of the
// database that no approval changes (a missing grant, a rule of the schema such as row-level
// security or a colleague's job, each coded refusal of the two-person rule itself, a failed
// sign-in) keeps its own kind, so it is never offered as a request.
import { describe, expect, it } from 'vitest';
import { policyRefusal, toShopError } from '../../../electron/main/shop/errors';
import { SHOP_REFUSAL_CODES } from '../../../electron/shared/shop-refusals';

const driverError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message ?? 'refused')), fields);

describe("the shop policy's refusal kind", () => {
  it("is the policy's refusal, in its words saying who may", () => {
    const refused = policyRefusal('Only a foreman or an admin may unlock in this shop.');
    expect(refused.shopKind).toBe('policy');
    expect(refused.info).toEqual({
      kind: 'policy_refused',
      message: 'Only a foreman or an admin may unlock in this shop.',
    });
  });

  it.each([
    ['a missing grant', { code: '42501', message: 'permission denied for table jobs' }, 'forbidden'],
    [
      'row-level security',
      { code: '42501', message: 'new row violates row-level security policy for table "claims"' },
      'forbidden',
    ],
    [
      "a colleague's job (a rule of the schema)",
      {
        code: '42501',
        routine: 'exec_stmt_raise',
        message: 'Only ben (who opened it), a foreman or an admin may change the job of repair order RO-1.',
      },
      'forbidden',
    ],
    ['a failed sign-in', { code: '28P01', message: 'password authentication failed' }, 'unauthorized'],
  ])('is not %s', (_, raw, kind) => {
    expect(toShopError(driverError(raw)).info.kind).toBe(kind);
  });

  it.each(SHOP_REFUSAL_CODES.map((code) => [code]))('is not the two-person rule refusing %s', (code) => {
    const error = toShopError(
      driverError({ code: '42501', hint: `vg:${code}`, detail: JSON.stringify({ role: 'ana' }) }),
    );
    expect(error.refusal).toBe(code);
    expect(error.info.kind).not.toBe('policy_refused');
  });
});
