// The repair order as printed (electron/main/jobs/job-html.ts): its running header and page numbers,
// local time beside UTC, the signature lines, the unknowns' reasons, and a workshop command's
// state before and after it in words (shared/workshop-state-words.ts, for History too).
export const jobPdf = {
  'jobPdf.runningHeader': 'Repair order {repairOrder} · {vin}',
  'jobPdf.page': 'Page {page} of {pages}',
  'jobPdf.localTime': '{time} {zone}',
  'jobPdf.timeBoth': '{local} ({utc})',
  'jobPdf.signatures': 'Signatures',
  'jobPdf.signTechnician': 'Technician: {name}',
  'jobPdf.signCustomer': 'Customer',
  'jobPdf.signDate': 'Date',
  'jobPdf.outcomeUnchanged': 'done, changed nothing',
  'jobPdf.effectUnchanged': 'changed nothing: {label} was already {value}',
  'jobPdf.reasonNotReported': 'not reported by the car',
  'jobPdf.reasonAsleep': 'not reported: the car is asleep and the service kept no state for it',
  'jobPdf.reasonNotRead': 'not read: {why}',
  'jobPdf.reasonReadFailed': 'the read failed unexpectedly',
  'jobPdf.reasonCountOnly':
    'recorded by an earlier version as a count only ({count, plural, one {# invitation} other {# invitations}})',
  'jobPdf.stateChange': '{label} {before} → {after}',
  'jobPdf.stateUnchanged': "the car's state did not change",
  'jobPdf.stateUnknown': "the car's state could not be read ({reason})",
  'jobPdf.stateUnread': 'not read',
  'jobPdf.frontTrunk': 'front trunk',
  'jobPdf.rearTrunk': 'rear trunk',
  'jobPdf.openClosed': '{value, select, true {open} other {closed}}',
  'jobPdf.guestMode': 'guest mode',
  'jobPdf.charging': 'charging',
  'jobPdf.chargingState':
    '{state, select, Charging {charging} Starting {starting} Stopped {stopped} Complete {complete} Disconnected {disconnected} NoPower {no power} other {{state}}}',
  'jobPdf.softwareUpdate': 'software update',
  'jobPdf.updateStatus':
    '{status, select, none {none waiting} available {available} scheduled {scheduled} downloading {downloading} installing {installing} other {{status}}}',
  'jobPdf.inSeconds': 'in {seconds, number} s',
  'jobPdf.listed': '{count, plural, one {# entry} other {# entries}}',
  'jobPdf.listChange': '{label}: {before} → {after}',
  'jobPdf.actionRemoveDriver': 'Remove driver',
  'jobPdf.actionCreateInvitation': 'Invite a driver',
  'jobPdf.actionRevokeInvitation': 'Revoke invitation',
  'jobPdf.actionWriteTelemetry': 'Write telemetry configuration',
  'jobPdf.actionDeleteTelemetry': 'Delete telemetry configuration',
  'jobPdf.fieldTooLong':
    '{what, select, customer {The customer} cause {The cause} other {The correction}} is longer than {max, number} characters.',
  'jobPdf.customer': 'Customer',
  'jobPdf.story': 'Complaint, cause and correction',
  'jobPdf.cause': 'Cause',
  'jobPdf.correction': 'Correction',
  'jobPdf.notSaid': 'not recorded',
  'jobPdf.partCustomer': 'its customer',
  'jobPdf.partCauseCorrection': 'its cause and correction',
  'jobPdf.coverageMachine':
    "Only this machine's actions: the shop database is not reachable ({reason}), so other technicians' actions on this vehicle may be missing.",
  'jobPdf.coverageMore':
    "The shop's audit log holds more than {count, number} entries for this vehicle in the job's time; the first {count, number} are listed.",
  'jobPdf.coverageShop':
    "{waiting, plural, =0 {Every technician's actions on this vehicle that reached the shop's audit log.} other {Every technician's actions on this vehicle that reached the shop's audit log (# of this machine's still waiting to be uploaded).}}",
};
