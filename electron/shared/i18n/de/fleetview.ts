import type { fleetview as en } from '../en/fleetview';

export const fleetview = {
  'fleetReady.unpaired':
    'Schlüssel nicht gekoppelt: Befehle gehen vorerst unsigniert, funktionieren aber nicht mehr, sobald das Fahrzeug signierte Befehle verlangt. Koppeln Sie den Partnerschlüssel im Fahrzeug.',
  'fleetReady.unpairedBlocks':
    'Schlüssel nicht gekoppelt: Das Fahrzeug verlangt signierte Befehle, daher kann kein Befehl funktionieren. Koppeln Sie den Partnerschlüssel im Fahrzeug.',
  'fleetReady.unknown':
    'Bereitschaft unbekannt: Der Flottenstatus nennt dieses Fahrzeug nicht. Prüfen Sie, ob es zum Konto gehört, und lesen Sie den Flottenstatus erneut.',
  'fleetReady.neverRead':
    'Bereitschaft unbekannt: Der Flottenstatus wurde noch nicht gelesen. Öffnen Sie die Flottenansicht, um ihn zu lesen.',
  'fleetReady.noKeys':
    'Kein Schlüssel im Fahrzeug gekoppelt: Koppeln Sie zuerst einen Telefonschlüssel oder eine Schlüsselkarte im Fahrzeug.',
  'fleetReady.noTelemetry':
    'Keine Flotten-Telemetrie: Verlauf und Live-Daten erreichen den Dienst nicht. Schreiben Sie eine Telemetrie-Konfiguration auf das Fahrzeug.',
  'fleetRuns.historyTitle': 'Verlauf von {vehicles} aktualisieren',
  'fleetRuns.historyAgainTitle': 'Verlauf von {vehicles} erneut aktualisieren',
  'fleetRuns.historyBusy':
    'Der Verlauf dieser Garage wird bereits aktualisiert: Warten Sie, bis dieser Lauf endet.',
  'fleetView.tab': 'Flotte',
  'fleetView.title': 'Flotte',
  'fleetView.intro':
    'Batteriezustand der ganzen Garage, die schwächsten Akkus zuerst, und ob jedes Fahrzeug signierte Befehle annimmt. Keine der beiden Abfragen weckt ein Fahrzeug.',
  'fleetView.refresh': 'Erneut lesen',
  'fleetView.refreshHistory': 'Verlauf aller Fahrzeuge aktualisieren',
  'fleetView.refreshHistoryHint':
    'Liest Batteriezustand, Ladevorgänge, Standzeiten und Warnungen jedes Fahrzeugs erneut, innerhalb der Grenzen des Dienstes, für die Verlaufsansichten und die Offline-Nutzung; kein Fahrzeug wird geweckt.',
  'fleetView.cancelHistory': 'Verlaufsaktualisierung anhalten',
  'fleetView.retryHistory': 'Nicht gelesene Fahrzeuge erneut lesen',
  'fleetView.historyRun': 'Verlaufsaktualisierung',
  'fleetView.healthSource': 'Batteriezustand: alle Fahrzeuge des Kontos',
  'fleetView.statusSource': 'Bereitschaft: der Flottenstatus der Fahrzeuge dieser Garage',
  'fleetView.reading': 'Wird gelesen…',
  'fleetView.notReadyCount':
    '{count, plural, one {# Fahrzeug ist} other {# Fahrzeuge sind}} nicht bereit: Die Zeile nennt den Grund und was zu tun ist.',
  'fleetView.empty': 'Noch keine Fahrzeuge in dieser Garage.',
  'fleetView.caption': 'Batteriezustand und Bereitschaft jedes Fahrzeugs',
  'fleetView.vehicle': 'Fahrzeug',
  'fleetView.model': 'Modell',
  'fleetView.year': 'Modelljahr',
  'fleetView.odometer': 'Kilometerstand',
  'fleetView.health': 'Batteriezustand',
  'fleetView.capacity': 'Kapazität',
  'fleetView.readiness': 'Bereitschaft',
  'fleetView.keyPaired': 'Schlüssel gekoppelt',
  'fleetView.signed': 'Signierte Befehle',
  'fleetView.firmware': 'Firmware',
  'fleetView.telemetry': 'Telemetrie-Version',
  'fleetView.keys': 'Schlüssel',
  'fleetView.yes': 'Ja',
  'fleetView.no': 'Nein',
  'fleetView.required': 'Erforderlich',
  'fleetView.notRequired': 'Nicht erforderlich',
  'fleetView.ready': 'Bereit',
  'fleetView.notReady': 'Nicht bereit',
  'fleetView.check': 'Prüfen',
  'fleetView.jobWarning': 'Vor diesem Auftrag: {why}',
} satisfies Record<keyof typeof en, string>;
