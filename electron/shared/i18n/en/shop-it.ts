// What main says about the parts of the shop's connection a shop's IT sets up: the client
// certificate and its key, the shop connection file, and a connection pooler in front of the database.
export const shopIt = {
  'shopIt.clientPairNeeded':
    'A client certificate needs its key, and a key its certificate: choose both, or neither.',
  'shopIt.clientNeedsTls':
    'A client certificate is used only over TLS: choose an sslmode other than disable.',
  'shopIt.clientFileRefused':
    'The client {which, select, cert {certificate} other {key}} file is refused: {reason}.',
  'shopIt.clientFileTooLarge': 'it is larger than {size} KiB',
  'shopIt.clientFileNoPem':
    'The client {which, select, cert {certificate file holds no PEM certificate (-----BEGIN CERTIFICATE-----)} other {key file holds no PEM private key (-----BEGIN PRIVATE KEY-----)}}.',
  'shopIt.keyPassphraseMissing':
    "The client key is encrypted and no passphrase for it is stored: enter the key's passphrase in the shop settings.",
  'shopIt.keyPassphraseWrong':
    "The stored passphrase does not open the client key: enter the key's passphrase again in the shop settings.",
  'shopIt.clientPairMismatch':
    'The client key is not the key of the client certificate: choose the key that belongs to it.',
  'shopIt.passphraseLength': 'The passphrase must be 1 to {max} characters.',
  'shopIt.transactionPooler':
    "{target} is reached through a connection pooler that shares server sessions between clients (PgBouncer with pool_mode = transaction or statement, or a managed service's pooler port): colleagues' changes would stop showing live, since they arrive on a session the app keeps. Connect the app to the database server itself (usually port 5432), or to a pool in session mode (pool_mode = session).",
  'shopIt.fileRefused': 'The shop connection file is refused: {reason}',
  'shopIt.fileNotJson': "it is not JSON. Ask the shop's IT for the file the app exported.",
  'shopIt.fileNotOurs': 'it is not a Vehicle Garage shop connection file.',
  'shopIt.fileNewer':
    'it was made by a newer Vehicle Garage (file version {version}). Update the app on this machine.',
  'shopIt.fileSecret':
    'it carries "{field}", and a connection file never does: each person signs in with their own role and password. Ask for a file without it, and have it changed where it was shared.',
  'shopIt.fileUnknownField': 'it has a field this app does not know ("{field}").',
  'shopIt.fileField': 'its "{field}" is missing or not valid.',
  'shopIt.fileSslmode': 'its "sslmode" must be one of {modes}.',
  'shopIt.fileTitle': 'Choose the shop connection file',
  'shopIt.fileFilter': 'Shop connection files',
  'shopIt.noChoosing': 'This app cannot show a file dialog here.',
  'shopIt.clientCertTitle': 'Choose the client certificate for the shop database',
  'shopIt.clientKeyTitle': "Choose the client certificate's private key",
  'shopIt.certificates': 'Certificates',
  'shopIt.privateKeys': 'Private keys',
};
