// What a technician did to a car, as the audit log, the job's record and its PDF name it: the
// garage's own actions and the values sent with them (electron/shared/audit-words.ts); a command is
// named by its button's name (`command.*`, command-words.ts).
export const actions = {
  'action.setPlate': 'Set plate',
  'action.setDriveTag': 'Tag drives',
  'action.wake': 'Wake up',
  'action.addVehicle': 'Add vehicle to the garage',
  'action.removeVehicle': 'Remove vehicle from the garage',
  'action.renameVehicle': 'Rename vehicle',
  'actionValue.temperature': 'temperature {value} {unit}',
  'actionValue.amps': 'charging current {value} {unit}',
  'actionValue.percent': 'charge limit {value} {unit}',
  'actionValue.mph': 'speed limit {value} {unit}',
  'actionValue.param': '{name} {value} {unit}',
  'actionValue.wait': 'wait for completion',
  'actionValue.noWait': 'do not wait',
  'actionValue.attempts': '{count, plural, one {up to # attempt} other {up to # attempts}}',
  'actionValue.plate': 'plate {plate}',
  'actionValue.plateBefore': 'plate {plate}; before: {before}',
  'actionValue.plateCleared': 'cleared',
  'actionValue.noPlate': 'no plate',
  'actionValue.drives': 'drives {drives}, tag {tag}',
  'actionValue.none': 'none',
};
