import type { commandsTab as en } from '../en/commands-tab';

export const commandsTab = {
  'commandsTab.unreachable': 'Der Dienst ist nicht erreichbar',
  'commandsTab.options': 'Optionen für jeden Befehl',
  'commandsTab.fromCar': 'Vom Fahrzeug',
  'commandsTab.notReported': 'nicht gemeldet',
  'commandsTab.notReadYet': 'noch nicht gelesen',
  'commandsTab.valet': 'Parkservice-Modus',
  'commandsTab.lowPower': 'Energiesparmodus',
  'commandsTab.chargePort': 'Ladeklappe',
  'commandsTab.on': 'ein',
  'commandsTab.off': 'aus',
  'commandsTab.open': 'offen',
  'commandsTab.closed': 'geschlossen',
  'commandsTab.noLongerShows': 'Das Fahrzeug zeigt dies nicht mehr',
  'commandsTab.valueLabel': '{label} ({unit})',
  'commandsTab.current': 'Aktuell {value} {unit}',
  'commandsTab.currentConverted': 'Aktuell {value} {unit} ({converted})',
  'commandsTab.currentUnknown':
    'Aktueller Wert unbekannt (das Fahrzeug meldet ihn nicht); {value} {unit} vorgeschlagen',
  'commandsTab.readingCurrent': 'Der aktuelle Wert des Fahrzeugs wird gelesen…',
  'commandsTab.asksConfirm': 'Fragt nach Bestätigung',
  'commandsTab.undoesAbove': 'Macht den Befehl darüber rückgängig',
  'commandsTab.confirmTitle': '{label}?',
  'commandsTab.changes': 'Dies ändert, was der Halter von <b>{name}</b> (<code>{vin}</code>) erlebt.',
  'commandsTab.changesValue':
    'Dies ändert, was der Halter von <b>{name}</b> (<code>{vin}</code>) erlebt: {param, select, temperature {Temperatur} amps {Ladestrom} percent {Ladelimit} mph {Geschwindigkeitsbegrenzung} other {{param}}} {value} {unit}.',
  'commandsTab.toUndo': 'Rückgängig machen: {label}.',
  'commandsTab.undoSpeed': 'Rückgängig machen: die vorherige Geschwindigkeitsbegrenzung wieder einstellen.',
  'commandsTab.sendQuestion': 'Den Befehl senden?',
} satisfies Record<keyof typeof en, string>;
