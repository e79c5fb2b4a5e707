// What the shared rules say (electron/shared): an audit entry's outcome and confirmed effect, a
// command still running on the car, the software update's time, and what is wrong with a VIN. Said
// in main's language by main (tm) and in the window's by the window (t); English when no caller
// has a translator.
export const ruleWords = {
  'auditOutcome.text':
    '{outcome, select, success {Succeeded} failed {Not done (refused)} notSent {Not sent} other {Failed (error)}}',
  'auditEffect.nothing': 'Nothing confirmed',
  'auditEffect.commandTo': '{label} to {value} {unit}',
  'auditEffect.accepted': '{what}: accepted by the service, not waited for the vehicle',
  'auditEffect.confirmed': '{what}: done, the service confirmed',
  'auditEffect.plateCleared': 'Plate cleared',
  'auditEffect.plateSet': 'Plate set to {plate}',
  'auditEffect.plateWasNone': '{done} (there was none)',
  'auditEffect.plateWas': '{done}, was {before}',
  'auditEffect.drivesTagged': '{count, plural, one {# drive tagged “{tag}”} other {# drives tagged “{tag}”}}',
  'auditEffect.awake': 'Vehicle awake',
  'auditEffect.added': 'Added to the garage',
  'auditEffect.removed': 'Removed from the garage',
  'auditEffect.named': 'Named “{name}”',
  'auditEffect.nameCleared': 'Name cleared',
  'auditEffect.done': 'Done',
  'commandBusy.text': '{label} is still running on this vehicle; wait for it to finish.',
  'schedule.now': 'Install software update now',
  'schedule.inMinutes': 'Install software update in {minutes, number} min',
  'schedule.inSeconds': 'Install software update in {seconds, number} s',
  'vinProblem.empty': 'VIN is empty; it needs {length, number} characters',
  'vinProblem.length':
    '{count, plural, one {VIN has # character; it needs {length, number}} other {VIN has # characters; it needs {length, number}}}',
  'vinProblem.ioq': "VIN may not contain I, O or Q (found ''{char}'' at position {position, number})",
  'vinProblem.capitals': "VIN must be in capital letters (found ''{char}'' at position {position, number})",
  'vinProblem.alphabet':
    "VIN may contain only letters A–Z (except I, O, Q) and digits 0–9 (found ''{char}'' at position {position, number})",
};
