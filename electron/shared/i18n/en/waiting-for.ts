// English: writes kept on this computer for another person (or another database user of the
// profile) than the one connected now: whose they are and what they wait for.
export const waitingFor = {
  'waitingFor.signIn': '{count, plural, one {# entry waits} other {# entries wait}} for {name} to sign in',
  'waitingFor.reconnect':
    '{count, plural, one {# entry written as {role} waits} other {# entries written as {role} wait}} until this profile connects as {role} again',
  'waitingFor.nameRole': '{name} ({role})',
};
