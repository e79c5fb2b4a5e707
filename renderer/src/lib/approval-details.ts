// What the approvals list shows of a request beyond its one line, so that a foreman approves what
// will be done and not a summary of it: the cars a plan over several goes to, the telemetry fields
// it writes with their intervals (as asked: the plan the database keeps unchangeable), and when it
// was asked, decided and until when it counts.
import type { ApprovalPlan } from '../../../electron/shared/approval-plan';
import type { ApprovalRequest } from '../../../electron/shared/approval-request';
import { formatDateTime, intervalText } from './format';
import { t } from './i18n.svelte';

/** The cars of a plan over several, as asked; none for a plan on one car, whose line names it. */
export function planCars(plan: ApprovalPlan): readonly string[] {
  return 'vins' in plan ? plan.vins : [];
}

/** "BatteryLevel: every 1 minute", by field name; none when the plan writes no fields of its own. */
export function planFields(plan: ApprovalPlan): string[] {
  const fields =
    plan.kind === 'template_rollout'
      ? plan.template.fields
      : plan.kind === 'telemetry_write' && plan.fields !== 'recommended'
        ? plan.fields
        : {};
  return Object.entries(fields)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([field, { interval_seconds }]) =>
      t('approvalDetails.fieldEvery', { field, interval: intervalText(interval_seconds) }),
    );
}

/**
 * "Asked Nov 29, 2026, 12:24 AM · expires …": when it was asked and decided, and, while it is open,
 * until when a foreman may decide it or its technician may send it (or since when it has expired).
 */
export function requestTimes(request: ApprovalRequest): string {
  const parts = [t('approvalDetails.asked', { when: formatDateTime(request.requestedAt) })];
  if (request.decidedAt)
    parts.push(t('approvalDetails.decided', { when: formatDateTime(request.decidedAt) }));
  const until = formatDateTime(request.expiresAt);
  if (request.status === 'pending' || request.status === 'approved') {
    if (request.expired) parts.push(t('approvalDetails.expired', { when: until }));
    else if (request.status === 'pending') parts.push(t('approvalDetails.expires', { when: until }));
    else parts.push(t('approvalDetails.sendUntil', { when: until }));
  }
  return parts.join(' · ');
}
