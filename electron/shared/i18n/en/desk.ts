// The shared desk in the window: the sign-in and lock screen, who the header says is signed in,
// and the desk's settings in Settings → Shop.
export const desk = {
  'desk.roleEmpty': 'Type your database user name.',
  'desk.roleLong': 'A database user name is at most {max} bytes long.',
  'desk.signInTitle': 'Sign in at this desk',
  'desk.signInIntro':
    'Sign in with your own database user and password: everything you do here is recorded under your name.',
  'desk.role': 'Database user',
  'desk.password': 'Password',
  'desk.passwordHint': 'Leave it empty to use the password remembered for you on this computer.',
  'desk.remember': 'Remember my password on this computer',
  'desk.rememberHint':
    'Anyone using this computer account could then sign in as you. Leave it off at a shared desk.',
  'desk.signIn': 'Sign in',
  'desk.signingIn': 'Signing in…',
  'desk.unlocking': 'Unlocking…',
  'desk.lockedTitle': 'Locked: {name}',
  'desk.lockedIntro':
    'This desk is locked (it locks by itself after {minutes, plural, one {# minute} other {# minutes}} without use). Type your password to go on, or sign in as someone else.',
  'desk.unlock': 'Unlock',
  'desk.someoneElse': 'Sign in as someone else',
  'desk.signedInRole': '{name} ({role})',
  'desk.signedInLabel': 'Signed in: {name}, database user {role}',
  'desk.signOut': 'Sign out',
  'desk.lockNow': 'Lock',
  'desk.forgetMe': 'Forget my password',
  'desk.rememberedNone': 'No password is remembered at this desk.',
  'desk.rememberedHere':
    'Remembered on this computer for {roles}. Each person removes their own with "Forget my password"; all are removed when the desk is turned off, names another database, or the profile is removed.',
  'desk.setting': 'Shared desk: each technician signs in with their own role and password',
  'desk.settingHint':
    'The user and technician above are then only where the sign-in starts; each person types their own password, kept only while they are signed in unless they ask to be remembered.',
  'desk.lockMinutes': 'Lock after minutes without use',
  'desk.lockMinutesRange': 'Between {min} and {max} minutes.',
};
