// Was eine Freigabeanfrage tun soll, wie die Anfragenliste und die Mitteilung an den Meister es
// nennen (shared/approval-plan.ts), und was bei der Ausführung herauskam.
export const approvalPlan = {
  'approvalPlan.removeDriver': 'Fahrer {user} entfernen',
  'approvalPlan.invitation': 'Eine Einladung erstellen',
  'approvalPlan.telemetryWrite':
    'Eine Telemetriekonfiguration mit {count, plural, one {# Feld} other {# Feldern}} schreiben',
  'approvalPlan.telemetryRecommended': 'Die empfohlene Telemetriekonfiguration schreiben',
  'approvalPlan.telemetryDelete': 'Die Telemetriekonfiguration löschen',
  'approvalPlan.rollout': 'Vorlage „{name}“ ausrollen',
  'approvalPlan.cars': '{count, plural, one {# Fahrzeug} other {# Fahrzeugen}}',
  'approvalPlan.runDone': '{done} von {count, plural, one {# Fahrzeug} other {# Fahrzeugen}} erledigt',
  'approvalPlan.written': 'Erledigt',
  'approvalPlan.askFailed': 'Die Anfrage konnte nicht gestellt werden: {reason}',
  'approvalPlan.duplicateVins': 'Ein Fahrzeug steht mehr als einmal in der Liste',
  'approvalPlan.otherKind':
    'Diese Anfrage wird nicht auf diesem Weg ausgeführt: bitte ihre eigene Schaltfläche „Jetzt senden“ verwenden.',
  'approvalPlan.approvedAction': 'Mit Freigabe ausgeführt',
  'approvalPlan.approvedAudit':
    '{what}, angefragt wegen „{reason}“, freigegeben von {who}{hasNote, select, yes { („{note}“)} other {}}: {outcome}',
};
