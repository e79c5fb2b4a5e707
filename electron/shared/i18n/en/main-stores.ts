// What main says about what it keeps: the system keychain (tokens and the shop's password), the
// profiles file and the offline cache's index (electron/main/vault, electron/main/storage).
export const mainStores = {
  'keychain.locked':
    'The system keychain is locked, so the token could not be {operation, select, read {read} save {saved} other {deleted}}. {platform, select, darwin {Unlock it in Keychain Access} win32 {Unlock the Windows Credential Manager (sign in to Windows again)} other {Unlock your login keyring (for example in “Passwords and Keys”, or by logging in to the desktop again)}}, then try again. The token is still stored.',
  'keychain.notLoaded':
    '{why} Until then the token cannot be {operation, select, read {read} save {saved} other {deleted}}; tokens are never kept in plain files.',
  'keychain.stopped':
    'The keychain service (Secret Service{named, select, yes {, {program}} other {}}) stopped while Vehicle Garage was running, so the token could not be {operation, select, read {read} save {saved} other {deleted}}. Restart Vehicle Garage to reconnect to it; if it still fails, log out and back in to start the keychain again.',
  'keychain.notRunning':
    'No keychain service (Secret Service) is running in this session, so the token could not be {operation, select, read {read} save {saved} other {deleted}}. {program} is installed but not running: log in to a desktop session that starts it, then restart Vehicle Garage. Tokens are never kept in plain files.',
  'keychain.programFailed':
    'The system keychain ({program}) failed, so the token could not be {operation, select, read {read} save {saved} other {deleted}}. Try again, or restart Vehicle Garage. Tokens are never kept in plain files.',
  'keychain.missing':
    '{missing, select, yes {No system keychain (Secret Service) is available} other {The system keychain failed}}, so the token could not be {operation, select, read {read} save {saved} other {deleted}}. To store tokens, install gnome-keyring (or another Secret Service) and libsecret-1-0, and log in to a desktop session. Tokens are never kept in plain files.',
  'keychain.failed':
    'The token could not be {operation, select, read {read} save {saved} other {deleted}} in {platform, select, darwin {the macOS Keychain} other {the Windows Credential Manager}}. Unlock it (or allow Vehicle Garage access when asked) and try again.',
  'keychain.passwordLength': 'The password must be 1 to {max} characters.',

  'profiles.enterName': 'Enter a profile name',
  'profiles.nameTaken': 'A profile named "{name}" already exists',
  'profiles.nameLookalike':
    '"{name}" looks like the existing profile "{existing}"; choose a name that reads differently',
  'profiles.enterAddress': 'Enter the service address',
  'profiles.demoAddress': 'The demo profile always uses the built-in simulator',
  'profiles.invalidBaseUrl': 'invalid base URL',
  'cache.notAnIndex': 'not a cache index',
};
