// Einstellungen → Werkstatt: das Client-Zertifikat, die Passphrase seines Schlüssels und die Verbindungsdatei.
export const shopItWin = {
  'shopItWin.clientCert': 'Client-Zertifikat (falls der Server eines verlangt)',
  'shopItWin.chooseClientCert': 'Zertifikat wählen…',
  'shopItWin.clientKey': 'Client-Schlüssel',
  'shopItWin.chooseClientKey': 'Schlüssel wählen…',
  'shopItWin.noClientCert': 'Kein Client-Zertifikat',
  'shopItWin.keyPassphrase': 'Passphrase des Client-Schlüssels',
  'shopItWin.passphraseStored':
    'Eine Passphrase ist im Schlüsselbund des Systems gespeichert; sie wird nie angezeigt.',
  'shopItWin.noPassphrase': 'Keine Passphrase gespeichert (nur für einen verschlüsselten Schlüssel nötig).',
  'shopItWin.savePassphrase': 'Passphrase speichern',
  'shopItWin.clearPassphrase': 'Passphrase vergessen',
  'shopItWin.passphraseSaved':
    'Die Passphrase des Client-Schlüssels ist im Schlüsselbund des Systems gespeichert.',
  'shopItWin.importFile': 'Verbindungsdatei importieren…',
  'shopItWin.exportFile': 'Verbindungsdatei exportieren…',
  'shopItWin.fileRead':
    'Verbindungseinstellungen aus der Datei gelesen{named, select, yes { (Werkstatt {garage})} other {}}: den eigenen Datenbankbenutzer und das Passwort ergänzen, dann speichern.',
  'shopItWin.fileWritten':
    'Verbindungsdatei gespeichert unter {path}. Sie enthält keinen Benutzer und kein Passwort.',
};
