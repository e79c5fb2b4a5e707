import type { mainRuns as en } from '../en/main-runs';

export const mainRuns = {
  'mainRuns.vehicles': '{count, plural, one {# Fahrzeug} other {# Fahrzeuge}}',
  'mainRuns.commandValue': '{label}: {value, number} {unit}',
  'mainRuns.bulkTitle': '{command} an {vehicles}',
  'mainRuns.bulkAgainTitle': '{command} erneut an {vehicles}',
  'mainRuns.refreshWhat': '{vehicles}{alerts, select, yes {, mit Warnungen und Zertifikaten} other {}}',
  'mainRuns.refreshTitle': 'Garage aktualisieren ({what})',
  'mainRuns.refreshStartUpTitle': 'Garage beim Start lesen ({what})',
  'mainRuns.refreshProfileTitle': 'Garage von {profile} lesen ({what})',
  'mainRuns.refreshAgainTitle': 'Garage erneut aktualisieren ({vehicles})',
  'mainRuns.rolloutTitle': 'Vorlage „{name}“ auf {vehicles} anwenden',
  'mainRuns.rolloutAgainTitle': 'Vorlage „{name}“ erneut auf {vehicles} anwenden',
  'mainRuns.notKnown': 'Dieser Lauf ist nicht bekannt (er wurde vielleicht entfernt).',
  'mainRuns.notInRun': 'Dieses Fahrzeug gehört nicht zu diesem Lauf.',
  'mainRuns.stillGoing': 'Der Lauf ist noch nicht fertig: Warten Sie zuerst, bis er endet.',
  'mainRuns.bulkBusy':
    'Es läuft bereits ein Sammelbefehl: Warten Sie, bis er endet, oder brechen Sie ihn ab.',
  'mainRuns.rolloutBusy':
    'Es wird bereits eine Vorlage angewendet: Warten Sie, bis sie fertig ist, oder brechen Sie sie ab (der Dienst nimmt nur einen Konfigurationsschreibvorgang zugleich an).',
  'mainRuns.onlyUnknownLeft':
    'Übrig {count, plural, one {ist nur # Fahrzeug mit unbekanntem Ergebnis} other {sind nur # Fahrzeuge mit unbekanntem Ergebnis}}: Prüfen Sie den Verlauf und senden Sie nur dann erneut, wenn der Befehl nicht ausgeführt wurde.',
  'mainRuns.nothingToRetry': 'Jedes Fahrzeug dieses Laufs wurde gesendet oder übersprungen.',
  'mainRuns.notAnswering': 'Der Dienst hat {count, number}-mal hintereinander nicht geantwortet: {message}',
  'mainRuns.profileGone': 'Die Adresse des Profils hat sich geändert oder das Profil wurde entfernt',
  'mainRuns.failedOnVehicle': 'Bei diesem Fahrzeug ist in der App ein Fehler aufgetreten.',
  'mainRuns.whyQuit': 'die App wurde beendet',
  'mainRuns.whyCancelled': 'abgebrochen',
  'mainRuns.whyRunStopped': 'der Lauf wurde angehalten',
  'mainRuns.whyRunStoppedBecause': 'der Lauf wurde angehalten ({because})',
  'mainRuns.notSentCancelled': 'Nicht gesendet: abgebrochen.',
  'mainRuns.notSentRunStopped': 'Nicht gesendet: Der Lauf wurde angehalten.',
  'mainRuns.notSentRunStoppedBecause': 'Nicht gesendet: Der Lauf wurde angehalten ({because}).',
  'mainRuns.notSentWhy': 'Nicht gesendet: {why}.',
  'mainRuns.beforeSent': '{why}, bevor der Befehl gesendet war',
  'mainRuns.afterWoke': '{why}, nachdem das Fahrzeug aufgewacht war',
  'mainRuns.whileWaking': '{why}, während das Fahrzeug geweckt wurde (das Wecken war gesendet)',
  'mainRuns.profileGoneWhy': 'die Adresse des Profils hat sich geändert oder das Profil wurde entfernt',
  'mainRuns.didNotWake':
    'das Fahrzeug ist nicht aufgewacht (der Dienst hat {seconds, number} s gewartet); es ist vielleicht offline oder ohne Empfang',
  'mainRuns.notSentAtQuit': 'Nicht gesendet: Die App wurde beendet, bevor das Fahrzeug an der Reihe war.',
  'mainRuns.unknownOutcome':
    'Gesendet, aber die App wurde beendet, bevor die Antwort gespeichert war: Ob das Fahrzeug den Befehl ausgeführt hat, ist nicht bekannt. Prüfen Sie Verlauf und Zustand, bevor Sie erneut senden.',
  'mainRuns.answerOnlyInAudit': 'die App wurde beendet, bevor der Zustand zurückgelesen war',
  'mainRuns.couldNotSend': 'Die App konnte den Befehl nicht senden.',
  'mainRuns.couldNotRead': 'Die App konnte die Daten nicht lesen.',
  'mainRuns.noWake':
    'Das Fahrzeug ist in der Wartezeit des Dienstes ({seconds, number} s) nicht aufgewacht; es ist vielleicht offline oder ohne Empfang',
  'mainRuns.didNotDoIt': 'Das Fahrzeug hat den Befehl nicht ausgeführt: {reason}',
  'mainRuns.didNotDoItNoReason': 'Das Fahrzeug hat den Befehl nicht ausgeführt (ohne Angabe von Gründen)',
  'mainRuns.stateUnread': 'der Zustand konnte nicht gelesen werden',
  'mainRuns.journalFailed': 'Der Fortschritt des Laufs konnte nicht gespeichert werden ({code}).',
  'mainRuns.journalWriteFailed': 'Schreiben fehlgeschlagen',
  'mainRuns.notWritten': 'Der Dienst hat die Konfiguration nicht geschrieben: {reasons}.',
  'mainRuns.notWrittenNoVehicle':
    'Der Dienst hat die Konfiguration nicht geschrieben (kein Fahrzeug wurde aktualisiert).',
  'mainRuns.noTemplate': 'Der Lauf nennt keine Vorlage.',
  'mainRuns.configUnread':
    'Nicht geschrieben: Die Konfiguration des Fahrzeugs konnte nicht gelesen werden ({why}).',
  'mainRuns.alreadyMatches': 'Entspricht bereits der Vorlage: nichts geschrieben.',
  'mainRuns.written': 'Geschrieben ({what}); ausstehend, bis das Fahrzeug die Konfiguration übernimmt.',
  'mainRuns.signedAnew': 'neu signiert (die Signatur lief bald ab)',
} satisfies Record<keyof typeof en, string>;
