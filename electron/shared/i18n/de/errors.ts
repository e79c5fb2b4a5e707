import type { errors as en } from '../en/errors';

export const errors = {
  'errors.invalidInput': 'Ungültige Eingabe',
  'errors.invalidArgument': '{message} (Argument {path})',
  'errors.untrustedSender': 'Diese Anfrage kam nicht aus dem App-Fenster und wurde abgelehnt.',
  'errors.internal': 'In der App ist etwas schiefgegangen. Die Einzelheiten stehen im Protokoll.',
  'errors.shuttingDown': 'Die App wird beendet.',
  'errors.readFailed': 'Lesen fehlgeschlagen',
  'errors.writeFailed': 'Schreiben fehlgeschlagen',
  'errors.couldNotSave': '{file} konnte nicht gespeichert werden ({code}).',
  'errors.couldNotDelete': '{file} konnte nicht gelöscht werden ({code}).',
  'errors.couldNotRead': '{file} konnte nicht gelesen werden ({code}).',
  'errors.couldNotCreateFolder': 'Der Ordner {folder} konnte nicht angelegt werden ({code}).',
  'errors.offlineCacheUnreadable': 'Der Offline-Speicher konnte nicht gelesen werden ({code}).',
  'errors.imageHttpsOnly': 'Bilder werden nur über https (oder von diesem Computer) geladen.',
  'errors.notAnImage': 'Kein Bild',
  'errors.garageSetAside': 'Die unlesbaren Einträge der Garage konnten nicht beiseitegelegt werden ({code}).',
  'errors.unknownProfileId': 'Unbekannte Profil-ID.',
  'errors.notInGarage': '{vin} ist nicht in der Garage.',
  'errors.profileGone': 'Dieses Profil gibt es nicht mehr.',
  'errors.profilesMax': 'Höchstens {max, number} Profile',
  'errors.profileIdFailed': 'Es konnte keine Profil-ID erzeugt werden.',
  'errors.demoNotRemovable': 'Das Demo-Profil kann nicht entfernt werden.',
  'errors.demoNeedsNoToken':
    'Die Demo-Garage nutzt den eingebauten Simulator und braucht kein Zugriffstoken.',
  'errors.templatesMax': 'Es werden höchstens {max, number} Vorlagen gespeichert.',
  'errors.noTemplateNamed': 'Es gibt keine Vorlage namens „{name}“.',
  'errors.templateRemoved': 'Keine Vorlage heißt „{name}“: Sie wurde vielleicht entfernt.',
  'errors.unknownAuditOperation': 'Unbekannte protokollierte Aktion.',
  'errors.unknownOutcome': 'Unbekanntes Ergebnis.',
  'errors.auditMoveFailed': 'Das Protokoll konnte nicht in Monatsdateien aufgeteilt werden.',
  'errors.auditWriteFailed': 'Das Protokoll konnte nicht geschrieben werden.',
  'errors.notADate': 'Kein Datum: {value}',
  'errors.exportRunning': 'Ein Export läuft bereits; warten Sie, bis er fertig ist.',
  'errors.logExportRunning': 'Ein Export des Protokolls läuft bereits; warten Sie, bis er fertig ist.',
  'errors.noSaving': 'In diesem Fenster können keine Dateien gespeichert werden.',
  'errors.noPrinting': 'In diesem Fenster kann nicht als PDF gedruckt werden.',
  'errors.noOpening': 'In diesem Fenster können keine Dateien geöffnet werden.',
  'errors.recordTooLarge':
    'Das Protokoll ist zu groß, um es in einem Dokument zu drucken; exportieren Sie es als JSON.',
  'errors.pdfCannotCarry':
    'Das gedruckte PDF konnte sein Protokoll nicht aufnehmen ({why}); es wurde nichts gespeichert.',
  'errors.jobFieldRequired':
    '{what, select, repairOrder {Die Auftragsnummer ist} complaint {Die Beanstandung ist} note {Die Notiz ist} other {Der Techniker ist}} erforderlich.',
  'errors.jobFieldTooLong':
    '{what, select, repairOrder {Die Auftragsnummer ist} complaint {Die Beanstandung ist} note {Die Notiz ist} other {Der Technikername ist}} länger als {max} Zeichen.',
  'errors.noSuchJob': 'Diesen Auftrag gibt es nicht.',
  'errors.unknownJob': 'Unbekannter Auftrag.',
  'errors.jobVinInvalid': 'Die FIN ist keine gültige FIN.',
  'errors.jobOpenBy':
    'Für dieses Fahrzeug ist bereits ein Auftrag offen (Auftragsnummer {repairOrder}, eröffnet von {technician}); schließen Sie ihn zuerst.',
  'errors.jobOpen':
    'Für dieses Fahrzeug ist bereits ein Auftrag offen (Auftragsnummer {repairOrder}); schließen Sie ihn zuerst.',
  'errors.jobOpenOther':
    'Für dieses Fahrzeug ist bereits ein anderer Auftrag offen; schließen Sie ihn zuerst.',
  'errors.jobIdTaken': 'Ein Auftrag mit dieser ID existiert bereits.',
  'errors.jobClosedNote':
    'Der Auftrag ist abgeschlossen; eröffnen Sie ihn wieder, um eine Notiz hinzuzufügen.',
  'errors.jobAlreadyClosed': 'Der Auftrag ist bereits abgeschlossen.',
  'errors.jobAlreadyOpen': 'Der Auftrag ist bereits offen.',
  'errors.jobPeriodsMax':
    'Dieser Auftrag war {max}-mal offen; eröffnen Sie einen neuen Auftrag für das Fahrzeug.',
  'errors.jobsFolderUnreadable': 'Der Auftragsordner konnte nicht gelesen werden ({code}).',
  'errors.jobsShopAway':
    'Die Werkstatt-Datenbank ist nicht erreichbar ({why}). Aufträge werden nur geändert, während sie erreichbar ist, damit nicht zwei Techniker ein Fahrzeug in zwei Aufträgen führen: Es wurde nichts gespeichert; versuchen Sie es erneut, sobald sie wieder da ist.',
  'errors.shopJobUnreadable':
    'Die Werkstatt-Datenbank enthält einen Auftrag, den diese App nicht lesen kann.',
  'errors.driversNotRead': 'Fahrer werden hier nicht gelesen',
  'errors.updateNeedsConsent': 'Ein Update wird nur mit Zustimmung des Technikers installiert.',
  'errors.updatesNotConfigured':
    'Updates sind in dieser Version nicht eingerichtet, oder es wurde noch nicht gesucht.',
  'errors.noUpdate': 'Es gibt kein Update zu installieren. Suchen Sie zuerst nach Updates.',
  'errors.proxyCredentialsDamaged':
    'Die Proxy-Zugangsdaten im Schlüsselbund des Systems sind beschädigt. Geben Sie sie in den Einstellungen erneut ein.',
  'errors.worksSolo':
    'Dieses Profil arbeitet allein: Richten Sie zuerst die Werkstatt in den Einstellungen ein.',
  'errors.switchProfileFirst': 'Wechseln Sie zuerst zu diesem Profil: Nur das aktive Profil ist verbunden.',
} satisfies Record<keyof typeof en, string>;
