// Deutsch: der geteilte Arbeitsplatz im Fenster.
export const desk = {
  'desk.roleEmpty': 'Den eigenen Datenbank-Benutzernamen eingeben.',
  'desk.roleLong': 'Ein Datenbank-Benutzername ist höchstens {max} Byte lang.',
  'desk.signInTitle': 'An diesem Arbeitsplatz anmelden',
  'desk.signInIntro':
    'Mit dem eigenen Datenbank-Benutzer und Passwort anmelden: Alles, was Sie hier tun, wird unter Ihrem Namen festgehalten.',
  'desk.role': 'Datenbank-Benutzer',
  'desk.password': 'Passwort',
  'desk.passwordHint': 'Leer lassen, um das auf diesem Computer für Sie gespeicherte Passwort zu verwenden.',
  'desk.remember': 'Mein Passwort auf diesem Computer speichern',
  'desk.rememberHint':
    'Jeder, der dieses Computerkonto benutzt, könnte sich dann als Sie anmelden. An einem geteilten Arbeitsplatz ausgeschaltet lassen.',
  'desk.signIn': 'Anmelden',
  'desk.signingIn': 'Anmeldung läuft…',
  'desk.unlocking': 'Wird entsperrt…',
  'desk.lockedTitle': 'Gesperrt: {name}',
  'desk.lockedIntro':
    'Dieser Arbeitsplatz ist gesperrt (er sperrt sich nach {minutes, plural, one {# Minute} other {# Minuten}} ohne Benutzung von selbst). Zum Weiterarbeiten das Passwort eingeben oder als jemand anderes anmelden.',
  'desk.unlock': 'Entsperren',
  'desk.someoneElse': 'Als jemand anderes anmelden',
  'desk.signedInRole': '{name} ({role})',
  'desk.signedInLabel': 'Angemeldet: {name}, Datenbank-Benutzer {role}',
  'desk.signOut': 'Abmelden',
  'desk.lockNow': 'Sperren',
  'desk.forgetMe': 'Mein Passwort vergessen',
  'desk.rememberedNone': 'An diesem Arbeitsplatz ist kein Passwort gespeichert.',
  'desk.rememberedHere':
    'Auf diesem Computer gespeichert für {roles}. Jede Person entfernt ihr eigenes mit „Mein Passwort vergessen“; alle werden entfernt, wenn der Arbeitsplatz ausgeschaltet wird, eine andere Datenbank nennt oder das Profil entfernt wird.',
  'desk.setting':
    'Geteilter Arbeitsplatz: Jeder Techniker meldet sich mit eigener Rolle und eigenem Passwort an',
  'desk.settingHint':
    'Benutzer und Techniker oben sind dann nur der Ausgangspunkt der Anmeldung; jede Person gibt ihr eigenes Passwort ein, das nur während der Anmeldung bleibt, außer sie lässt es speichern.',
  'desk.lockMinutes': 'Sperren nach Minuten ohne Benutzung',
  'desk.lockMinutesRange': 'Zwischen {min} und {max} Minuten.',
};
