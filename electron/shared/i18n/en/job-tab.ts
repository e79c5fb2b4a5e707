// A vehicle's Job tab (renderer/src/components/vehicle/job): opening, noting, closing and reopening
// a repair-order job, exporting and verifying its record. The record's own words (readings,
// effects, changes, warnings) are the job-record section's, shared with the PDF.
export const jobTab = {
  'jobTab.title': 'Repair-order job',
  'jobTab.loading': 'Loading the job…',
  'jobTab.shopAway':
    'The shop database is not reachable. A note, and what the car confirms after an action, are kept on this computer and go to the shop when it is back; opening, closing and reopening a job wait for it.',
  'jobTab.note': 'Note',
  'jobTab.addNote': 'Add note',
  'jobTab.close': '{warnings, select, true {Confirm and close job} other {Close job}}',
  'jobTab.changesList': 'Changes between check-in and check-out',
  'jobTab.acknowledged': 'Left as it did not come in (confirmed)',
  'jobTab.reopen': 'Reopen job',
  'jobTab.exportPdf': 'Export PDF…',
  'jobTab.exportJson': 'Export JSON…',
  'jobTab.none': 'No job on this vehicle.',
  'jobTab.verify': 'Verify a record file…',
  'jobTab.verifyHint':
    "Verify checks that a saved record is as it was exported (its digest covers the whole record), that its job agrees with the job kept here, and that its actions are the audit log's, in order. For a PDF it checks the record attached to it and that the printed bytes are those it was exported with; it does not read what the pages show. A digest is not a signature: it cannot prove who made a file.",
  'jobTab.status': '{status, select, open {Open} other {Closed}}',
  'jobTab.opened': 'Opened',
  'jobTab.closed': 'Closed',
  'jobTab.snapshots':
    '{checkOut, select, true {The car at check-in and at check-out} other {The car at check-in}}',
  'jobTab.value': 'Value',
  'jobTab.asOf': '{value}, as of {time}',
  'jobTab.keptOffline': '{value} (kept offline)',
  'jobTab.actions': 'Actions',
  'jobTab.actionsList': 'Actions in this job',
  'jobTab.actionsUnread': "Could not read the job's actions from the log.",
  'jobTab.noActions': 'No actions on this vehicle since the job was opened.',
  'jobTab.action': '{action}: {outcome}, {effect}',
  'jobTab.actionNotSent': '{action}: {effect}',
  'jobTab.openTitle': 'Open a job',
  'jobTab.complaint': 'Complaint or notes',
  'jobTab.open': 'Open job',
  'jobTab.warningsLead':
    '<b>The car is left in a state it did not come in with.</b> Confirm or undo each before closing.',
  'jobTab.leave': 'Leave as it is: {warning}',
  'jobTab.undo': 'Undo: {label}',
  'jobTab.closedToast': 'Closed the job for repair order {repairOrder}',
  'jobTab.saved':
    '{count, plural, one {Saved the record (# audit entry) to {path}} other {Saved the record (# audit entries) to {path}}}',
  'jobTab.undoAccepted': '{label}: accepted, not confirmed by the car',
  'jobTab.undoFailed': '{label}: {problem}',
};
