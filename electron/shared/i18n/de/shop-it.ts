// Deutsch: was main über die Teile der Werkstattverbindung sagt, die die IT einer Werkstatt einrichtet.
export const shopIt = {
  'shopIt.clientPairNeeded':
    'Ein Client-Zertifikat braucht seinen Schlüssel und ein Schlüssel sein Zertifikat: beide wählen oder keines.',
  'shopIt.clientNeedsTls':
    'Ein Client-Zertifikat gilt nur mit TLS: einen anderen sslmode als disable wählen.',
  'shopIt.clientFileRefused':
    'Die Datei {which, select, cert {des Client-Zertifikats} other {des Client-Schlüssels}} wird abgelehnt: {reason}.',
  'shopIt.clientFileTooLarge': 'sie ist größer als {size} KiB',
  'shopIt.clientFileNoPem':
    '{which, select, cert {Die Zertifikatsdatei enthält kein PEM-Zertifikat (-----BEGIN CERTIFICATE-----)} other {Die Schlüsseldatei enthält keinen privaten PEM-Schlüssel (-----BEGIN PRIVATE KEY-----)}}.',
  'shopIt.keyPassphraseMissing':
    'Der Client-Schlüssel ist verschlüsselt, und es ist keine Passphrase dafür gespeichert: die Passphrase des Schlüssels in den Werkstatt-Einstellungen eingeben.',
  'shopIt.keyPassphraseWrong':
    'Die gespeicherte Passphrase öffnet den Client-Schlüssel nicht: die Passphrase des Schlüssels in den Werkstatt-Einstellungen neu eingeben.',
  'shopIt.clientPairMismatch':
    'Der Client-Schlüssel gehört nicht zum Client-Zertifikat: den passenden Schlüssel wählen.',
  'shopIt.passphraseLength': 'Die Passphrase muss 1 bis {max} Zeichen lang sein.',
  'shopIt.noChoosing': 'Diese App kann hier keinen Dateidialog zeigen.',
  'shopIt.clientCertTitle': 'Client-Zertifikat für die Werkstattdatenbank wählen',
  'shopIt.clientKeyTitle': 'Privaten Schlüssel des Client-Zertifikats wählen',
  'shopIt.certificates': 'Zertifikate',
  'shopIt.privateKeys': 'Private Schlüssel',
};
