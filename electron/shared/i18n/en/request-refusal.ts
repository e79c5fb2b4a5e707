// Why the shop database would not ask, decide, take or finish a request of the two-person rule, by
// the code its functions raise (shared/shop-refusals.ts), so the words are the technician's language
// and never the server's English.
export const requestRefusal = {
  'requestRefusal.no_group':
    'The database role {role} is in none of the shop’s groups; ask the shop’s administrator.',
  'requestRefusal.bad_action': 'The shop’s policy knows no action “{action}”.',
  'requestRefusal.bad_minutes': 'A request stands from 1 minute to 24 hours.',
  'requestRefusal.not_decider': 'Only a foreman or an admin may approve or decline a request.',
  'requestRefusal.missing': 'This request is not in this shop’s garage.',
  'requestRefusal.own_request': 'A request is decided by someone other than who asked.',
  'requestRefusal.status':
    '{status, select, pending {This request is still waiting for a foreman.} approved {This request was already approved.} declined {This request was declined; ask again.} sending {This request was already taken for sending; it is sent once.} sent {This request was already sent; it is sent once.} failed {This request was already tried and is not sent again; ask again.} other {This request cannot be acted on now.}}',
  'requestRefusal.expired': 'This request expired {ago}; ask again.',
  'requestRefusal.not_asker': 'Only who asked ({role}) may send this request.',
  'requestRefusal.not_taken': 'Only the app that took this request for sending records its outcome, once.',
  'requestRefusal.bad_plan':
    'The shop database does not take this request: what it asks is not what the action does.',
  'requestRefusal.plan_mismatch':
    'This is not what was approved, so nothing was sent; ask again for what is to be done.',
  'requestRefusal.unchangeable': 'A request is kept as it was asked.',
};
