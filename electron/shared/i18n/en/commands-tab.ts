// A vehicle's Commands tab: the car's switches, the shared options and each command's form
// (renderer/src/components/vehicle/commands, lib/command-effect.ts).
export const commandsTab = {
  'commandsTab.unreachable': 'The service cannot be reached',
  'commandsTab.options': 'Options for every command',
  'commandsTab.fromCar': 'From the car',
  'commandsTab.notReported': 'not reported',
  'commandsTab.notReadYet': 'not read yet',
  'commandsTab.valet': 'Valet mode',
  'commandsTab.lowPower': 'Low power mode',
  'commandsTab.chargePort': 'Charge port',
  'commandsTab.on': 'on',
  'commandsTab.off': 'off',
  'commandsTab.open': 'open',
  'commandsTab.closed': 'closed',
  'commandsTab.noLongerShows': 'The car no longer shows this',
  'commandsTab.valueLabel': '{label} ({unit})',
  'commandsTab.current': 'Current {value} {unit}',
  'commandsTab.currentConverted': 'Current {value} {unit} ({converted})',
  'commandsTab.currentUnknown':
    'Current value unknown (the car does not report it); {value} {unit} suggested',
  'commandsTab.readingCurrent': "Reading the car's current value…",
  'commandsTab.asksConfirm': 'Asks to confirm',
  'commandsTab.undoesAbove': 'Undoes the command above',
  'commandsTab.confirmTitle': '{label}?',
  'commandsTab.changes': 'This changes what the owner of <b>{name}</b> (<code>{vin}</code>) experiences.',
  'commandsTab.changesValue':
    'This changes what the owner of <b>{name}</b> (<code>{vin}</code>) experiences: {param, select, temperature {temperature} amps {charging current} percent {charge limit} mph {speed limit} other {{param}}} {value} {unit}.',
  'commandsTab.toUndo': 'To undo: {label}.',
  'commandsTab.undoSpeed': 'To undo: set the previous speed limit again.',
  'commandsTab.sendQuestion': 'Send the command?',
};
