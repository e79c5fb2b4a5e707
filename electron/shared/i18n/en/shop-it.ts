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
  'shopIt.noChoosing': 'This app cannot show a file dialog here.',
  'shopIt.clientCertTitle': 'Choose the client certificate for the shop database',
  'shopIt.clientKeyTitle': "Choose the client certificate's private key",
  'shopIt.certificates': 'Certificates',
  'shopIt.privateKeys': 'Private keys',
};
