// Bulk actions after a run: sending again to cars that already succeeded only when the technician
// says so; a template's differences said once and per car only what is its own; an offline car in
// the template plan; applying a saved template to one car from its Telemetry tab.
export const bulkday = {
  'bulkAgain.confirmDone':
    '{done, number} of them already succeeded in the last run with this command and value, and {done, plural, one {gets} other {get}} it again.',
  'templateWords.every': 'every {interval}',
  'rolloutResult.written': 'Written; pending until the car adopts it.',
  'rolloutResult.writtenWhat': 'Written ({what}); pending until the car adopts it.',
  'rolloutResult.writtenOwn': 'Written, and on this car also: {what}; pending until the car adopts it.',
  'rolloutResult.signedAnew': 'Signed anew; pending until the car adopts it.',
  'rolloutResult.common':
    'Changed on {count, plural, one {the # car written} other {each of the # cars written}}',
  'applyOne.button': 'Apply to this car',
  'applyOne.title': 'Apply {template} to {name}?',
  'applyOne.differences': 'What changes on {name}',
  'applyOne.body':
    "Just before writing, the car's configuration is read again: it is written only if it still differs, and the car adopts it when it next connects.",
  'applyOne.confirm': 'Apply template',
  'applyOne.applying': 'Applying {template} to this car…',
  'applyOne.done': '{template}: {result}',
  'applyOne.failed': '{template} not applied: {why}',
  'rolloutOffline.badge': 'Offline',
  'rolloutOffline.known':
    'Offline (reported {ago}): the service keeps the template for it, and the car adopts it when it next connects.',
  'rolloutOffline.justNow':
    'Offline (reported less than a minute ago): the service keeps the template for it, and the car adopts it when it next connects.',
  'rolloutOffline.unknown':
    'Offline (reported at an unknown time): the service keeps the template for it, and the car adopts it when it next connects.',
};
