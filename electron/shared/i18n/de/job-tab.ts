import type { jobTab as en } from '../en/job-tab';

export const jobTab = {
  'jobTab.title': 'Werkstattauftrag',
  'jobTab.loading': 'Auftrag wird geladen…',
  'jobTab.shopAway':
    'Die Werkstattdatenbank ist nicht erreichbar. Eine Notiz und was das Fahrzeug nach einer Aktion bestätigt, werden auf diesem Computer gespeichert und an die Werkstatt übertragen, sobald sie wieder erreichbar ist; das Eröffnen, Abschließen und Wiedereröffnen eines Auftrags wartet darauf.',
  'jobTab.note': 'Notiz',
  'jobTab.addNote': 'Notiz hinzufügen',
  'jobTab.close': '{warnings, select, true {Bestätigen und Auftrag abschließen} other {Auftrag abschließen}}',
  'jobTab.changesList': 'Änderungen zwischen Annahme und Übergabe',
  'jobTab.acknowledged': 'Anders als bei der Annahme hinterlassen (bestätigt)',
  'jobTab.reopen': 'Auftrag wieder eröffnen',
  'jobTab.exportPdf': 'Als PDF exportieren…',
  'jobTab.exportJson': 'Als JSON exportieren…',
  'jobTab.none': 'Kein Auftrag für dieses Fahrzeug.',
  'jobTab.verify': 'Protokolldatei prüfen…',
  'jobTab.verifyHint':
    'Die Prüfung stellt fest, ob ein gespeichertes Protokoll noch so ist, wie es exportiert wurde (seine Prüfsumme deckt das ganze Protokoll ab), ob sein Auftrag mit dem hier gespeicherten übereinstimmt und ob seine Aktionen die des Protokolls sind, in derselben Reihenfolge. Bei einem PDF prüft sie das angehängte Protokoll und ob die gedruckten Bytes die beim Export geschriebenen sind; was die Seiten zeigen, liest sie nicht. Eine Prüfsumme ist keine Signatur: Sie kann nicht belegen, wer eine Datei erstellt hat.',
  'jobTab.status': '{status, select, open {Offen} other {Abgeschlossen}}',
  'jobTab.opened': 'Eröffnet',
  'jobTab.closed': 'Abgeschlossen',
  'jobTab.snapshots':
    '{checkOut, select, true {Das Fahrzeug bei Annahme und bei Übergabe} other {Das Fahrzeug bei Annahme}}',
  'jobTab.value': 'Wert',
  'jobTab.asOf': '{value}, Stand {time}',
  'jobTab.keptOffline': '{value} (offline gespeichert)',
  'jobTab.actions': 'Aktionen',
  'jobTab.actionsList': 'Aktionen in diesem Auftrag',
  'jobTab.actionsUnread': 'Die Aktionen des Auftrags konnten nicht aus dem Protokoll gelesen werden.',
  'jobTab.noActions': 'Keine Aktionen an diesem Fahrzeug, seit der Auftrag eröffnet wurde.',
  'jobTab.action': '{action}: {outcome}, {effect}',
  'jobTab.actionNotSent': '{action}: {effect}',
  'jobTab.openTitle': 'Auftrag eröffnen',
  'jobTab.complaint': 'Beanstandung oder Notizen',
  'jobTab.open': 'Auftrag eröffnen',
  'jobTab.warningsLead':
    '<b>Das Fahrzeug ist in einem anderen Zustand als bei der Annahme.</b> Bestätigen Sie jeden Punkt oder machen Sie ihn rückgängig, bevor Sie abschließen.',
  'jobTab.leave': 'So lassen: {warning}',
  'jobTab.undo': 'Rückgängig: {label}',
  'jobTab.closedToast': 'Auftrag {repairOrder} abgeschlossen',
  'jobTab.saved':
    '{count, plural, one {Protokoll (# Protokolleintrag) gespeichert unter {path}} other {Protokoll (# Protokolleinträge) gespeichert unter {path}}}',
  'jobTab.undoAccepted': '{label}: angenommen, vom Fahrzeug nicht bestätigt',
  'jobTab.undoFailed': '{label}: {problem}',
} satisfies Record<keyof typeof en, string>;
