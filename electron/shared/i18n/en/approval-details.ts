// What a request of the two-person rule holds beyond its one line, as the approvals list shows it:
// the cars a plan goes to, the telemetry fields it writes with their intervals, and when it was asked
// and until when it counts (renderer/src/lib/approval-details.ts).
export const approvalDetails = {
  'approvalDetails.cars': '{count, plural, one {The car} other {The # cars}}',
  'approvalDetails.fields': '{count, plural, one {The field as asked} other {The # fields as asked}}',
  'approvalDetails.fieldEvery': '{field}: every {interval}',
  'approvalDetails.asked': 'Asked {when}',
  'approvalDetails.expires': 'expires {when}',
  'approvalDetails.sendUntil': 'can be sent until {when}',
  'approvalDetails.expired': 'expired {when}',
  'approvalDetails.decided': 'decided {when}',
};
