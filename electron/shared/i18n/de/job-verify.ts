import type { jobVerify as en } from '../en/job-verify';

export const jobVerify = {
  'jobVerify.notVerified': 'Nicht verifiziert: {why}',
  'jobVerify.duplicateKey':
    'Die Datei nennt „{key}“ zweimal in einem Objekt; ein Auftragsprotokoll tut das nie, und Leseprogramme werten verschieden, welcher Wert gilt.',
  'jobVerify.tooDeep':
    'Die Datei verschachtelt Werte tiefer als {depth, number} Ebenen; kein Auftragsprotokoll tut das.',
  'jobVerify.notJson': 'Die Datei ist kein Auftragsprotokoll (kein JSON).',
  'jobVerify.unknownVersion': 'Die Datei ist kein Auftragsprotokoll einer Version, die diese App kennt.',
  'jobVerify.digest': 'Die Prüfsumme der Datei passt nicht zu ihrem Inhalt; die Datei wurde verändert.',
  'jobVerify.digestEntries':
    'Die Prüfsumme der Datei passt nicht zu den Einträgen, die sie aufführt; die Datei wurde verändert.',
  'jobVerify.changes': 'Die Liste der Änderungen in der Datei folgt nicht aus ihren Messwerten.',
  'jobVerify.warnings': 'Die Warnungen in der Datei folgen nicht aus ihren Messwerten.',
  'jobVerify.jobDiffers':
    'In der Datei weicht Folgendes vom hier gespeicherten Auftrag ab: {part}. Wurde der Auftrag nach dem Export dieser Datei geändert, exportieren Sie ihn erneut.',
  'jobVerify.part':
    '{part, select, id {die ID} vin {die FIN} repairOrder {die Auftragsnummer} complaint {die Beanstandung} technician {der Techniker} shopName {der Werkstattname} checkIn {die Messwerte bei der Annahme} notes {die Notizen} events {die Ereignisse (eröffnet, abgeschlossen, wieder eröffnet)} effect {die Wirkung von Eintrag {entry}} periods {die Zeiten, in denen er offen war} checkOut {die Messwerte bei der Übergabe} other {die bei der Übergabe bestätigten Warnungen}}',
  'jobVerify.shopUnreadable':
    'Das Protokoll der Werkstatt kann gerade nicht gelesen werden ({reason}); prüfen Sie die Datei erneut, sobald es geht.',
  'jobVerify.unknownReason': 'unbekannter Grund',
  'jobVerify.missing': 'Eintrag {id} ({operation}, {time}) fehlt im Protokoll.',
  'jobVerify.differs': 'Eintrag {id} ({operation}, {time}) weicht vom Protokoll ab.',
  'jobVerify.extra':
    'Das Protokoll enthält den Eintrag {id} ({operation}, {time}) zu diesem Auftrag, den die Datei auslässt.',
  'jobVerify.order':
    'Die Datei führt ihre Aktionen in anderer Reihenfolge als das Protokoll (Eintrag {id} steht nicht dort, wo das Protokoll ihn hat).',
  'jobVerify.effect':
    'Die Wirkung, die die Datei für Eintrag {id} zeigt, ist nicht die, die ihr Auftrag erfasst hat.',
  'jobVerify.matched':
    '{count, plural, one {Die Datei stimmt mit # Protokolleintrag überein.} other {Die Datei stimmt mit # Protokolleinträgen überein.}}',
  'jobVerify.verifiedOld':
    'Verifiziert (eine Datei im Schema {schema}, von einer früheren Version der App): {matched} Ihre Prüfsumme deckt nur diese Einträge ab: Auftrag, Notizen, Messwerte, Wirkungen, Änderungen und Warnungen in dieser Datei werden nicht geprüft.',
  'jobVerify.verifiedNoCopy':
    'Verifiziert: {matched} Dieser Computer hat keine Kopie dieses Auftrags; Notizen, Messwerte und Wirkungen werden daher nur über die Prüfsumme der Datei geprüft.',
  'jobVerify.verified': 'Verifiziert: {matched}',
} satisfies Record<keyof typeof en, string>;
