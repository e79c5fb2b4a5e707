import type { time as en } from '../en/time';

export const time = {
  'age.unknown': 'Alter unbekannt: in der Zukunft datiert, also ging eine Uhr falsch',
  'age.unknownTime': 'unbekannte Zeit',
  'age.lessThanMinute': 'weniger als eine Minute',
  'data.live': 'Live',
  'data.offlineFrom': 'Offline: gespeicherte Kopie vom {time}',
  'data.offlineFromUnknown': 'Offline: gespeicherte Kopie vom {time}, {unknown}',
  'data.savedAge': 'Gespeicherte Kopie, {age} alt',
  'data.savedUnknown': 'Gespeicherte Kopie, {unknown}',
  'data.readingAge': 'Messwert {age} alt',
  'data.readingUnknown': 'Messwert: {unknown}',
  'data.latestReading': 'Neuester Stand vom Dienst, {reading}',
  'data.offlineReading': 'Offline: gespeicherte Kopie, {reading}',
  'data.savedReading': 'Gespeicherte Kopie, {reading}',
  // A colleague's app read it from the service and shared it through the shop.
  'data.readBy': 'Gelesen von {who} {ago}',
  'data.readByReading': 'Gelesen von {who}, {reading}',
  'expiry.expiredToday': 'heute abgelaufen',
  'expiry.expired': '{when} abgelaufen',
  'expiry.today': 'läuft heute ab',
  'expiry.expires': 'läuft {when} ab',
  'value.unknown': 'Unbekannt',
} satisfies Record<keyof typeof en, string>;
