// Remote start (keyless driving): its button, what the Commands tab says it does before it is sent,
// and the car's switch in words (electron/shared/workshop-commands.ts, command-facts.ts).
export const keyless = {
  'command.remote_start': 'Remote start',
  'fact.keylessOn': 'keyless driving on',
  'fact.keylessOff': 'keyless driving off',
  'fact.keyless': 'keyless driving',
  'keyless.title': 'Keyless driving',
  'keyless.effect':
    'Lets anyone at the car drive it without a key, if driving begins within {minutes, plural, one {# minute} other {# minutes}}.',
  'keyless.confirm':
    'Start {name} remotely? Anyone at the car can then drive it away without a key for {minutes, plural, one {# minute} other {# minutes}}.',
};
