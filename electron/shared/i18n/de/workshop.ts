import type { workshop as en } from '../en/workshop';

export const workshop = {
  'workshop.findCar': 'Fahrzeug finden',
  'workshop.doors': 'Türen',
  'workshop.sentry': 'Wächtermodus',
  'workshop.charging': 'Laden',
  'workshop.trunks': 'Frunk und Kofferraum',
  'workshop.confirmTitle': '{label}?',
  'workshop.confirmUnlock': 'Türen entriegeln? Dann kann jeder am Fahrzeug es öffnen.',
  'workshop.confirmFrunk': 'Frunk öffnen? Achten Sie darauf, dass nichts auf der Motorhaube liegt.',
  'workshop.confirmTrunk':
    'Kofferraum öffnen (oder schließen, wenn elektrisch)? Achten Sie darauf, dass niemand im Weg ist.',
  'workshop.confirmUpdateNow':
    'Das wartende Software-Update jetzt installieren? Während der Installation kann das Fahrzeug nicht gefahren werden.',
  'workshop.confirmUpdateIn':
    'Das wartende Software-Update in {minutes, plural, one {# Minute} other {# Minuten}} installieren? Während der Installation kann das Fahrzeug nicht gefahren werden.',
  'workshop.update': 'Software-Update',
  'workshop.noUpdateReported':
    'Das Fahrzeug hat kein Software-Update gemeldet (aktualisieren Sie den Zustand, um nachzufragen).',
  'workshop.noUpdateWaiting': 'Es wartet kein Update.',
  'workshop.updateVersion': 'Update {version}:',
  'workshop.installed': '· {percent, number} % installiert',
  'workshop.downloaded': '· {percent, number} % heruntergeladen',
  'workshop.installNow': 'Update jetzt installieren',
  'workshop.in': 'In',
  'workshop.minutes': 'Minuten',
  'workshop.minutesFromNow': 'Minuten ab jetzt',
  'workshop.schedule': 'Update planen',
  'workshop.updateInstalling': 'Das Update wird gerade installiert.',
  'workshop.noneScheduled': 'Es ist kein Update geplant.',
  'workshop.notReady': 'Das Update ist noch nicht installationsbereit (es wird noch heruntergeladen).',
  'workshop.commandsAre': 'Befehle sind',
} satisfies Record<keyof typeof en, string>;
