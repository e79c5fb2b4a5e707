// What the shared input rules say when a value is refused: a service address, a plate, a tag, a
// language code, drive ids, a manual proxy, a telemetry template, an invitation's link, a release
// note's image URL and a keychain module that did not load; and, beside a command's button, what the
// car showed as of when and a later command that reversed it. Said in main's language by main
// (tm, and the IPC edge through its schemas) and in the window's by the window (t). Lengths that are
// limits stay plain ({max}) so an address limit reads 2048, as the field's hint writes it.
export const rules2 = {
  'baseUrlProblem.empty': 'Enter the service address, e.g. {example}',
  'baseUrlProblem.tooLong': 'The address is longer than {max} characters',
  'baseUrlProblem.spaces': 'The address may not contain spaces or backslashes',
  'baseUrlProblem.scheme': 'The address must start with https://',
  'baseUrlProblem.notUrl': 'The address is not a valid URL',
  'baseUrlProblem.noHost': 'The address has no host name',
  'baseUrlProblem.plainHttp':
    'Use https:// (plain http:// is allowed only for 127.0.0.1, [::1] or localhost)',
  'baseUrlProblem.credentials': 'The address may not contain a user name or password',
  'baseUrlProblem.query': 'The address may not contain a query (?…)',
  'baseUrlProblem.fragment': 'The address may not contain a fragment (#…)',
  'plateProblem.spaceAtEnds': 'Plate may not start or end with a space',
  'plateProblem.empty': 'Plate is empty',
  'plateProblem.tooLong': 'Plate has {length, number} characters; at most {max, number}',
  'plateProblem.dash': 'Plate may not start with a dash',
  'plateProblem.character': 'Plate may not contain “{char}”: use letters A–Z, digits, spaces and dashes',
  'tagProblem.empty': 'Tag is empty',
  'tagProblem.tooLong': 'Tag has {length} characters; at most {max, number}',
  'tagProblem.control': 'Tag may not contain control characters',
  'languageProblem.shape': 'Language must be a code such as en, de, fr or en-GB',
  'timezoneProblem.shape': 'Time zone must be an IANA name such as Europe/Berlin or UTC',
  'driveRangeProblem.order': 'from must not be after to',
  'drivesProblem.none': 'Enter at least one drive id',
  'drivesProblem.empty': 'Drive id {position, number} is empty (check the commas)',
  'drivesProblem.notNumber': 'Drive id "{id}" is not a number',
  'drivesProblem.twice': 'Drive id {id} is listed twice',
  'drivesProblem.tooMany': 'At most {max} drives at once',
  'proxyProblem.empty': 'Enter the proxy’s address, for example http://proxy.example:3128',
  'proxyProblem.notAddress': '“{text}” is not a proxy address; write it as http://host:port',
  'proxyProblem.scheme': 'The proxy must be an http:// or https:// address, not {scheme}//',
  'proxyProblem.noHost': 'The proxy address has no host name',
  'proxyProblem.credentials':
    'Put the proxy’s user name and password in their own fields, not in the address',
  'proxyProblem.path': 'The proxy address is only a scheme, a host and a port, with no path',
  'proxyProblem.usernameEmpty': 'Enter the proxy’s user name',
  'proxyProblem.usernameTooLong': 'The user name is longer than {max, number} characters',
  'proxyProblem.usernameColon': 'The proxy’s user name cannot contain a colon',
  'templateProblem.notObject': 'A template must be an object with a name, fields and notes',
  'templateProblem.nameText': 'name must be text',
  'templateProblem.nameLength': 'name must be 1 to {max, number} characters',
  'templateProblem.notesText': 'notes must be text',
  'templateProblem.notesLength': 'notes must be at most {max} characters',
  'templateProblem.fieldsShape': 'fields must map field names to \'{"interval_seconds": n}\'',
  'templateProblem.noFields':
    'A template needs at least one field (to stop telemetry, delete the configuration)',
  'shareLinkProblem.notWeb': 'it is not a web address',
  'shareLinkProblem.scheme': 'it is a {scheme} address, not https',
  'shareLinkProblem.credentials': 'it carries a user name or password',
  'shareLinkProblem.host': 'it is not on tesla.com',
  'imageProblem.empty': 'The image URL is empty',
  'imageProblem.tooLong': 'The image URL is longer than {max} characters',
  'imageProblem.notUrl': 'The image URL is not a valid URL',
  'imageProblem.credentials': 'The image URL may not contain credentials',
  'imageProblem.local': 'Images are not fetched from this machine or the local network',
  'imageProblem.https': 'Images are fetched only over https',
  'keychainLoad.missing':
    'The keychain module could not load: {library} is missing. Install it with: sudo apt-get install {pkg}{fedora, select, yes { (Fedora: sudo dnf install libsecret).} other {.}}',
  'keychainLoad.missingUnknown':
    'The keychain module could not load: {library} is missing; install the system package that provides it.',
  'keychainLoad.failed':
    'The keychain module could not load ({cause}). {linux, select, yes {Install libsecret (sudo apt-get install libsecret-1-0) and reinstall the app} other {Reinstall the app}}; developers: npm rebuild keytar.',
  'keychainLoad.unknownCause': 'unknown error',
  'commandShown.asOf': '{detail} (as of {time})',
  'commandShown.superseded': '{command} was sent after it at {time}',
};
