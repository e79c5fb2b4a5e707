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
  'shopIt.transactionPooler':
    '{target} wird über einen Verbindungs-Pooler erreicht, der Server-Sitzungen zwischen Clients teilt (PgBouncer mit pool_mode = transaction oder statement, oder der Pooler-Port eines verwalteten Dienstes): Änderungen der Kollegen würden nicht mehr live erscheinen, weil sie über eine Sitzung kommen, die die App behält. Die App direkt mit dem Datenbankserver verbinden (meist Port 5432) oder mit einem Pool im Sitzungsmodus (pool_mode = session).',
  'shopIt.fileRefused': 'Die Verbindungsdatei der Werkstatt wird abgelehnt: {reason}',
  'shopIt.fileNotJson':
    'sie ist kein JSON. Die IT der Werkstatt um die Datei bitten, die die App exportiert hat.',
  'shopIt.fileNotOurs': 'sie ist keine Werkstatt-Verbindungsdatei von Vehicle Garage.',
  'shopIt.fileNewer':
    'sie stammt von einem neueren Vehicle Garage (Dateiversion {version}). Die App auf diesem Rechner aktualisieren.',
  'shopIt.fileSecret':
    'sie enthält „{field}“, und eine Verbindungsdatei tut das nie: Jede Person meldet sich mit ihrer eigenen Rolle und ihrem Passwort an. Um eine Datei ohne dieses Feld bitten und es dort ändern lassen, wo die Datei weitergegeben wurde.',
  'shopIt.fileUnknownField': 'sie hat ein Feld, das diese App nicht kennt („{field}“).',
  'shopIt.fileField': 'ihr Feld „{field}“ fehlt oder ist ungültig.',
  'shopIt.fileSslmode': 'ihr „sslmode“ muss einer von {modes} sein.',
  'shopIt.fileTitle': 'Verbindungsdatei der Werkstatt wählen',
  'shopIt.fileFilter': 'Verbindungsdateien der Werkstatt',
  'shopIt.noChoosing': 'Diese App kann hier keinen Dateidialog zeigen.',
  'shopIt.clientCertTitle': 'Client-Zertifikat für die Werkstattdatenbank wählen',
  'shopIt.clientKeyTitle': 'Privaten Schlüssel des Client-Zertifikats wählen',
  'shopIt.certificates': 'Zertifikate',
  'shopIt.privateKeys': 'Private Schlüssel',
};
