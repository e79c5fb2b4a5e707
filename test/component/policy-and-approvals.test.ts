// The shop's policy and its two-person rule in the window: an admin edits who may take each
// dangerous action (a foreman sees no editor); a command the policy refused is offered to ask a
// foreman for, with a reason; a foreman approves another's request with a note; and the technician
// sends the approved request with "Send now".
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import ApprovalRequests from '../../renderer/src/components/shell/ApprovalRequests.svelte';
import PolicySettings from '../../renderer/src/components/settings/PolicySettings.svelte';
import type { ApprovalRequest } from '../../electron/shared/approval-request';
import type { PolicyView } from '../../electron/shared/shop-policy';
import { approvals, commandRuns } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { ok } from './fixtures';
import { approvalRequest } from './approval-request-fixture';

const VIN = '5YJ3E1EA7KF000123';

function request(over: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return approvalRequest({
    vin: VIN,
    action: 'speed_limit',
    plan: { kind: 'command', command: { name: 'set_speed_limit', options: { mph: 50 } } },
    command: { name: 'set_speed_limit', options: { mph: 50 } },
    ...over,
  });
}

describe('the policy editor in Settings → Shop', () => {
  it('lets an admin tick who may unlock and saves the rules', async () => {
    let view: PolicyView = { rules: [], group: 'admin', mayEdit: true };
    const fake = installFakeGarage({
      'policy.get': () => ok(view),
      'policy.save': ([rules]) => {
        view = { ...view, rules: rules.filter((rule) => rule.roles.length > 0 || rule.bulkMax !== null) };
        return ok(view);
      },
    });
    render(PolicySettings);
    const unlockForeman = (await screen.findByRole('checkbox', {
      name: 'Unlock: Foreman',
    })) as HTMLInputElement;
    expect(unlockForeman.checked).toBe(false);
    await fireEvent.click(unlockForeman);
    await fireEvent.input(
      screen.getByRole('spinbutton', { name: 'Cars before a bulk command needs these roles' }),
      {
        target: { value: '10' },
      },
    );
    await fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Policy saved.');
    const saved = fake.calls.find((call) => call.operation === 'policy.save')!.args[0] as PolicyView['rules'];
    expect(saved.find((rule) => rule.action === 'unlock')).toEqual({
      action: 'unlock',
      roles: ['foreman'],
      bulkMax: null,
    });
    expect(saved.find((rule) => rule.action === 'bulk')).toEqual({ action: 'bulk', roles: [], bulkMax: 10 });
    expect(saved.find((rule) => rule.action === 'valet')).toEqual({
      action: 'valet',
      roles: [],
      bulkMax: null,
    });
    expect((screen.getByRole('checkbox', { name: 'Unlock: Foreman' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('shows no editor to a foreman, nor in solo mode', async () => {
    const fake = installFakeGarage({
      'policy.get': () => ok({ rules: [], group: 'foreman', mayEdit: false }),
    });
    render(PolicySettings);
    await waitFor(() => expect(fake.calls.some((call) => call.operation === 'policy.get')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Save policy' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('approvals', () => {
  it('offers a command the policy refused to ask a foreman for, with a reason', async () => {
    const fake = installFakeGarage({
      'runs.startVehicleCommand': () => ({
        ok: false,
        error: {
          kind: 'policy_refused',
          message: 'Only a foreman or an admin may set a speed limit in this shop.',
        },
      }),
      'approvals.list': () => ok({ requests: [], mayDecide: false }),
      'approvals.ask': ([reason, [vin, name, options]]) =>
        ok(
          request({
            reason,
            vin,
            plan: { kind: 'command', command: { name, options: options ?? {} } },
            command: { name, options: options ?? {} },
            mine: true,
          }),
        ),
    });
    render(ApprovalRequests);
    await commandRuns.send(VIN, 'set_speed_limit', { mph: 50 });
    expect(
      await screen.findByText('Only a foreman or an admin may set a speed limit in this shop.'),
    ).toBeTruthy();
    const ask = screen.getByRole('button', { name: 'Ask for approval' }) as HTMLButtonElement;
    expect(ask.disabled).toBe(true);
    await fireEvent.input(screen.getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Customer asked for it' },
    });
    await fireEvent.click(ask);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Asked for approval. A foreman sees the request now.',
    );
    expect(fake.calls.find((call) => call.operation === 'approvals.ask')?.args).toEqual([
      'Customer asked for it',
      [VIN, 'set_speed_limit', { mph: 50 }],
    ]);
    expect(screen.getByText('Waiting for a foreman')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('lets a foreman approve another’s request with a note', async () => {
    const fake = installFakeGarage({
      'approvals.list': () => ok({ requests: [request()], mayDecide: true }),
      'approvals.decide': ([id, approve, note]) =>
        ok(request({ id, status: approve ? 'approved' : 'declined', note, decidedName: 'Fred' })),
    });
    render(ApprovalRequests);
    await approvals.load();
    const line = await screen.findByRole('listitem', {
      name: `Ana asks: Set speed limit to 50 mph on ${VIN}`,
    });
    expect(line.textContent).toContain('Reason: Customer asked for it');
    await fireEvent.input(screen.getByRole('textbox', { name: 'Note' }), {
      target: { value: 'ok, ID checked' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText(/Approved by Fred/)).toBeTruthy());
    expect(fake.calls.find((call) => call.operation === 'approvals.decide')?.args).toEqual([
      request().id,
      true,
      'ok, ID checked',
    ]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it('lets the technician send an approved request of their own', async () => {
    const approved = request({ mine: true, status: 'approved', decidedName: 'Fred', note: 'fine' });
    const fake = installFakeGarage({
      'approvals.list': () => ok({ requests: [approved], mayDecide: false }),
      'runs.startApprovedCommand': () => ({
        ok: false,
        error: { kind: 'forbidden', message: 'This request is sending.' },
      }),
    });
    render(ApprovalRequests);
    await approvals.load();
    expect(await screen.findByText(/Approved by Fred/)).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(fake.calls.filter((call) => call.operation === 'runs.startApprovedCommand')).toHaveLength(1),
    );
    expect(fake.calls.find((call) => call.operation === 'runs.startApprovedCommand')?.args).toEqual([
      approved.id,
    ]);
    // Sent already (a second press on another machine): main's refusal is said.
    expect((await screen.findByRole('alert')).textContent).toContain('This request is sending.');
  });
});
