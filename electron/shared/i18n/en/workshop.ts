// A vehicle's Workshop tab: the commands used on the lot and the waiting software update
// (renderer/src/components/vehicle/workshop, electron/shared/workshop-commands.ts).
export const workshop = {
  'workshop.findCar': 'Find the car',
  'workshop.doors': 'Doors',
  'workshop.sentry': 'Sentry mode',
  'workshop.charging': 'Charging',
  'workshop.trunks': 'Frunk and trunk',
  'workshop.confirmTitle': '{label}?',
  'workshop.confirmUnlock': 'Unlock the doors? Anyone at the car can then open it.',
  'workshop.confirmFrunk': 'Open the frunk? Make sure nothing is on the hood.',
  'workshop.confirmTrunk': 'Open (or close, if powered) the trunk? Make sure nobody is in its way.',
  'workshop.confirmUpdateNow':
    'Install the waiting software update now? The car cannot be driven while it installs.',
  'workshop.confirmUpdateIn':
    'Install the waiting software update in {minutes, plural, one {# minute} other {# minutes}}? The car cannot be driven while it installs.',
  'workshop.update': 'Software update',
  'workshop.noUpdateReported': 'The vehicle has not reported a software update (refresh the status to ask).',
  'workshop.noUpdateWaiting': 'No update is waiting.',
  'workshop.updateVersion': 'Update {version}:',
  'workshop.installed': '· {percent, number} % installed',
  'workshop.downloaded': '· {percent, number} % downloaded',
  'workshop.installNow': 'Install update now',
  'workshop.in': 'In',
  'workshop.minutes': 'minutes',
  'workshop.minutesFromNow': 'Minutes from now',
  'workshop.schedule': 'Schedule update',
  'workshop.updateInstalling': 'The update is installing now.',
  'workshop.noneScheduled': 'No update is scheduled.',
  'workshop.notReady': 'The update is not ready to install yet (it is still downloading).',
  'workshop.commandsAre': 'Commands are',
};
