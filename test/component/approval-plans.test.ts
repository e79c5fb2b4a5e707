// The two-person rule in the window for an action other than a command: a driver's removal the
// shop's policy refused is offered to ask a foreman for, as the exact plan (the car and the
// driver); the foreman reads what is asked and approves it; the technician carries it out with
// "Send now", which asks main to perform the approved write, not to start a command; and a bulk
// command over the limit is asked for with the cars its plan sends to.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import ApprovalRequests from '../../renderer/src/components/shell/ApprovalRequests.svelte';
import AccessPanel from '../../renderer/src/components/vehicle/access/AccessPanel.svelte';
import type { ApprovalRequest } from '../../electron/shared/approval-request';
import { approvals, bulkRun } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { liveMeta, ok, vehicle } from './fixtures';
import { approvalRequest } from './approval-request-fixture';

const car = vehicle(1);
const ID = '2300000000000001';
const REFUSAL = 'Only a foreman or an admin may remove drivers in this shop.';

const driver = {
  my_tesla_unique_id: 1,
  user_id: Number(ID),
  user_id_s: ID,
  driver_first_name: 'Ada',
  driver_last_name: 'Lee',
  granular_access: { hide_private: false },
  active_pubkeys: ['k1'],
  public_key: 'k',
};

function removal(over: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return approvalRequest({
    id: '0b9a1c2e-3f4a-4b5c-8d6e-7f8091a2b3c5',
    vin: car.vin,
    action: 'remove_driver',
    plan: { kind: 'remove_driver', userId: ID },
    reason: 'Sold the car',
    ...over,
  });
}

describe('a driver’s removal under the two-person rule', () => {
  it('is refused, asked for as the exact plan, and listed as waiting', async () => {
    const fake = installFakeGarage({
      'vehicles.drivers': () => ({ ok: true, value: { results: [driver] }, ...liveMeta }),
      'vehicles.invitations': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.removeDriver': () => ({ ok: false, error: { kind: 'policy_refused', message: REFUSAL } }),
      'approvals.list': () => ok({ requests: [], mayDecide: false }),
      'approvals.askFor': ([reason]) => ok(removal({ reason, mine: true })),
    });
    approvals.reset();
    render(ApprovalRequests);
    render(AccessPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Remove driver Ada Lee' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove driver?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Ada Lee' }));
    const form = await screen.findByRole('form', { name: 'Ask a foreman' });
    expect(within(form).getByRole('alert').textContent).toBe(REFUSAL);
    await fireEvent.input(within(form).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Sold the car' },
    });
    await fireEvent.click(within(form).getByRole('button', { name: 'Ask for approval' }));
    await screen.findByText('Asked for approval. A foreman sees the request now.');
    expect(fake.calls.find((call) => call.operation === 'approvals.askFor')?.args).toEqual([
      'Sold the car',
      { kind: 'remove_driver', vin: car.vin, userId: ID },
    ]);
    const line = screen.getByRole('listitem', { name: `Ana asks: Remove driver ${ID} on ${car.vin}` });
    expect(within(line).getByText('Waiting for a foreman')).toBeTruthy();
  });

  it('is approved by a foreman and carried out by who asked with Send now', async () => {
    const fake = installFakeGarage({
      'approvals.list': () => ok({ requests: [removal()], mayDecide: true }),
      'approvals.decide': ([id, approve, note]) =>
        ok(removal({ id, status: approve ? 'approved' : 'declined', note, decidedName: 'Fred' })),
    });
    approvals.reset();
    render(ApprovalRequests);
    await approvals.load();
    await screen.findByRole('listitem', { name: `Ana asks: Remove driver ${ID} on ${car.vin}` });
    await fireEvent.input(screen.getByRole('textbox', { name: 'Note' }), {
      target: { value: 'Papers seen' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText(/Approved by Fred/)).toBeTruthy());
    expect(fake.calls.find((call) => call.operation === 'approvals.decide')?.args).toEqual([
      removal().id,
      true,
      'Papers seen',
    ]);

    // On the technician's machine: the approved request is hers to carry out.
    const mine = removal({ mine: true, status: 'approved', decidedName: 'Fred', note: 'Papers seen' });
    const ana = installFakeGarage({
      'approvals.list': () => ok({ requests: [mine], mayDecide: false }),
      'approvals.perform': () => ok({ kind: 'remove_driver' }),
    });
    approvals.reset();
    await approvals.load();
    await fireEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    await screen.findByText('Done');
    expect(ana.calls.find((call) => call.operation === 'approvals.perform')?.args).toEqual([mine.id]);
    expect(ana.calls.some((call) => call.operation === 'runs.startApprovedCommand')).toBe(false);
  });
});

describe('a bulk command over the limit', () => {
  it('is asked for with the cars the run would send to', async () => {
    const cars = [vehicle(1), vehicle(2)];
    const fake = installFakeGarage({
      'runs.startBulkCommand': () => ({
        ok: false,
        error: {
          kind: 'policy_refused',
          message: 'Only a foreman or an admin may run a bulk command over 2 cars in this shop.',
        },
      }),
      'approvals.list': () => ok({ requests: [], mayDecide: false }),
      'approvals.askFor': ([reason]) =>
        ok(
          removal({
            reason,
            vin: '',
            action: 'bulk',
            plan: { kind: 'bulk', command: { name: 'honk', options: {} }, vins: cars.map((c) => c.vin) },
            command: { name: 'honk', options: {} },
            mine: true,
          }),
        ),
    });
    approvals.reset();
    render(ApprovalRequests);
    await bulkRun.start(
      'honk',
      cars.map((one) => ({ vehicle: one, options: {}, problem: null, skipReason: null, warning: null })),
      2,
    );
    const form = await screen.findByRole('form', { name: 'Ask a foreman' });
    await fireEvent.input(within(form).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Find them on the lot' },
    });
    await fireEvent.click(within(form).getByRole('button', { name: 'Ask for approval' }));
    await screen.findByRole('listitem', { name: 'Ana asks: Honk horn on 2 cars' });
    expect(fake.calls.find((call) => call.operation === 'approvals.askFor')?.args).toEqual([
      'Find them on the lot',
      { kind: 'bulk', command: { name: 'honk', options: {} }, vins: cars.map((c) => c.vin) },
    ]);
  });
});
