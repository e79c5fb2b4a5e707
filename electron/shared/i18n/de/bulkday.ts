import type { bulkday as en } from '../en/bulkday';

export const bulkday = {
  'bulkAgain.confirmDone':
    '{done, plural, one {# davon war} other {# davon waren}} im letzten Lauf mit diesem Befehl und Wert bereits erfolgreich und {done, plural, one {erhält} other {erhalten}} ihn erneut.',
  'templateWords.every': 'Intervall {interval}',
  'rolloutResult.written': 'Geschrieben; ausstehend, bis das Fahrzeug sie übernimmt.',
  'rolloutResult.writtenWhat': 'Geschrieben ({what}); ausstehend, bis das Fahrzeug sie übernimmt.',
  'rolloutResult.writtenOwn':
    'Geschrieben, und bei diesem Fahrzeug außerdem: {what}; ausstehend, bis das Fahrzeug sie übernimmt.',
  'rolloutResult.signedAnew': 'Neu signiert; ausstehend, bis das Fahrzeug sie übernimmt.',
  'rolloutResult.common':
    '{count, plural, one {Geändert beim # geschriebenen Fahrzeug} other {Geändert bei jedem der # geschriebenen Fahrzeuge}}',
  'applyOne.button': 'Auf dieses Fahrzeug anwenden',
  'applyOne.title': '{template} auf {name} anwenden?',
  'applyOne.differences': 'Was sich bei {name} ändert',
  'applyOne.body':
    'Direkt vor dem Schreiben wird die Konfiguration des Fahrzeugs erneut gelesen: Sie wird nur geschrieben, wenn sie noch abweicht, und das Fahrzeug übernimmt sie, sobald es sich wieder verbindet.',
  'applyOne.confirm': 'Vorlage anwenden',
  'applyOne.applying': '{template} wird auf dieses Fahrzeug angewendet…',
  'applyOne.done': '{template}: {result}',
  'applyOne.failed': '{template} nicht angewendet: {why}',
  'rolloutOffline.badge': 'Offline',
  'rolloutOffline.known':
    'Offline (gemeldet {ago}): Der Dienst hält die Vorlage dafür bereit, und das Fahrzeug übernimmt sie, sobald es sich wieder verbindet.',
  'rolloutOffline.justNow':
    'Offline (gemeldet vor weniger als einer Minute): Der Dienst hält die Vorlage dafür bereit, und das Fahrzeug übernimmt sie, sobald es sich wieder verbindet.',
  'rolloutOffline.unknown':
    'Offline (gemeldet zu unbekannter Zeit): Der Dienst hält die Vorlage dafür bereit, und das Fahrzeug übernimmt sie, sobald es sich wieder verbindet.',
} satisfies Record<keyof typeof en, string>;
