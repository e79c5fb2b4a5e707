import type { csvColumns as en } from '../en/csv-columns';

export const csvColumns = {
  'csvColumn.localTime': 'Ortszeit',
  'csvColumn.utcTime': 'UTC-Zeit',
  'csvColumn.profile': 'Profil',
  'csvColumn.vehicle': 'Fahrzeug',
  'csvColumn.vin': 'FIN',
  'csvColumn.plate': 'Kennzeichen',
  'csvColumn.model': 'Modell',
  'csvColumn.action': 'Aktion',
  'csvColumn.values': 'Werte',
  'csvColumn.outcome': 'Ergebnis',
  'csvColumn.effect': 'Bestätigte Wirkung',
  'csvColumn.reason': 'Grund',
  'csvColumn.duration': 'Dauer (ms)',
  'csvColumn.run': 'Lauf',
  'csvColumn.operation': 'Vorgang',
  'csvColumn.profileId': 'Profil-ID',
  'csvColumn.entryId': 'Eintrags-ID',
  'csvColumn.skipped': 'Übersprungen',
  'csvColumn.errorKind': 'Fehler: {kind}',
} satisfies Record<keyof typeof en, string>;
