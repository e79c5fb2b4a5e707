import type { keyless as en } from '../en/keyless';

export const keyless = {
  'command.remote_start': 'Fernstart',
  'fact.keylessOn': 'schlüsselloses Fahren an',
  'fact.keylessOff': 'schlüsselloses Fahren aus',
  'fact.keyless': 'das schlüssellose Fahren',
  'keyless.title': 'Schlüsselloses Fahren',
  'keyless.effect':
    'Jeder am Fahrzeug kann es ohne Schlüssel fahren, wenn die Fahrt innerhalb von {minutes, plural, one {# Minute} other {# Minuten}} beginnt.',
  'keyless.confirm':
    '{name} aus der Ferne starten? Dann kann jeder am Fahrzeug es {minutes, plural, one {# Minute} other {# Minuten}} lang ohne Schlüssel wegfahren.',
} satisfies Record<keyof typeof en, string>;
