// A request of the two-person rule as main lists it, pending and asked by Ana, for the component
// tests of the approvals list to change what they are about.
import type { ApprovalRequest } from '../../electron/shared/approval-request';

export function approvalRequest(
  over: Partial<ApprovalRequest> & Pick<ApprovalRequest, 'vin' | 'plan' | 'action'>,
): ApprovalRequest {
  return {
    id: '0b9a1c2e-3f4a-4b5c-8d6e-7f8091a2b3c4',
    command: null,
    reason: 'Customer asked for it',
    technician: 'Ana',
    machine: 'bay 1',
    requestedRole: 'ana',
    requestedAt: '2026-11-28T10:00:00.000Z',
    expiresAt: '2099-11-28T11:00:00.000Z',
    status: 'pending',
    decidedRole: null,
    decidedName: null,
    decidedAt: null,
    note: null,
    outcome: null,
    mine: false,
    expired: false,
    ...over,
  };
}
