import type { historySearch as en } from '../en/history-search';

export const historySearch = {
  'historySearch.heading': 'Alle Fahrzeuge',
  'historySearch.label': 'Verlauf aller Fahrzeuge durchsuchen',
  'historySearch.hint': 'Aktion, FIN, Fahrzeugname, Techniker oder Ergebnis, neueste zuerst.',
  'historySearch.submit': 'Suchen',
  'historySearch.searching': 'Wird gesucht…',
  'historySearch.clear': 'Suche zurücksetzen',
  'historySearch.caption': 'Einträge aller Fahrzeuge zu „{text}“, neueste zuerst',
  'historySearch.found':
    '{count, plural, =0 {Kein Eintrag eines Fahrzeugs passt zu „{text}“.} one {# Eintrag passt zu „{text}“.} other {# Einträge passen zu „{text}“.}}',
  'historySearch.vehicle': 'Fahrzeug',
  'historySearch.vehicleGone': '{vin} (nicht mehr in der Garage)',
  'historySearch.textEmpty': 'Geben Sie einen Suchbegriff ein.',
  'historySearch.textTooLong': 'Eine Suche hat höchstens {max} Zeichen.',
} satisfies Record<keyof typeof en, string>;
