// A job record's database roles as verification checks them against the shop's log
// (electron/main/jobs/job-verify.ts).
export const recordRoles = {
  'recordRoles.differs':
    'entry {id} ({operation}, {time}) names the role {role}, but the shop’s log says {logged}.',
};
