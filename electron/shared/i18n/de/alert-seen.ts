import type { alertSeen as en } from '../en/alert-seen';

export const alertSeen = {
  'alertSeen.active': 'Noch aktiv (gesehen bei der Abfrage dieser App von {time})',
  'alertSeen.ended':
    'Beendet zwischen {lastSeen} und {gone} (Abfragen dieser App: zuletzt gemeldet, dann nicht mehr)',
  'alertSeen.audiences':
    'Empfänger: Der Dienst meldet sie nicht je Warnmeldung; die Telemetrie-Konfiguration dieses Fahrzeugs (Stand {time}) sendet Warnmeldungen an {types}.',
  'alertSeen.noAudiences':
    'Empfänger: Der Dienst meldet sie nicht je Warnmeldung; die Telemetrie-Konfiguration dieses Fahrzeugs (Stand {time}) sendet Warnmeldungen an niemanden.',
  'alertSeen.audienceUnknown': 'Empfänger werden vom Dienst nicht gemeldet.',
  'alertSeen.service': 'Service',
  'alertSeen.customer': 'Kunde',
} satisfies Record<keyof typeof en, string>;
