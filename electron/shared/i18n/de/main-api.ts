import type { mainApi as en } from '../en/main-api';

// Each endpoint's doing is a noun phrase ("Lesen der Reifendrücke"): the messages quote it („…“),
// so it reads right wherever it stands in a German sentence.
export const mainApi = {
  'api.doing.releaseNotes': 'Lesen der Versionshinweise',
  'api.doing.setPlate': 'Setzen des Kennzeichens',
  'api.doing.setDriveTag': 'Markieren der Fahrten',
  'api.doing.command': 'Befehl',
  'api.doing.accountVehicles': 'Auflisten der Fahrzeuge des Kontos',
  'api.doing.state': 'Lesen des Fahrzeugzustands',
  'api.doing.wake': 'Aufwecken des Fahrzeugs',
  'api.doing.drivers': 'Lesen der Fahrer',
  'api.doing.removeDriver': 'Entfernen eines Fahrers',
  'api.doing.invitations': 'Lesen der Einladungen',
  'api.doing.createInvitation': 'Erstellen einer Einladung',
  'api.doing.revokeInvitation': 'Widerrufen einer Einladung',
  'api.doing.writeTelemetry': 'Schreiben der Telemetrie-Konfiguration',
  'api.doing.deleteTelemetry': 'Beenden der Telemetrie',
  'api.doing.readTelemetry': 'Lesen der Telemetrie-Konfiguration',
  'api.doing.sleepState': 'Prüfen, ob das Fahrzeug schläft',
  'api.doing.plate': 'Lesen des Kennzeichens',
  'api.doing.drives': 'Lesen der Fahrten',
  'api.doing.firmwareAlerts': 'Lesen der Firmware-Warnungen',
  'api.doing.tyrePressures': 'Lesen der Reifendrücke',
  'api.doing.batteryHealth': 'Lesen des Batteriezustands',
  'api.doing.battery': 'Lesen des Akkus',
  'api.doing.charges': 'Lesen der Ladevorgänge',
  'api.doing.states': 'Lesen des Zustandsverlaufs',
  'api.doing.idles': 'Lesen der Standzeiten',
  'api.doing.lastIdleState': 'Lesen des letzten Standzustands',
  'api.doing.fleetBatteryHealth': 'Lesen des Batteriezustands aller Fahrzeuge',
  'api.doing.fleetStatus': 'Prüfen, welche Fahrzeuge signierte Befehle annehmen',
  'api.doing.consumption': 'Lesen des Verbrauchs seit dem letzten Laden',
  'api.doing.location': 'Lesen des Standorts',
  'api.doing.path': 'Lesen der gefahrenen Strecke',
  'api.doing.weather': 'Lesen des Wetters am Fahrzeug',
  'api.doing.setChargeCost': 'Erfassen der Kosten eines Ladevorgangs',
  'api.doing.image': 'Laden eines Bildes',
  'api.sending': 'Senden von {command}',
  'api.sendingCommand': 'Senden des Befehls',
  'api.theCommand': 'Der Befehl',

  'api.note.command':
    'Der Befehl hat das Fahrzeug vielleicht erreicht, vielleicht nicht; prüfen Sie seinen Zustand, bevor Sie ihn erneut senden.',
  'api.note.write':
    'Die Änderung wurde vielleicht gespeichert, vielleicht nicht; prüfen Sie das, bevor Sie es erneut versuchen.',
  'api.serviceSaid': 'Der Dienst meldete: „{text}“.',

  'api.unauthorized':
    'Der Dienst hat das API-Token abgelehnt (401). Prüfen oder ersetzen Sie das Token in den Einstellungen.',
  'api.forbidden':
    'Das Fahrzeug {vin} hat diesem API-Token keinen Zugriff gewährt (403). Bitten Sie den Eigentümer, das Fahrzeug für Ihr Konto freizugeben, oder verwenden Sie ein anderes Token.',
  'api.forbiddenNoVin':
    'Dieses Fahrzeug hat diesem API-Token keinen Zugriff gewährt (403). Bitten Sie den Eigentümer, das Fahrzeug für Ihr Konto freizugeben, oder verwenden Sie ein anderes Token.',
  'api.noVehicleList':
    'Der Dienst unter dieser Adresse hat keine Liste der Fahrzeuge des Kontos (404). Prüfen Sie die Basis-URL.',
  'api.noReleaseNotes':
    'Der Dienst kennt keine Versionshinweise zur Version {version} der FIN {vin} oder kennt die FIN nicht (404). Prüfen Sie FIN und Version.',
  'api.unknownVin': 'Der Dienst kennt die FIN {vin} nicht (404). Prüfen Sie die FIN.',
  'api.offline':
    'Das Fahrzeug ist offline oder schläft und konnte nicht geweckt werden (408). Versuchen Sie es erneut, wenn es Verbindung hat.',
  'api.rateLimited': 'Der Dienst begrenzt die Anfragen (429). {when}',
  'api.waitAMoment': 'Warten Sie einen Moment und versuchen Sie es erneut.',
  'api.waitAndRetry': 'Warten Sie {seconds, number} s und versuchen Sie es erneut.',
  'api.rejected': 'Der Dienst hat „{doing}“ abgelehnt ({status}).',
  'api.serverProblem': 'Beim Dienst ist ein Fehler bei „{doing}“ aufgetreten ({status}).',
  'api.virtualKeyHint':
    'Dasselbe antwortet der Dienst, wenn dem Fahrzeug der virtuelle Schlüssel des Anbieters fehlt.',
  'api.tryLater': 'Versuchen Sie es später erneut.',
  'api.otherStatus': 'Der Dienst hat auf „{doing}“ mit dem Status {status} geantwortet.',
  'api.notJson': 'Der Dienst hat auf „{doing}“ mit etwas geantwortet, das kein JSON ist.',
  'api.unexpectedShape':
    'Der Dienst hat auf „{doing}“ mit Daten in unerwarteter Form geantwortet{at, select, none {} other { (bei {at})}}.',
  'api.busy': '„{what}“ läuft für die FIN {vin} bereits; warten Sie, bis es abgeschlossen ist.',
  'api.clientClosed': 'Die Verbindung zum Dienst wurde geschlossen.',
  'api.tooLarge': 'Die Antwort wurde abgeschnitten: Sie ist größer als {size}.',
  'api.mib': '{n, number} MiB',
  'api.bytes': '{n, plural, one {# Byte} other {# Byte}}',

  'api.image.notFound': 'Das Bild wurde nicht gefunden (404).',
  'api.image.forbidden': 'Der Bildserver hat den Zugriff verweigert ({status}).',
  'api.image.rateLimited': 'Der Bildserver begrenzt die Anfragen (429).',
  'api.image.serverProblem': 'Beim Bildserver ist ein Fehler aufgetreten ({status}).',
  'api.image.rejected': 'Der Bildserver hat die Anfrage abgelehnt ({status}).',
  'api.image.otherStatus': 'Der Bildserver hat mit dem Status {status} geantwortet.',
  'api.image.tooManyRedirects': 'Der Bildserver hat zu oft weitergeleitet.',
  'api.image.urlEmpty': 'Die Bildadresse ist leer',
  'api.image.notSvg': 'Der Bildserver hat als SVG gekennzeichnete Daten gesendet, die kein SVG-Bild sind.',
  'api.image.notRaster':
    'Der Bildserver hat als {type} gekennzeichnete Daten gesendet, die kein PNG-, JPEG-, GIF- oder WebP-Bild sind.',
  'api.image.notAnImage':
    'Der Bildserver hat „{type}“ gesendet, kein PNG-, JPEG-, GIF-, WebP- oder SVG-Bild.',
  'api.image.noContentType': 'kein Inhaltstyp',

  'api.net.refused': 'Die Verbindung zum {where, select, image {Bildserver} other {Dienst}} wurde abgelehnt',
  'api.net.hostNotFound': 'Der Hostname des Dienstes wurde nicht gefunden (DNS)',
  'api.net.hostNotLookedUp': 'Der Hostname des Dienstes konnte nicht aufgelöst werden (DNS)',
  'api.net.reset':
    'Die Verbindung zum {where, select, image {Bildserver} other {Dienst}} wurde zurückgesetzt',
  'api.net.closed': 'Die Verbindung zum {where, select, image {Bildserver} other {Dienst}} wurde geschlossen',
  'api.net.networkUnreachable': 'Das Netzwerk ist nicht erreichbar',
  'api.net.hostUnreachable': 'Der Host des Dienstes ist nicht erreichbar',
  'api.net.connectTimedOut':
    'Der Verbindungsaufbau zum {where, select, image {Bildserver} other {Dienst}} hat zu lange gedauert',
  'api.net.closedUnexpectedly':
    'Die Verbindung zum {where, select, image {Bildserver} other {Dienst}} wurde unerwartet geschlossen',
  'api.net.cutOff':
    'Die Verbindung zum {where, select, image {Bildserver} other {Dienst}} brach mitten in der Antwort ab',
  'api.net.malformed':
    'Der {where, select, image {Bildserver} other {Dienst}} hat eine fehlerhafte HTTP-Antwort gesendet',
  'api.net.failedWhile': '{failure} bei „{doing}“. Prüfen Sie das Netzwerk und die Basis-URL.',
  'api.net.tls':
    'Die sichere Verbindung zum {where, select, image {Bildserver} other {Dienst}} ist fehlgeschlagen (Zertifikats- oder TLS-Problem: {code}).',
  'api.net.failed':
    'Die Verbindung zum {where, select, image {Bildserver} other {Dienst}} ist fehlgeschlagen ({code}).',
  'api.net.unexpected': 'Unerwarteter Fehler bei „{doing}“.',
  'api.timeout':
    '{where, select, image {Der Bildserver} other {Der Dienst}} hat „{doing}“ nicht innerhalb von {time} abgeschlossen.',
  'api.seconds': '{n, number} s',
  'api.milliseconds': '{n, number} ms',

  'api.proxy.needsLogin':
    'Der Proxy {proxy} hat die Verbindung zu {host} verweigert: Er verlangt Benutzername und Passwort (407) bei „{doing}“. Tragen Sie sie in der Proxy-Einstellung ein (http://benutzer:passwort@{proxy}).',
  'api.proxy.couldNotConnect':
    'Der Proxy {proxy} konnte keine Verbindung zu {host} herstellen ({status}){unreachable, select, yes { (der Proxy konnte {host} nicht auflösen oder erreichen)} other {}} bei „{doing}“.',
  'api.proxy.unreachable':
    'Der Proxy {proxy} {why, select, refused {hat die Verbindung abgelehnt} dns {wurde nicht gefunden (DNS)} other {war nicht erreichbar ({code})}} bei „{doing}“ an {host}. Prüfen Sie die Proxy-Einstellung.',
  'api.certificate':
    'Das Zertifikat von {host}{proxied, select, yes { über den Proxy {proxy}} other {}} {problem, select, expired {ist abgelaufen} notYetValid {ist noch nicht gültig} otherHost {gilt für einen anderen Hostnamen} other {ist nicht vertrauenswürdig: Es ist von keiner Zertifizierungsstelle signiert, der dieser Computer vertraut}} ({code}) bei „{doing}“. Wenn Ihr Netzwerk sichere Verbindungen mit einem eigenen Zertifikat prüft, installieren Sie dieses Zertifikat im Zertifikatspeicher des Systems.',
  'api.hostNotFound':
    'Der Hostname {host} wurde nicht gefunden (DNS, {code}) bei „{doing}“. Prüfen Sie die Basis-URL und das Netzwerk.',
  'api.hostRefused':
    '{host} hat die Verbindung abgelehnt bei „{doing}“. Prüfen Sie die Basis-URL und das Netzwerk.',

  'api.rate.notSent':
    'Nicht gesendet: Das Anfragelimit des Dienstes hält Anfragen noch {wait} zurück, länger als „{doing}“ warten darf ({allowed}). Versuchen Sie es in {wait} erneut.',
  'api.rate.capped':
    'Der Dienst bat, {wait} zu warten ({field}); so lange wartet die App nicht: Sie wartet höchstens {max, number} s am Stück und fragt dann erneut.',
  'api.wait.seconds': '{n, number} s',
  'api.wait.minutes': '{n, number} min',
  'api.wait.hours': '{n, number} h',
  'api.wait.days': '{n, plural, one {# Tag} other {# Tage}}',
  'api.wait.forever': 'unbegrenzt',

  'api.token.unreadable': 'Das API-Token konnte nicht aus dem Schlüsselbund des Systems gelesen werden.',
  'api.token.missing':
    'Für dieses Profil ist kein API-Token gespeichert; fügen Sie eines in den Einstellungen hinzu',
  'api.token.cannotSend':
    'Das gespeicherte API-Token enthält Zeichen, die nicht gesendet werden können; ersetzen Sie es in den Einstellungen.',
  'api.token.badCharacters': 'das Token enthält Leerzeichen oder Nicht-ASCII-Zeichen',

  'api.access.notOwner':
    'Dieses API-Token gehört nicht dem Eigentümer des Fahrzeugs {vin} (403): Nur mit dem Token des Eigentümers kann man {what, select, listDrivers {die Fahrer auflisten} removeDrivers {Fahrer entfernen} listInvitations {Einladungen auflisten} inviteDrivers {Fahrer einladen} revokeInvitations {Einladungen widerrufen} writeTelemetry {die Telemetrie-Konfiguration schreiben} stopTelemetry {die Telemetrie beenden} other {den Gastmodus umschalten}}. Verwenden Sie für dieses Fahrzeug das Token des Eigentümers.',
  'api.access.gone':
    'Der Dienst kennt {thing, select, driver {keinen solchen Fahrer} other {keine solche Einladung}} zur FIN {vin} oder die FIN nicht (404); vielleicht gibt es sie schon nicht mehr. Laden Sie die Liste neu.',
  'api.access.telemetryBusy':
    'Der Dienst nimmt je Konto nur ein Schreiben der Telemetrie-Konfiguration auf einmal an, und ein anderes läuft gerade (429). Versuchen Sie es {seconds, select, none {gleich} other {in {seconds} s}} erneut.',
  'api.access.linkRefused':
    'Die Einladung wurde erstellt, aber der Link, den der Dienst dafür geliefert hat, wird abgelehnt ({problem}): Er wird nicht angezeigt. Widerrufen Sie die Einladung {id}, falls sie nicht bestehen bleiben soll.',
} satisfies Record<keyof typeof en, string>;
