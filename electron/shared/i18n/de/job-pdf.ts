import type { jobPdf as en } from '../en/job-pdf';

export const jobPdf = {
  'jobPdf.runningHeader': 'Auftrag {repairOrder} · {vin}',
  'jobPdf.page': 'Seite {page} von {pages}',
  'jobPdf.localTime': '{time} {zone}',
  'jobPdf.timeBoth': '{local} ({utc})',
  'jobPdf.signatures': 'Unterschriften',
  'jobPdf.signTechnician': 'Techniker: {name}',
  'jobPdf.signCustomer': 'Kunde',
  'jobPdf.signDate': 'Datum',
  'jobPdf.outcomeUnchanged': 'ausgeführt, nichts geändert',
  'jobPdf.effectUnchanged': 'nichts geändert: {label} war bereits {value}',
  'jobPdf.reasonNotReported': 'vom Fahrzeug nicht gemeldet',
  'jobPdf.reasonAsleep':
    'nicht gemeldet: das Fahrzeug schläft und der Dienst hat keinen Zustand dafür gespeichert',
  'jobPdf.reasonNotRead': 'nicht gelesen: {why}',
  'jobPdf.reasonReadFailed': 'das Lesen ist unerwartet fehlgeschlagen',
  'jobPdf.reasonCountOnly':
    'von einer früheren Version nur als Anzahl erfasst ({count, plural, one {# Einladung} other {# Einladungen}})',
  'jobPdf.stateChange': '{label} {before} → {after}',
  'jobPdf.stateUnchanged': 'der Zustand des Fahrzeugs hat sich nicht geändert',
  'jobPdf.stateUnknown': 'der Zustand des Fahrzeugs konnte nicht gelesen werden ({reason})',
  'jobPdf.stateUnread': 'nicht gelesen',
  'jobPdf.frontTrunk': 'Frunk',
  'jobPdf.rearTrunk': 'Kofferraum',
  'jobPdf.openClosed': '{value, select, true {offen} other {geschlossen}}',
  'jobPdf.guestMode': 'Gastmodus',
  'jobPdf.charging': 'Laden',
  'jobPdf.chargingState':
    '{state, select, Charging {lädt} Starting {startet} Stopped {gestoppt} Complete {abgeschlossen} Disconnected {nicht angeschlossen} NoPower {kein Strom} other {{state}}}',
  'jobPdf.softwareUpdate': 'Software-Update',
  'jobPdf.updateStatus':
    '{status, select, none {keines wartend} available {verfügbar} scheduled {geplant} downloading {wird geladen} installing {wird installiert} other {{status}}}',
  'jobPdf.inSeconds': 'in {seconds, number} s',
  'jobPdf.listed': '{count, plural, one {# Eintrag} other {# Einträge}}',
  'jobPdf.listChange': '{label}: {before} → {after}',
  'jobPdf.actionRemoveDriver': 'Fahrer entfernen',
  'jobPdf.actionCreateInvitation': 'Fahrer einladen',
  'jobPdf.actionRevokeInvitation': 'Einladung widerrufen',
  'jobPdf.actionWriteTelemetry': 'Telemetrie-Konfiguration schreiben',
  'jobPdf.actionDeleteTelemetry': 'Telemetrie-Konfiguration löschen',
  'jobPdf.fieldTooLong':
    '{what, select, customer {Der Kunde} cause {Die Ursache} other {Die Behebung}} ist länger als {max, number} Zeichen.',
  'jobPdf.customer': 'Kunde',
  'jobPdf.story': 'Beanstandung, Ursache und Behebung',
  'jobPdf.cause': 'Ursache',
  'jobPdf.correction': 'Behebung',
  'jobPdf.notSaid': 'nicht erfasst',
  'jobPdf.partCustomer': 'der Kunde',
  'jobPdf.partCauseCorrection': 'die Ursache und die Behebung',
  'jobPdf.coverageMachine':
    'Nur die Aktionen dieses Rechners: die Werkstattdatenbank ist nicht erreichbar ({reason}), daher können Aktionen anderer Techniker an diesem Fahrzeug fehlen.',
  'jobPdf.coverageMore':
    'Das Protokoll der Werkstatt enthält mehr als {count, number} Einträge zu diesem Fahrzeug in der Zeit des Auftrags; die ersten {count, number} sind aufgeführt.',
  'jobPdf.coverageShop':
    '{waiting, plural, =0 {Alle Aktionen aller Techniker an diesem Fahrzeug, die das Protokoll der Werkstatt erreicht haben.} one {Alle Aktionen aller Techniker an diesem Fahrzeug, die das Protokoll der Werkstatt erreicht haben (# von diesem Rechner wartet noch auf das Hochladen).} other {Alle Aktionen aller Techniker an diesem Fahrzeug, die das Protokoll der Werkstatt erreicht haben (# von diesem Rechner warten noch auf das Hochladen).}}',
} satisfies Record<keyof typeof en, string>;
