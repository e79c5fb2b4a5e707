import type { mainArgs as en } from '../en/main-args';

export const mainArgs = {
  'args.nameEmpty': 'Der Name ist leer',
  'args.nameTooLong': 'Der Name ist länger als {max} Zeichen',
  'args.nicknameTooLong': 'Der Spitzname ist länger als {max} Zeichen',
  'args.credentialsManualOnly': 'Benutzername und Passwort gelten nur für einen manuell eingestellten Proxy',
  'args.paramRequired': '{param} ist erforderlich',
  'args.paramNotTaken': '{command} nimmt kein {param} an',
  'args.inSecondsRequired': 'inSeconds ist erforderlich (0 = sofort)',
  'args.versionShape': 'Die Version muss wie 2026.14.3 aussehen',
  'args.rangeReversed': 'Der Beginn des Zeitraums liegt nach seinem Ende',
  'args.passwordEmpty': 'Das Passwort ist leer',
  'args.unknownJob': 'Unbekannter Auftrag',
  'args.serviceId': 'Eine ID ist die Ziffernfolge, die der Dienst gesendet hat',
  'args.tooManyFields': 'Zu viele Felder',
  'args.repairOrderRequired': 'Die Auftragsnummer ist erforderlich',
  'args.repairOrderTooLong': 'Die Auftragsnummer ist länger als {max} Zeichen',
  'args.noteEmpty': 'Die Notiz ist leer',

  'args.zod.type':
    'Ungültige Eingabe: erwartet {expected, select, string {Text} number {Zahl} int {ganze Zahl} boolean {Wahrheitswert} object {Objekt} array {Liste} tuple {Liste} other {{expected}}}, erhalten {received, select, string {Text} number {Zahl} boolean {Wahrheitswert} object {Objekt} array {Liste} undefined {nichts} other {{received}}}',
  'args.zod.value': 'Ungültige Eingabe: erwartet {value}',
  'args.zod.option': 'Ungültige Option: erwartet wird eine von {values}',
  'args.zod.tooBigSized':
    'Zu groß: erwartet {origin, select, string {Text} array {Liste} set {Menge} map {Zuordnung} file {Datei} other {{origin}}} mit {bound, select, exact {genau } inclusive {höchstens } other {weniger als }}{limit} {unit, select, characters {Zeichen} bytes {Byte} entries {Einträgen} other {Elementen}}',
  'args.zod.tooBig':
    'Zu groß: erwartet {origin, select, number {Zahl} bigint {Zahl} date {Datum} other {{origin}}} {bound, select, exact {gleich } inclusive {<=} other {<}}{limit}',
  'args.zod.tooSmallSized':
    'Zu klein: erwartet {origin, select, string {Text} array {Liste} set {Menge} map {Zuordnung} file {Datei} other {{origin}}} mit {bound, select, exact {genau } inclusive {mindestens } other {mehr als }}{limit} {unit, select, characters {Zeichen} bytes {Byte} entries {Einträgen} other {Elementen}}',
  'args.zod.tooSmall':
    'Zu klein: erwartet {origin, select, number {Zahl} bigint {Zahl} date {Datum} other {{origin}}} {bound, select, exact {gleich } inclusive {>=} other {>}}{limit}',
  'args.zod.startsWith': 'Ungültiger Text: muss mit „{text}“ beginnen',
  'args.zod.endsWith': 'Ungültiger Text: muss auf „{text}“ enden',
  'args.zod.includes': 'Ungültiger Text: muss „{text}“ enthalten',
  'args.zod.pattern': 'Ungültiger Text: muss dem Muster {pattern} entsprechen',
  'args.zod.format':
    'Ungültige {format, select, email {E-Mail-Adresse} url {URL} uuid {UUID} datetime {ISO-Zeitangabe} date {ISO-Datumsangabe} time {ISO-Uhrzeit} duration {ISO-Dauer} ipv4 {IPv4-Adresse} ipv6 {IPv6-Adresse} base64 {Base64-Zeichenkette} other {Angabe ({format})}}',
  'args.zod.multipleOf': 'Ungültige Zahl: muss ein Vielfaches von {divisor} sein',
  'args.zod.unknownKeys': '{count, plural, one {Unbekannter Schlüssel} other {Unbekannte Schlüssel}}: {keys}',
  'args.zod.invalidKey':
    'Ungültiger Schlüssel in {origin, select, record {Datensatz} map {Zuordnung} other {{origin}}}',
  'args.zod.discriminator': 'Ungültiger Unterscheidungswert. Erwartet: {options}',
  'args.zod.manyMatched': 'Ungültige Eingabe: Mehr als eine Option passt',
  'args.zod.invalidElement':
    'Ungültiger Wert in {origin, select, map {Zuordnung} set {Menge} other {{origin}}}',
} satisfies Record<keyof typeof en, string>;
