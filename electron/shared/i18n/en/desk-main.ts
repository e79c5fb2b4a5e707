// What main says about a shared desk: who may sign in, and why the window is refused while nobody is.
export const deskMain = {
  'deskMain.signedOut': 'Nobody is signed in at this desk.',
  'deskMain.notDesk': 'This profile is not a shared desk: turn on "Shared desk" in Settings → Shop first.',
  'deskMain.noDatabase': 'The shop settings name no database to sign in to.',
  'deskMain.nothingRemembered': 'No password is remembered for {role} on this computer: type the password.',
  'deskMain.nobodyToForget': 'Nobody is signed in at this desk: there is no password of yours to forget.',
  'deskMain.nobodyToUnlock': 'Nobody is signed in at this desk: sign in.',
  'deskMain.wrongPassword': 'That is not the password {name} signed in with.',
  'deskMain.closed': 'Nobody is signed in at this desk: sign in first.',
  'deskMain.locked': 'This desk is locked: type your password to go on, or sign in as someone else.',
  'deskMain.runsUnderWay':
    'A command or run is still under way for this desk: wait until it ends, or cancel it, before signing out.',
};
