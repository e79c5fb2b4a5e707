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
} satisfies Record<keyof typeof en, string>;
