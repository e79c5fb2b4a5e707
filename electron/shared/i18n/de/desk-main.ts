// Deutsch: was main über einen geteilten Arbeitsplatz sagt.
export const deskMain = {
  'deskMain.signedOut': 'An diesem Arbeitsplatz ist niemand angemeldet.',
  'deskMain.notDesk':
    'Dieses Profil ist kein geteilter Arbeitsplatz: zuerst unter Einstellungen → Werkstatt „Geteilter Arbeitsplatz“ einschalten.',
  'deskMain.noDatabase': 'Die Werkstatt-Einstellungen nennen keine Datenbank zum Anmelden.',
  'deskMain.nothingRemembered':
    'Für {role} ist auf diesem Computer kein Passwort gespeichert: das Passwort eingeben.',
  'deskMain.nobodyToForget':
    'An diesem Arbeitsplatz ist niemand angemeldet: es gibt kein Passwort von Ihnen zu vergessen.',
  'deskMain.nobodyToUnlock': 'An diesem Arbeitsplatz ist niemand angemeldet: anmelden.',
  'deskMain.wrongPassword': 'Das ist nicht das Passwort, mit dem sich {name} angemeldet hat.',
  'deskMain.closed': 'An diesem Arbeitsplatz ist niemand angemeldet: zuerst anmelden.',
  'deskMain.locked':
    'Dieser Arbeitsplatz ist gesperrt: zum Weiterarbeiten das Passwort eingeben oder als jemand anderes anmelden.',
  'deskMain.runsUnderWay':
    'Für diesen Arbeitsplatz läuft noch ein Befehl oder Durchlauf: vor dem Abmelden warten, bis er endet, oder ihn abbrechen.',
};
