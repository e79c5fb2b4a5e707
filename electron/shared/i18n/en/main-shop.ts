// What main says to the window about the shop database: why a connection or a sign-in failed, what
// is wrong in the shop settings, the schema, the entries set aside, and claims. A `{named}` select
// tells a database named by its address ("ana@db:5432/garage") from the shop's database in general.
// Text in `{reason}` or `{text}` is PostgreSQL's or the driver's own, quoted as it said it.
export const mainShop = {
  'mainShop.authFailed':
    'The shop database refused the sign-in for {named, select, yes {{target}} other {the shop database}}: check the user and the password.',
  'mainShop.databaseMissing':
    'The database of {named, select, yes {{target}} other {the shop database}} does not exist: check its name.',
  'mainShop.noPrivileges':
    "The database role has no permission for this ({reason}); ask the shop's administrator to run the grants of the shop guide (docs/shop.md).",
  'mainShop.refusedByRule': "The shop database's rules do not allow this: {reason}",
  'mainShop.conflict': 'That already exists in the shop database ({reason}).',
  'mainShop.statementTimeout': 'The shop database did not answer within the statement timeout.',
  'mainShop.connectionLost':
    'Lost the connection to {named, select, yes {{target}} other {the shop database}}; the app will try again.',
  'mainShop.tooManyClients':
    '{named, select, yes {{target}} other {the shop database}} has no free connection (too many clients).',
  'mainShop.certNamesOther':
    'The certificate of {named, select, yes {{target}} other {the shop database}} does not name {hostKnown, select, yes {"{host}"} other {the host name used}}, so sslmode verify-full refuses it: connect by a host name the certificate lists, or ask the shop\'s administrator for a certificate that names this one.',
  'mainShop.certUntrusted':
    "The certificate of {named, select, yes {{target}} other {the shop database}} is not signed by a CA this app trusts ({code}): choose the shop's CA file (the CA that signed the server's certificate) in the shop settings.",
  'mainShop.noSsl':
    '{named, select, yes {{target}} other {the shop database}} does not accept encrypted connections: set sslmode to disable, or enable TLS on the server.',
  'mainShop.tlsFailed':
    'The secure connection to {named, select, yes {{target}} other {the shop database}} failed ({code}): check sslmode and the CA file.',
  'mainShop.unreachable':
    'Cannot reach {named, select, yes {{target}} other {the shop database}} ({code}); check the host, the port and the network.',
  'mainShop.noAnswer': 'no answer',
  'mainShop.serverError': 'The shop database reported an error: {text}',
  'mainShop.jobOpenUnknown':
    'The shop database did not answer after the change was sent, so it may or may not have been opened (repair order {repairOrder}). The jobs list shows it once the database is back: check there before opening it again.',
  'mainShop.jobSaveUnknown':
    'The shop database did not answer after the change was sent, so it may or may not have been saved. The job is shown as the shop has it once the database is back: check it there before trying again.',
  'mainShop.cleartextRefused':
    'The server at {target} asked for the password in clear text, which the app sends only over TLS with a verified certificate (sslmode verify-ca or verify-full). Set the server to scram-sha-256 (pg_hba.conf) or connect with a verified certificate.',
  'mainShop.noTableAccess':
    'Signed in as {role}, but this role has no access to the shop\'s tables. Ask the shop\'s administrator to grant it (the shop guide, docs/shop.md: "{database}_technicians").',
  'mainShop.noAuditGrant':
    "Signed in as {role}, but this role may not add to the shop's audit log. Ask the shop's administrator to grant it (docs/shop.md).",
  'mainShop.schemaNewer':
    'The shop database has schema version {version, number}, newer than this app knows ({known, number}). Update Vehicle Garage on this machine before connecting it to the shop database.',
  'mainShop.schemaCannotCreate':
    "The shop database needs schema version {version, number} and this role cannot create it. Connect once with the database owner's role (the shop guide, docs/shop.md), then with the technician's role.",
  'mainShop.urlInvalid': 'The shop database URL is not a valid URL (postgres://user@host:5432/database).',
  'mainShop.urlScheme': 'The shop database URL must start with postgres:// or postgresql://.',
  'mainShop.urlPassword':
    'Leave the password out of the URL: enter it in the password field (kept in the keychain).',
  'mainShop.sslmodeUnsupported': 'sslmode "{sslmode}" is not supported: use {modes}.',
  'mainShop.sslmodeOneOf': 'sslmode must be one of {modes}.',
  'mainShop.hostMissing': 'Enter the shop database host.',
  'mainShop.nameMissing': 'Enter the shop database name.',
  'mainShop.userMissing': 'Enter the shop database user.',
  'mainShop.portRange': 'The port must be between 1 and 65535.',
  'mainShop.caOnlyVerify': 'A CA file is used only with sslmode verify-ca or verify-full.',
  'mainShop.limitRange':
    '{what, select, connect {The connect timeout} statement {The statement timeout} other {The pool size}} must be between 1 and {max}.',
  'mainShop.caUnreadable': 'The CA file cannot be read ({code}).',
  'mainShop.caTooLarge':
    'The CA file is refused: it is larger than {size} KiB, which no CA certificate file is.',
  'mainShop.caRefused': "The CA file is refused: {reason}. Choose the PEM file with the CA's certificate.",
  'mainShop.caNoPem': 'The CA file is refused: it holds no PEM certificate (-----BEGIN CERTIFICATE-----).',
  'mainShop.caNotChosen':
    'Choose the CA file with "Choose CA file…": the app reads only a CA file picked in its own dialog.',
  'mainShop.noChoosing': 'Choosing files is not available here.',
  'mainShop.technicianMissing': "Enter the technician's name: shop mode records it with every action.",
  'mainShop.setAside':
    'The shop database refused the "{operation}" entry for {vehicle} of {time} for good{count, plural, one {} other { ({count} entries in all; this is the last)}}: {reason} It is kept aside on this computer ({path}); the entries after it were uploaded.',
  'mainShop.noVehicle': 'no vehicle',
  'mainShop.notReachable': 'The shop database is not reachable ({why}).',
  'mainShop.state':
    '{state, select, connecting {connecting} online {online} offline {offline} refused {refused} other {closed}}',
  'mainShop.stateBecause': '{state}: {message}',
  'mainShop.otherProfile': 'this profile is not the one connected',
  'mainShop.claimHeld': '{name} has claimed this vehicle since {since}.',
  'mainShop.claimHeldNote': '{name} has claimed this vehicle since {since} ({note}).',
  'mainShop.notYourClaim':
    'You hold no claim on this vehicle: {name} does (database role {role}), and only they can release it; take it over instead.',
  'mainShop.noClaim': 'You hold no claim on this vehicle.',
  'mainShop.claimRace': 'The claim was taken by someone else at the same moment.',
  'mainShop.claimCheck':
    '{name} has claimed this vehicle since {since}{away, select, yes { (as last known: the shop database is not reachable)} other {}}. Confirm to send anyway.',
  'mainShop.skipped': 'Skipped: {words}.',
  'mainShop.jobMachineOnly':
    "Only this machine's actions: the shop database is not reachable ({reason}), so other technicians' actions on this vehicle may be missing.",
  'mainShop.jobMoreThan':
    "The shop's audit log holds more than {max, number} entries for this vehicle in the job's time; the first {max, number} are listed.",
  'mainShop.jobEveryone':
    "Every technician's actions on this vehicle that reached the shop's audit log{waiting, plural, =0 {.} other { (# of this machine's still waiting to be uploaded).}}",
};
