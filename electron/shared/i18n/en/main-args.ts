// What the IPC edge says of an argument it refuses: the schemas' own words (electron/shared/ipc/
// schemas.ts) and, for what zod checks by itself (a type, a length, an unknown key), zod's English
// wording kept word for word, said in main's language (electron/main/ipc/argument-words.ts).
export const mainArgs = {
  'args.nameEmpty': 'Name is empty',
  'args.nameTooLong': 'Name is longer than {max} characters',
  'args.nicknameTooLong': 'Nickname is longer than {max} characters',
  'args.credentialsManualOnly': 'A user name and password are only for a manual proxy',
  'args.paramRequired': '{param} is required',
  'args.paramNotTaken': '{command} takes no {param}',
  'args.inSecondsRequired': 'inSeconds is required (0 = now)',
  'args.versionShape': 'Version must look like 2026.14.3',
  'args.rangeReversed': 'The start of the range is after its end',
  'args.passwordEmpty': 'The password is empty',
  'args.unknownJob': 'Unknown job',
  'args.serviceId': 'An id is the string of digits the service sent',
  'args.tooManyFields': 'Too many fields',
  'args.repairOrderRequired': 'The repair order is required',
  'args.repairOrderTooLong': 'The repair order is longer than {max} characters',
  'args.noteEmpty': 'The note is empty',

  'args.zod.type': 'Invalid input: expected {expected}, received {received}',
  'args.zod.value': 'Invalid input: expected {value}',
  'args.zod.option': 'Invalid option: expected one of {values}',
  'args.zod.tooBigSized':
    'Too big: expected {origin} to have {bound, select, exact {exactly } inclusive {<=} other {<}}{limit} {unit, select, characters {characters} bytes {bytes} entries {entries} other {items}}',
  'args.zod.tooBig':
    'Too big: expected {origin} to be {bound, select, exact {exactly } inclusive {<=} other {<}}{limit}',
  'args.zod.tooSmallSized':
    'Too small: expected {origin} to have {bound, select, exact {exactly } inclusive {>=} other {>}}{limit} {unit, select, characters {characters} bytes {bytes} entries {entries} other {items}}',
  'args.zod.tooSmall':
    'Too small: expected {origin} to be {bound, select, exact {exactly } inclusive {>=} other {>}}{limit}',
  'args.zod.startsWith': 'Invalid string: must start with "{text}"',
  'args.zod.endsWith': 'Invalid string: must end with "{text}"',
  'args.zod.includes': 'Invalid string: must include "{text}"',
  'args.zod.pattern': 'Invalid string: must match pattern {pattern}',
  'args.zod.format':
    'Invalid {format, select, email {email address} url {URL} uuid {UUID} datetime {ISO datetime} date {ISO date} time {ISO time} duration {ISO duration} ipv4 {IPv4 address} ipv6 {IPv6 address} base64 {base64-encoded string} other {{format}}}',
  'args.zod.multipleOf': 'Invalid number: must be a multiple of {divisor}',
  'args.zod.unknownKeys': '{count, plural, one {Unrecognized key} other {Unrecognized keys}}: {keys}',
  'args.zod.invalidKey': 'Invalid key in {origin}',
  'args.zod.discriminator': 'Invalid discriminator value. Expected {options}',
  'args.zod.manyMatched': 'Invalid input: more than one option matched',
  'args.zod.invalidElement': 'Invalid value in {origin}',
};
