// What main answers when a record file is checked against the log and the job kept here
// (electron/main/jobs/job-verify.ts), in main's language.
export const jobVerify = {
  'jobVerify.notVerified': 'Not verified: {why}',
  'jobVerify.duplicateKey':
    'the file names "{key}" twice in one object; a job record never does, and readers differ on which one counts.',
  'jobVerify.tooDeep': 'the file nests values deeper than {depth, number} levels; no job record does.',
  'jobVerify.notJson': 'the file is not a job record (not JSON).',
  'jobVerify.unknownVersion': 'the file is not a job record of a version this app knows.',
  'jobVerify.digest': "the record's digest does not match the record; the file was changed.",
  'jobVerify.digestEntries': "the record's digest does not match the entries it lists; the file was changed.",
  'jobVerify.changes': "the record's list of changes does not follow from its readings.",
  'jobVerify.warnings': "the record's warnings do not follow from its readings.",
  'jobVerify.jobDiffers':
    '{part} in the record differ from the job kept here. If the job was changed after this record was exported, export it again.',
  'jobVerify.part':
    '{part, select, id {its id} vin {its vin} repairOrder {its repair order} complaint {its complaint} technician {its technician} shopName {its shop name} checkIn {its check-in readings} notes {its notes} events {its events (opened, closed, reopened)} effect {the effect of entry {entry}} periods {the times it was open} checkOut {its check-out readings} other {the warnings confirmed at check-out}}',
  'jobVerify.shopUnreadable':
    "the shop's audit log cannot be read now ({reason}); check the record again once it can.",
  'jobVerify.unknownReason': 'unknown reason',
  'jobVerify.missing': 'entry {id} ({operation}, {time}) is not in the log.',
  'jobVerify.differs': 'entry {id} ({operation}, {time}) differs from the log.',
  'jobVerify.extra': 'the log has entry {id} ({operation}, {time}) for this job that the record leaves out.',
  'jobVerify.order':
    'the record lists its actions in another order than the log (entry {id} is not where the log has it).',
  'jobVerify.effect': 'the effect the record shows for entry {id} is not the one its job recorded.',
  'jobVerify.matched':
    '{count, plural, one {the record matches # audit entry.} other {the record matches # audit entries.}}',
  'jobVerify.verifiedOld':
    'Verified (a record of schema {schema}, from an earlier version of the app): {matched} Its digest covers those entries only: the job, its notes, readings, effects, changes and warnings in this file are not checked.',
  'jobVerify.verifiedNoCopy':
    "Verified: {matched} This machine keeps no copy of this job, so its notes, readings and effects are checked by the record's digest only.",
  'jobVerify.verified': 'Verified: {matched}',
};
