// Deutsch: was eine Freigabeanfrage über ihre Zeile hinaus enthält.
export const approvalDetails = {
  'approvalDetails.cars': '{count, plural, one {Das Fahrzeug} other {Die # Fahrzeuge}}',
  'approvalDetails.fields': '{count, plural, one {Das angefragte Feld} other {Die # angefragten Felder}}',
  'approvalDetails.fieldEvery': '{field}: alle {interval}',
  'approvalDetails.asked': 'Angefragt {when}',
  'approvalDetails.expires': 'läuft ab {when}',
  'approvalDetails.sendUntil': 'kann bis {when} gesendet werden',
  'approvalDetails.expired': 'abgelaufen {when}',
  'approvalDetails.decided': 'entschieden {when}',
};
