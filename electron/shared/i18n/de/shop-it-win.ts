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
};
