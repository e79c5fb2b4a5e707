// Why Settings → Network shows the saved proxy setting as not in use: network.json could not be
// used (the system's proxy is used instead), or the keychain kept the proxy's credentials from main.
export const networkFile = {
  'networkFile.ignored': "{file}: {problem}; the system's proxy settings are used",
  'networkFile.unreadable': 'could not be read',
  'networkFile.notJson': 'is not JSON',
  'networkFile.notObject': 'is not an object',
  'networkFile.badMode': '"mode" must be one of {modes}',
  'networkFile.badProxy': '"proxy" must be a proxy address or "direct"',
  'networkFile.credentialsUnreadable': 'The proxy credentials could not be read: {message}',
  'networkFile.credentialsNoKeychain': 'The proxy credentials could not be read from the system keychain.',
};
