// Settings → Shop: the client certificate, its key's passphrase, and the shop connection file.
export const shopItWin = {
  'shopItWin.clientCert': 'Client certificate (if the server asks for one)',
  'shopItWin.chooseClientCert': 'Choose certificate…',
  'shopItWin.clientKey': 'Client key',
  'shopItWin.chooseClientKey': 'Choose key…',
  'shopItWin.noClientCert': 'No client certificate',
  'shopItWin.keyPassphrase': "Client key's passphrase",
  'shopItWin.passphraseStored': 'A passphrase is stored in the system keychain; it is never shown.',
  'shopItWin.noPassphrase': 'No passphrase stored (needed only for an encrypted key).',
  'shopItWin.savePassphrase': 'Save passphrase',
  'shopItWin.clearPassphrase': 'Forget passphrase',
  'shopItWin.passphraseSaved': "The client key's passphrase is stored in the system keychain.",
  'shopItWin.importFile': 'Import connection file…',
  'shopItWin.exportFile': 'Export connection file…',
  'shopItWin.fileRead':
    'Connection settings read from the file{named, select, yes { (garage {garage})} other {}}: add your database user and password, then save.',
  'shopItWin.fileWritten': 'Connection file written to {path}. It holds no user and no password.',
};
