// Warum die Werkstattdatenbank eine Freigabeanfrage nicht annimmt, entscheidet, übernimmt oder
// abschließt, nach dem Code ihrer Funktionen (shared/shop-refusals.ts).
export const requestRefusal = {
  'requestRefusal.no_group':
    'Die Datenbankrolle {role} gehört zu keiner Gruppe der Werkstatt; bitte den Administrator der Werkstatt fragen.',
  'requestRefusal.bad_action': 'Die Richtlinie der Werkstatt kennt keine Aktion „{action}“.',
  'requestRefusal.bad_minutes': 'Eine Anfrage gilt zwischen 1 Minute und 24 Stunden.',
  'requestRefusal.not_decider': 'Nur ein Meister oder ein Admin darf eine Anfrage freigeben oder ablehnen.',
  'requestRefusal.missing': 'Diese Anfrage gibt es in der Garage dieser Werkstatt nicht.',
  'requestRefusal.own_request': 'Über eine Anfrage entscheidet jemand anderes als der, der sie gestellt hat.',
  'requestRefusal.status':
    '{status, select, pending {Diese Anfrage wartet noch auf einen Meister.} approved {Diese Anfrage wurde bereits freigegeben.} declined {Diese Anfrage wurde abgelehnt; bitte erneut anfragen.} sending {Diese Anfrage wird bereits gesendet; sie wird nur einmal gesendet.} sent {Diese Anfrage wurde bereits gesendet; sie wird nur einmal gesendet.} failed {Diese Anfrage wurde bereits versucht und wird nicht erneut gesendet; bitte erneut anfragen.} other {Diese Anfrage kann jetzt nicht bearbeitet werden.}}',
  'requestRefusal.expired': 'Diese Anfrage ist {ago} abgelaufen; bitte erneut anfragen.',
  'requestRefusal.not_asker': 'Nur wer gefragt hat ({role}), darf diese Anfrage senden.',
  'requestRefusal.not_taken':
    'Das Ergebnis einer Anfrage hält nur die App fest, die sie zum Senden übernommen hat, und nur einmal.',
  'requestRefusal.bad_plan':
    'Die Werkstattdatenbank nimmt diese Anfrage nicht an: Was sie verlangt, passt nicht zu der Aktion.',
  'requestRefusal.plan_mismatch':
    'Das ist nicht, was freigegeben wurde, daher wurde nichts gesendet; bitte für das, was zu tun ist, erneut anfragen.',
  'requestRefusal.unchangeable': 'Eine Anfrage bleibt so, wie sie gestellt wurde.',
};
