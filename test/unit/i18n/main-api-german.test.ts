// Main's messages about the vehicle service and the keychain speak main's language: with German
// chosen, a refusal of the service, a failure on the way, the rate limit's wait and a keychain
// fault read in German, with what was being done said in German too, and back in English after.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  errorFromStatus,
  errorFromTransport,
  timeoutError,
  type ErrorContext,
} from '../../../electron/main/api/errors';
import { tooLargeError } from '../../../electron/main/api/read-body';
import { speak } from '../../../electron/main/i18n/main-words';
import { keychainError, keychainLockedError } from '../../../electron/main/vault/keychain-errors';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';

const VIN = '5YJ3E1EA7KF317000';
const read: ErrorContext = {
  route: 'tire_pressure',
  requestClass: 'read',
  label: 'api.doing.tyrePressures',
  vin: VIN,
};
const write: ErrorContext = { route: 'plate', requestClass: 'write', label: 'api.doing.setPlate', vin: VIN };

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });

describe("main's API and keychain messages", () => {
  beforeAll(() => loadCatalog('de'));
  afterEach(() => speak({ language: 'en', formatLocale: undefined }));

  it('read in German when main speaks German', () => {
    speak({ language: 'de', formatLocale: 'de-DE' });
    expect(errorFromStatus(401, {}, '', read).message).toBe(
      'Der Dienst hat das API-Token abgelehnt (401). Prüfen oder ersetzen Sie das Token in den Einstellungen.',
    );
    expect(errorFromStatus(404, {}, '', read).message).toBe(
      `Der Dienst kennt die FIN ${VIN} nicht (404). Prüfen Sie die FIN.`,
    );
    expect(errorFromStatus(422, {}, '{"error":"plate too long"}', write).message).toBe(
      'Der Dienst hat „Setzen des Kennzeichens“ abgelehnt (422). Der Dienst meldete: „plate too long“.',
    );
    expect(errorFromStatus(429, { 'retry-after': '7' }, '', read).message).toBe(
      'Der Dienst begrenzt die Anfragen (429). Warten Sie 7 s und versuchen Sie es erneut.',
    );
    expect(timeoutError(write, 30_000).message).toBe(
      'Der Dienst hat „Setzen des Kennzeichens“ nicht innerhalb von 30 s abgeschlossen. ' +
        'Die Änderung wurde vielleicht gespeichert, vielleicht nicht; prüfen Sie das, bevor Sie es erneut versuchen.',
    );
    expect(errorFromTransport(refused, read, 30_000).message).toBe(
      'Die Verbindung zum Dienst wurde abgelehnt bei „Lesen der Reifendrücke“. Prüfen Sie das Netzwerk und die Basis-URL.',
    );
    // A limit that is no whole number of MiB is said in bytes, grouped as German groups digits.
    expect(tooLargeError(1_572_864).message).toBe(
      'Die Antwort wurde abgeschnitten: Sie ist größer als 1.572.864 Byte.',
    );

    const locked = keychainLockedError('save', 'linux');
    expect(locked.kind).toBe('keychain_unavailable');
    expect(locked.message).toBe(
      'Der Schlüsselbund des Systems ist gesperrt, daher konnte das Token nicht gespeichert werden. ' +
        'Entsperren Sie Ihren Anmelde-Schlüsselbund (zum Beispiel in „Passwörter und Schlüssel“ oder durch erneutes Anmelden am Desktop) ' +
        'und versuchen Sie es dann erneut. Das Token ist weiterhin gespeichert.',
    );
    expect(keychainError(new Error('boom'), 'read', 'darwin').message).toBe(
      'Im macOS-Schlüsselbund konnte das Token nicht gelesen werden. ' +
        'Entsperren Sie ihn (oder erlauben Sie Vehicle Garage den Zugriff, wenn Sie gefragt werden) und versuchen Sie es erneut.',
    );
  });

  it('read in English again once main speaks English', () => {
    speak({ language: 'de', formatLocale: 'de-DE' });
    speak({ language: 'en', formatLocale: undefined });
    expect(errorFromStatus(401, {}, '', read).message).toBe(
      'The service rejected the API token (401). Check or replace the token in Settings.',
    );
    expect(errorFromTransport(refused, read, 30_000).message).toBe(
      'The connection to the service was refused while reading the tyre pressures. Check the network and the base URL.',
    );
    expect(tooLargeError(1_572_864).message).toBe(
      'The response was cut off: response larger than 1,572,864 bytes.',
    );
    expect(keychainLockedError('delete', 'darwin').message).toBe(
      'The system keychain is locked, so the token could not be deleted. Unlock it in Keychain Access, then try again. The token is still stored.',
    );
  });
});
