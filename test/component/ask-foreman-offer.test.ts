// "Ask a foreman" is offered only for the refusal a foreman's approval lifts: the shop's policy for
// a dangerous action (`policy_refused`). A refusal no approval changes (row-level security on a
// colleague's row, a role with no grants, a claim another holds, a locked desk, a session whose
// sign-in failed, the service's own 403) is shown as a refusal, with no request offered.
import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import ApprovalRequests from '../../renderer/src/components/shell/ApprovalRequests.svelte';
import type { ErrorInfo } from '../../electron/shared/result';
import { approvals, commandRuns } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { ok } from './fixtures';

const VIN = '5YJ3E1EA7KF000123';

/** Unlock pressed and refused by main with `error`; the window's approvals section rendered. */
async function refusedUnlock(error: ErrorInfo) {
  installFakeGarage({
    'runs.startVehicleCommand': () => ({ ok: false, error }),
    'approvals.list': () => ok({ requests: [], mayDecide: false }),
  });
  render(ApprovalRequests);
  await commandRuns.send(VIN, 'unlock', {});
}

describe('the offer to ask a foreman', () => {
  it("is made for the shop policy's refusal, in its words saying who may", async () => {
    await refusedUnlock({
      kind: 'policy_refused',
      message: 'Only a foreman or an admin may unlock in this shop.',
    });
    const form = await screen.findByRole('form', { name: 'Ask a foreman' });
    expect(form.textContent).toContain('Only a foreman or an admin may unlock in this shop.');
    expect(screen.getByRole('button', { name: 'Ask for approval' })).toBeTruthy();
  });

  it.each<[string, ErrorInfo]>([
    [
      "row-level security refusing a colleague's row",
      {
        kind: 'forbidden',
        message: "The shop database's rules do not allow this: new row violates row-level security policy",
      },
    ],
    [
      'a role without grants',
      { kind: 'forbidden', message: 'This database role may not use the shop: permission denied.' },
    ],
    ['a claim another holds', { kind: 'rejected', message: 'Claimed by Ben since 10:00.' }],
    [
      'a locked desk',
      {
        kind: 'forbidden',
        message: 'This desk is locked: type your password to go on, or sign in as someone else.',
      },
    ],
    ['an expired sign-in', { kind: 'unauthorized', message: 'The shop database refused the password.' }],
    [
      "the service's 403",
      { kind: 'forbidden', message: 'This vehicle has not granted access.', status: 403 },
    ],
  ])('is not made for %s', async (_, error) => {
    await refusedUnlock(error);
    // The press was refused and ended: nothing is kept to ask for, and no form shows.
    expect(approvals.refused).toBeNull();
    expect(screen.queryByRole('form', { name: 'Ask a foreman' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask for approval' })).toBeNull();
  });
});
