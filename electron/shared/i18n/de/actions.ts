import type { actions as en } from '../en/actions';

export const actions = {
  'action.setPlate': 'Kennzeichen setzen',
  'action.setDriveTag': 'Fahrten markieren',
  'action.wake': 'Aufwecken',
  'action.addVehicle': 'Fahrzeug zur Garage hinzufügen',
  'action.removeVehicle': 'Fahrzeug aus der Garage entfernen',
  'action.renameVehicle': 'Fahrzeug umbenennen',
  'actionValue.temperature': 'Temperatur {value} {unit}',
  'actionValue.amps': 'Ladestrom {value} {unit}',
  'actionValue.percent': 'Ladelimit {value} {unit}',
  'actionValue.mph': 'Höchstgeschwindigkeit {value} {unit}',
  'actionValue.param': '{name} {value} {unit}',
  'actionValue.wait': 'auf Abschluss warten',
  'actionValue.noWait': 'nicht warten',
  'actionValue.attempts': '{count, plural, one {bis zu # Versuch} other {bis zu # Versuche}}',
  'actionValue.plate': 'Kennzeichen {plate}',
  'actionValue.plateBefore': 'Kennzeichen {plate}; vorher: {before}',
  'actionValue.plateCleared': 'entfernt',
  'actionValue.noPlate': 'kein Kennzeichen',
  'actionValue.drives': 'Fahrten {drives}, Tag {tag}',
  'actionValue.none': 'keins',
} satisfies Record<keyof typeof en, string>;
