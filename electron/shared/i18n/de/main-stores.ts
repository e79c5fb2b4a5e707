import type { mainStores as en } from '../en/main-stores';

export const mainStores = {
  'keychain.locked':
    'Der Schlüsselbund des Systems ist gesperrt, daher konnte das Token nicht {operation, select, read {gelesen} save {gespeichert} other {gelöscht}} werden. {platform, select, darwin {Entsperren Sie ihn in der Schlüsselbundverwaltung} win32 {Entsperren Sie die Windows-Anmeldeinformationsverwaltung (melden Sie sich erneut bei Windows an)} other {Entsperren Sie Ihren Anmelde-Schlüsselbund (zum Beispiel in „Passwörter und Schlüssel“ oder durch erneutes Anmelden am Desktop)}} und versuchen Sie es dann erneut. Das Token ist weiterhin gespeichert.',
  'keychain.notLoaded':
    '{why} Bis dahin kann das Token nicht {operation, select, read {gelesen} save {gespeichert} other {gelöscht}} werden; Tokens werden nie in einfachen Dateien aufbewahrt.',
  'keychain.stopped':
    'Der Schlüsselbund-Dienst (Secret Service{named, select, yes {, {program}} other {}}) wurde beendet, während Vehicle Garage lief, daher konnte das Token nicht {operation, select, read {gelesen} save {gespeichert} other {gelöscht}} werden. Starten Sie Vehicle Garage neu, um sich wieder mit ihm zu verbinden; schlägt es weiter fehl, melden Sie sich ab und wieder an, damit der Schlüsselbund neu startet.',
  'keychain.notRunning':
    'In dieser Sitzung läuft kein Schlüsselbund-Dienst (Secret Service), daher konnte das Token nicht {operation, select, read {gelesen} save {gespeichert} other {gelöscht}} werden. {program} ist installiert, läuft aber nicht: Melden Sie sich an einer Desktop-Sitzung an, die ihn startet, und starten Sie dann Vehicle Garage neu. Tokens werden nie in einfachen Dateien aufbewahrt.',
  'keychain.programFailed':
    'Der Schlüsselbund des Systems ({program}) hat einen Fehler gemeldet, daher konnte das Token nicht {operation, select, read {gelesen} save {gespeichert} other {gelöscht}} werden. Versuchen Sie es erneut oder starten Sie Vehicle Garage neu. Tokens werden nie in einfachen Dateien aufbewahrt.',
  'keychain.missing':
    '{missing, select, yes {Es ist kein Schlüsselbund des Systems (Secret Service) verfügbar} other {Der Schlüsselbund des Systems hat einen Fehler gemeldet}}, daher konnte das Token nicht {operation, select, read {gelesen} save {gespeichert} other {gelöscht}} werden. Um Tokens zu speichern, installieren Sie gnome-keyring (oder einen anderen Secret Service) und libsecret-1-0 und melden Sie sich an einer Desktop-Sitzung an. Tokens werden nie in einfachen Dateien aufbewahrt.',
  'keychain.failed':
    '{platform, select, darwin {Im macOS-Schlüsselbund} other {In der Windows-Anmeldeinformationsverwaltung}} konnte das Token nicht {operation, select, read {gelesen} save {gespeichert} other {gelöscht}} werden. Entsperren Sie {platform, select, darwin {ihn} other {sie}} (oder erlauben Sie Vehicle Garage den Zugriff, wenn Sie gefragt werden) und versuchen Sie es erneut.',
  'keychain.passwordLength': 'Das Passwort muss 1 bis {max} Zeichen lang sein.',

  'profiles.enterName': 'Geben Sie einen Profilnamen ein',
  'profiles.nameTaken': 'Ein Profil namens „{name}“ gibt es bereits',
  'profiles.nameLookalike':
    '„{name}“ sieht aus wie das vorhandene Profil „{existing}“; wählen Sie einen Namen, der sich deutlich unterscheidet',
  'profiles.enterAddress': 'Geben Sie die Adresse des Dienstes ein',
  'profiles.demoAddress': 'Das Demo-Profil nutzt immer den eingebauten Simulator',
  'profiles.invalidBaseUrl': 'ungültige Basis-URL',
  'cache.notAnIndex': 'kein Index des Offline-Speichers',
} satisfies Record<keyof typeof en, string>;
