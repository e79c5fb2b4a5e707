import type { vehicleWords as en } from '../en/vehicle-words';

export const vehicleWords = {
  'reason.not_supported': 'dieses Fahrzeug unterstützt es nicht ({code})',
  'reason.vehicle_unavailable': 'das Fahrzeug war nicht verfügbar ({code})',
  'reason.timeout': 'das Fahrzeug hat nicht rechtzeitig geantwortet ({code})',
  'reason.could_not_wake_buses': 'das Fahrzeug konnte seine Systeme nicht wecken ({code})',
  'drivers.unreadableRow': '{who}: {fields}',
  'drivers.idUnreadable': 'ID unlesbar',
  'drivers.driverId': 'Fahrer {id}',
  'drivers.unreadable':
    '{count, plural, one {# vom Dienst aufgeführter Fahrer konnte nicht gelesen werden ({which}) und wird nicht angezeigt} other {# vom Dienst aufgeführte Fahrer konnten nicht gelesen werden ({which}) und werden nicht angezeigt}}: Prüfen Sie die Fahrer des Autos in der App des Besitzers.',
} satisfies Record<keyof typeof en, string>;
