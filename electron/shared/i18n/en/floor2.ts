// A day on the floor: settings, focus and first-screen words, history, bulk runs and templates,
// where a technician's day found the app unclear.
export const floor2 = {
  'profile.unreachableSwitchTitle': 'Use a profile whose service could not be reached?',
  'profile.unreachableSwitchBody':
    'The last test of <b>{name}</b> did not reach its service, so its token was not tested: {reason}',
  'profile.unreachableSwitchNote':
    'Until the service answers at this address, reads and commands with this profile will fail the same way. Check the address and the network.',
  'profile.addedTokenRefused': 'Added profile {name}, but the service refused its token. Replace it below.',
  'profile.addedTokenUntested':
    'Added profile {name} with its token, but the service could not be reached to test it.',
  'network.reachedLoopback':
    'Reached {host} directly at {at} ({ms} ms): the service runs on this machine (the demo simulator), and this machine is always reached without a proxy.',
  'historyValue.field': '{name} every {seconds, number} s',
  'historyValue.fieldOnly': '{name}',
  'historyValue.recommended': 'the recommended fields',
  'historyValue.afterUnknown': 'not read back: {reason}',
  'historyValue.synced': 'the car reports it in use',
  'historyValue.notSynced': 'the car does not report it in use yet',
  'historyValue.expires': 'configuration expires {date}',
  'historyJob.opened': 'Job {order} opened',
  'historyJob.closed': 'Job {order} closed',
  'historyJob.reopened': 'Job {order} reopened',
  'historyJob.note': 'Note on job {order}',
  'historyJob.outcome': 'Recorded',
  'picker.about': '{model} · {state}',
  'planSkip.alreadySet': 'Already at {value, number} {unit}: not sent.',
  'access.revokedAt': 'revoked',
};
