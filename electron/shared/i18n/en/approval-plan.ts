// What a request of the two-person rule asks to do, as the requests' list and the foreman's
// notification name it (shared/approval-plan.ts), and what came of carrying it out.
export const approvalPlan = {
  'approvalPlan.removeDriver': 'Remove driver {user}',
  'approvalPlan.invitation': 'Create an invitation',
  'approvalPlan.telemetryWrite':
    'Write a telemetry configuration of {count, plural, one {# field} other {# fields}}',
  'approvalPlan.telemetryRecommended': 'Write the recommended telemetry configuration',
  'approvalPlan.telemetryDelete': 'Delete the telemetry configuration',
  'approvalPlan.rollout': 'Roll out template “{name}”',
  'approvalPlan.cars': '{count, plural, one {# car} other {# cars}}',
  'approvalPlan.runDone': '{done} of {count, plural, one {# car} other {# cars}} done',
  'approvalPlan.written': 'Done',
  'approvalPlan.askFailed': 'The request could not be asked: {reason}',
  'approvalPlan.duplicateVins': 'A car is listed more than once',
  'approvalPlan.otherKind': 'This request is not carried out this way: use its own Send button.',
  'approvalPlan.approvedAction': 'Carried out with approval',
  'approvalPlan.approvedAudit':
    '{what}, asked because “{reason}”, approved by {who}{hasNote, select, yes { (“{note}”)} other {}}: {outcome}',
};
