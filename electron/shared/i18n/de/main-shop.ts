import type { mainShop as en } from '../en/main-shop';

export const mainShop = {
  'mainShop.authFailed':
    'Die Werkstatt-Datenbank hat die Anmeldung{named, select, yes { für {target}} other {}} abgelehnt: Prüfen Sie Benutzer und Passwort.',
  'mainShop.databaseMissing':
    'Die Datenbank {named, select, yes {von {target}} other {der Werkstatt}} existiert nicht: Prüfen Sie ihren Namen.',
  'mainShop.noPrivileges':
    'Die Datenbankrolle hat dafür keine Berechtigung ({reason}); bitten Sie den Administrator der Werkstatt, die Berechtigungen aus der Werkstatt-Anleitung (docs/shop.md) zu vergeben.',
  'mainShop.refusedByRule': 'Die Regeln der Werkstatt-Datenbank erlauben das nicht: {reason}',
  'mainShop.conflict': 'Das gibt es in der Werkstatt-Datenbank bereits ({reason}).',
  'mainShop.statementTimeout':
    'Die Werkstatt-Datenbank hat nicht innerhalb der Zeitgrenze für Abfragen geantwortet.',
  'mainShop.connectionLost':
    'Die Verbindung {named, select, yes {zu {target}} other {zur Werkstatt-Datenbank}} ist abgebrochen; die App versucht es erneut.',
  'mainShop.tooManyClients':
    '{named, select, yes {{target}} other {Die Werkstatt-Datenbank}} hat keine freie Verbindung (zu viele Clients).',
  'mainShop.certNamesOther':
    'Das Zertifikat {named, select, yes {von {target}} other {der Werkstatt-Datenbank}} nennt {hostKnown, select, yes {„{host}“} other {den verwendeten Hostnamen}} nicht, daher lehnt sslmode verify-full es ab: Verbinden Sie sich über einen Hostnamen, den das Zertifikat aufführt, oder bitten Sie den Administrator der Werkstatt um ein Zertifikat, das diesen Namen enthält.',
  'mainShop.certUntrusted':
    'Das Zertifikat {named, select, yes {von {target}} other {der Werkstatt-Datenbank}} ist nicht von einer Zertifizierungsstelle (CA) signiert, der diese App vertraut ({code}): Wählen Sie in den Werkstatt-Einstellungen die CA-Datei der Werkstatt (die CA, die das Zertifikat des Servers signiert hat).',
  'mainShop.noSsl':
    '{named, select, yes {{target}} other {Die Werkstatt-Datenbank}} nimmt keine verschlüsselten Verbindungen an: Setzen Sie sslmode auf disable, oder aktivieren Sie TLS auf dem Server.',
  'mainShop.tlsFailed':
    'Die sichere Verbindung {named, select, yes {zu {target}} other {zur Werkstatt-Datenbank}} ist fehlgeschlagen ({code}): Prüfen Sie sslmode und die CA-Datei.',
  'mainShop.unreachable':
    '{named, select, yes {{target}} other {Die Werkstatt-Datenbank}} ist nicht erreichbar ({code}); prüfen Sie Host, Port und Netzwerk.',
  'mainShop.noAnswer': 'keine Antwort',
  'mainShop.serverError': 'Die Werkstatt-Datenbank meldet einen Fehler: {text}',
  'mainShop.jobOpenUnknown':
    'Die Werkstatt-Datenbank hat nach dem Senden der Änderung nicht geantwortet; ob der Auftrag eröffnet wurde (Auftragsnummer {repairOrder}), ist daher offen. Die Auftragsliste zeigt ihn, sobald die Datenbank wieder da ist: Sehen Sie dort nach, bevor Sie ihn erneut eröffnen.',
  'mainShop.jobSaveUnknown':
    'Die Werkstatt-Datenbank hat nach dem Senden der Änderung nicht geantwortet; ob sie gespeichert wurde, ist daher offen. Der Auftrag wird so angezeigt, wie die Werkstatt ihn hat, sobald die Datenbank wieder da ist: Prüfen Sie ihn dort, bevor Sie es erneut versuchen.',
  'mainShop.cleartextRefused':
    'Der Server unter {target} hat das Passwort im Klartext verlangt; die App sendet es so nur über TLS mit geprüftem Zertifikat (sslmode verify-ca oder verify-full). Stellen Sie den Server auf scram-sha-256 um (pg_hba.conf) oder verbinden Sie sich mit einem geprüften Zertifikat.',
  'mainShop.noTableAccess':
    'Angemeldet als {role}, aber diese Rolle hat keinen Zugriff auf die Tabellen der Werkstatt. Bitten Sie den Administrator der Werkstatt, ihn zu gewähren (Werkstatt-Anleitung, docs/shop.md: „{database}_technicians“).',
  'mainShop.noAuditGrant':
    'Angemeldet als {role}, aber diese Rolle darf nichts in das Protokoll der Werkstatt schreiben. Bitten Sie den Administrator der Werkstatt, es zu erlauben (docs/shop.md).',
  'mainShop.schemaNewer':
    'Die Werkstatt-Datenbank hat die Schemaversion {version, number}, neuer als diese App kennt ({known, number}). Aktualisieren Sie Vehicle Garage auf diesem Rechner, bevor Sie ihn mit der Werkstatt-Datenbank verbinden.',
  'mainShop.schemaCannotCreate':
    'Die Werkstatt-Datenbank braucht die Schemaversion {version, number}, und diese Rolle kann sie nicht anlegen. Verbinden Sie sich einmal mit der Rolle des Datenbankeigentümers (Werkstatt-Anleitung, docs/shop.md), danach mit der Rolle der Techniker.',
  'mainShop.urlInvalid':
    'Die URL der Werkstatt-Datenbank ist keine gültige URL (postgres://benutzer@host:5432/datenbank).',
  'mainShop.urlScheme': 'Die URL der Werkstatt-Datenbank muss mit postgres:// oder postgresql:// beginnen.',
  'mainShop.urlPassword':
    'Lassen Sie das Passwort aus der URL weg: Geben Sie es im Passwortfeld ein (es wird im Schlüsselbund gespeichert).',
  'mainShop.sslmodeUnsupported': 'sslmode „{sslmode}“ wird nicht unterstützt: Verwenden Sie {modes}.',
  'mainShop.sslmodeOneOf': 'sslmode muss einer dieser Werte sein: {modes}.',
  'mainShop.hostMissing': 'Geben Sie den Host der Werkstatt-Datenbank ein.',
  'mainShop.nameMissing': 'Geben Sie den Namen der Werkstatt-Datenbank ein.',
  'mainShop.userMissing': 'Geben Sie den Benutzer der Werkstatt-Datenbank ein.',
  'mainShop.portRange': 'Der Port muss zwischen 1 und 65535 liegen.',
  'mainShop.caOnlyVerify': 'Eine CA-Datei wird nur mit sslmode verify-ca oder verify-full verwendet.',
  'mainShop.limitRange':
    '{what, select, connect {Die Zeitgrenze für den Verbindungsaufbau} statement {Die Zeitgrenze für Abfragen} other {Die Poolgröße}} muss zwischen 1 und {max, number} liegen.',
  'mainShop.caUnreadable': 'Die CA-Datei kann nicht gelesen werden ({code}).',
  'mainShop.caTooLarge':
    'Die CA-Datei wird abgelehnt: Sie ist größer als {size} KiB, und so groß ist keine CA-Zertifikatsdatei.',
  'mainShop.caRefused':
    'Die CA-Datei wird abgelehnt: {reason}. Wählen Sie die PEM-Datei mit dem Zertifikat der CA.',
  'mainShop.caNoPem':
    'Die CA-Datei wird abgelehnt: Sie enthält kein PEM-Zertifikat (-----BEGIN CERTIFICATE-----).',
  'mainShop.caNotChosen':
    'Wählen Sie die CA-Datei mit „CA-Datei wählen…“: Die App liest nur eine CA-Datei, die in ihrem eigenen Dialog gewählt wurde.',
  'mainShop.noChoosing': 'Dateien können hier nicht ausgewählt werden.',
  'mainShop.technicianMissing':
    'Geben Sie den Namen des Technikers ein: Im Werkstattmodus wird er bei jeder Aktion festgehalten.',
  'mainShop.setAside':
    'Die Werkstatt-Datenbank hat den Eintrag „{operation}“ für {vehicle} vom {time} endgültig abgelehnt{count, plural, one {} other { (insgesamt {count, number} Einträge; dies ist der letzte)}}: {reason} Er wird auf diesem Computer beiseitegelegt ({path}); die Einträge danach wurden hochgeladen.',
  'mainShop.noVehicle': 'kein Fahrzeug',
  'mainShop.notReachable': 'Die Werkstatt-Datenbank ist nicht erreichbar ({why}).',
  'mainShop.state':
    '{state, select, connecting {verbindet} online {online} offline {offline} refused {abgelehnt} other {geschlossen}}',
  'mainShop.stateBecause': '{state}: {message}',
  'mainShop.otherProfile': 'dieses Profil ist nicht das verbundene',
  'mainShop.claimHeld': '{name} hat dieses Fahrzeug seit {since} übernommen.',
  'mainShop.claimHeldNote': '{name} hat dieses Fahrzeug seit {since} übernommen ({note}).',
  'mainShop.notYourClaim':
    'Sie haben dieses Fahrzeug nicht übernommen: {name} hat es (Datenbankrolle {role}), und nur diese Person kann es freigeben; ziehen Sie die Übernahme stattdessen an sich.',
  'mainShop.noClaim': 'Sie haben dieses Fahrzeug nicht übernommen.',
  'mainShop.claimRace': 'Im selben Moment hat jemand anderes das Fahrzeug übernommen.',
  'mainShop.claimCheck':
    '{name} hat dieses Fahrzeug seit {since} übernommen{away, select, yes { (zuletzt bekannter Stand: Die Werkstatt-Datenbank ist nicht erreichbar)} other {}}. Bestätigen Sie, um trotzdem zu senden.',
  'mainShop.skipped': 'Übersprungen: {words}.',
  'mainShop.jobMachineOnly':
    'Nur die Aktionen dieses Rechners: Die Werkstatt-Datenbank ist nicht erreichbar ({reason}), daher fehlen möglicherweise Aktionen anderer Techniker an diesem Fahrzeug.',
  'mainShop.jobMoreThan':
    'Das Protokoll der Werkstatt enthält für dieses Fahrzeug im Zeitraum des Auftrags mehr als {max, number} Einträge; die ersten {max, number} werden aufgeführt.',
  'mainShop.jobEveryone':
    'Die Aktionen aller Techniker an diesem Fahrzeug, die das Protokoll der Werkstatt erreicht haben{waiting, plural, =0 {.} one { (# Aktion dieses Rechners wartet noch auf das Hochladen).} other { (# Aktionen dieses Rechners warten noch auf das Hochladen).}}',
} satisfies Record<keyof typeof en, string>;
