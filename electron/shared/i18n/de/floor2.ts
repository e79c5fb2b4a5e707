import type { floor2 as en } from '../en/floor2';

export const floor2 = {
  'profile.unreachableSwitchTitle': 'Ein Profil verwenden, dessen Dienst nicht erreichbar war?',
  'profile.unreachableSwitchBody':
    'Der letzte Test von <b>{name}</b> hat den Dienst nicht erreicht, der Token wurde also nicht geprüft: {reason}',
  'profile.unreachableSwitchNote':
    'Solange der Dienst unter dieser Adresse nicht antwortet, schlagen Abfragen und Befehle mit diesem Profil ebenso fehl. Prüfen Sie die Adresse und das Netzwerk.',
  'profile.addedTokenRefused':
    'Profil {name} hinzugefügt, aber der Dienst hat seinen Token abgelehnt. Ersetzen Sie ihn unten.',
  'profile.addedTokenUntested':
    'Profil {name} mit seinem Token hinzugefügt, aber der Dienst war zum Prüfen nicht erreichbar.',
  'network.reachedLoopback':
    '{host} um {at} direkt erreicht ({ms} ms): Der Dienst läuft auf diesem Rechner (der Demo-Simulator), und dieser Rechner wird immer ohne Proxy erreicht.',
  'historyValue.field': '{name} alle {seconds, number} s',
  'historyValue.fieldOnly': '{name}',
  'historyValue.recommended': 'die empfohlenen Felder',
  'historyValue.afterUnknown': 'nicht zurückgelesen: {reason}',
  'historyValue.synced': 'das Fahrzeug meldet sie als aktiv',
  'historyValue.notSynced': 'das Fahrzeug meldet sie noch nicht als aktiv',
  'historyValue.expires': 'Konfiguration läuft am {date} ab',
  'historyJob.opened': 'Auftrag {order} eröffnet',
  'historyJob.closed': 'Auftrag {order} abgeschlossen',
  'historyJob.reopened': 'Auftrag {order} wieder eröffnet',
  'historyJob.note': 'Notiz zu Auftrag {order}',
  'historyJob.outcome': 'Erfasst',
  'picker.about': '{model} · {state}',
  'planSkip.alreadySet': 'Steht bereits auf {value, number} {unit}: nicht gesendet.',
  'access.revokedAt': 'widerrufen am',
} satisfies Record<keyof typeof en, string>;
