import type { ruleWords as en } from '../en/rule-words';

export const ruleWords = {
  'auditOutcome.text':
    '{outcome, select, success {Erfolgreich} failed {Nicht ausgeführt (abgelehnt)} notSent {Nicht gesendet} other {Fehlgeschlagen (Fehler)}}',
  'auditEffect.nothing': 'Nichts bestätigt',
  'auditEffect.commandTo': '{label} auf {value} {unit}',
  'auditEffect.accepted': '{what}: vom Dienst angenommen, nicht auf das Fahrzeug gewartet',
  'auditEffect.confirmed': '{what}: ausgeführt, vom Dienst bestätigt',
  'auditEffect.plateCleared': 'Kennzeichen entfernt',
  'auditEffect.plateSet': 'Kennzeichen {plate} gesetzt',
  'auditEffect.plateWasNone': '{done} (vorher keins)',
  'auditEffect.plateWas': '{done}, vorher {before}',
  'auditEffect.drivesTagged':
    '{count, plural, one {# Fahrt als „{tag}“ markiert} other {# Fahrten als „{tag}“ markiert}}',
  'auditEffect.awake': 'Fahrzeug wach',
  'auditEffect.added': 'Zur Garage hinzugefügt',
  'auditEffect.removed': 'Aus der Garage entfernt',
  'auditEffect.named': 'Benannt als „{name}“',
  'auditEffect.nameCleared': 'Name entfernt',
  'auditEffect.done': 'Erledigt',
  'commandBusy.text': '„{label}“ läuft an diesem Fahrzeug noch; warten Sie, bis es fertig ist.',
  'schedule.now': 'Software-Update jetzt installieren',
  'schedule.inMinutes': 'Software-Update in {minutes, number} Min. installieren',
  'schedule.inSeconds': 'Software-Update in {seconds, number} s installieren',
  'vinProblem.empty': 'Die FIN ist leer; sie braucht {length, number} Zeichen',
  'vinProblem.length':
    '{count, plural, one {Die FIN hat # Zeichen; sie braucht {length, number}} other {Die FIN hat # Zeichen; sie braucht {length, number}}}',
  'vinProblem.ioq': 'Eine FIN darf kein I, O oder Q enthalten („{char}“ an Stelle {position, number})',
  'vinProblem.capitals':
    'Eine FIN muss in Großbuchstaben geschrieben sein („{char}“ an Stelle {position, number})',
  'vinProblem.alphabet':
    'Eine FIN darf nur die Buchstaben A–Z (außer I, O, Q) und die Ziffern 0–9 enthalten („{char}“ an Stelle {position, number})',
} satisfies Record<keyof typeof en, string>;
