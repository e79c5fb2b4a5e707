// What main says about the shop reads in the language main speaks: a database error, a settings
// refusal, the entries set aside, a claim refusal and how much of a job's history the shop covers
// come out German when main speaks German, with PostgreSQL's own words quoted as the server said them.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { speak } from '../../../electron/main/i18n/main-words';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { resolveSettings } from '../../../electron/main/shop/config';
import { toShopError } from '../../../electron/main/shop/errors';
import { setAsideWords } from '../../../electron/main/shop/shop-session';
import type { SetAsideEntry } from '../../../electron/main/shop/outbox';
import { createShopClaims } from '../../../electron/main/workspace/shop/claims';
import { shopJobEntries } from '../../../electron/main/workspace/shop/job-entries';
import {
  createLinkState,
  type Linked,
  type ShopLinkDeps,
} from '../../../electron/main/workspace/shop/link-state';
import type { ShopEntryFields } from '../../../electron/shared/jobs/shop-entry';
import type { ClaimView } from '../../../electron/shared/shop';

const VIN = '5YJ3E1EA7KF001109';
const driverError = (fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message)), fields);

/** A link whose database is away, knowing Ana's claim on VIN (as kept on disk). */
function awayLink(): Linked {
  const claim: ClaimView = {
    vin: VIN,
    claimedBy: 'Ana',
    machine: 'bay-2',
    note: null,
    since: '2026-11-28T09:00:00.000Z',
    expiresAt: '2999-01-01T00:00:00.000Z',
    expired: false,
    mine: false,
  };
  return {
    profileId: 'p1',
    settings: { technician: 'Ben', machine: 'bay-1' },
    session: {
      db: () => null,
      status: () => ({
        state: 'offline',
        pending: 0,
        error: { kind: 'unreachable', message: 'ECONNREFUSED' },
      }),
    },
    claims: new Map([[VIN, claim]]),
    claimsLive: false,
  } as unknown as Linked;
}

function claimsAway() {
  const state = createLinkState({} as ShopLinkDeps);
  state.setLinked(awayLink());
  return createShopClaims(state);
}

describe("main's shop words", () => {
  beforeAll(() => loadCatalog('de'));
  afterEach(() => speak({ language: 'en', formatLocale: undefined }));

  it('say a shop error in German, naming the database or the shop database in general', () => {
    speak({ language: 'de', formatLocale: 'de-DE' });
    expect(
      toShopError(driverError({ code: '28P01', message: 'password authentication failed' })).message,
    ).toBe('Die Werkstatt-Datenbank hat die Anmeldung abgelehnt: Prüfen Sie Benutzer und Passwort.');
    expect(
      toShopError(driverError({ code: 'ECONNREFUSED', message: 'connect' }), 'ana@db:5432/garage').message,
    ).toBe('ana@db:5432/garage ist nicht erreichbar (ECONNREFUSED); prüfen Sie Host, Port und Netzwerk.');
    expect(toShopError(driverError({ message: 'Connection terminated' })).message).toContain(
      '(keine Antwort)',
    );
    // The server's own words stay as the server said them, inside the app's German sentence.
    expect(toShopError(driverError({ code: 'XX000', message: 'something odd' })).message).toBe(
      'Die Werkstatt-Datenbank meldet einen Fehler: something odd',
    );
    expect(() => resolveSettings({})).toThrow('Geben Sie den Host der Werkstatt-Datenbank ein.');
    expect(() => resolveSettings({ host: 'h', database: 'd', user: 'u', connectTimeoutMs: 0 })).toThrow(
      'Die Zeitgrenze für den Verbindungsaufbau muss zwischen 1 und 120.000 liegen.',
    );
  });

  it('count the entries set aside by the German plural rules', () => {
    const kept = (vin: string): SetAsideEntry =>
      ({
        entry: { operation: 'command:flash_lights', vin, time: 'T' },
        reason: 'invalid input syntax.',
      }) as never;
    speak({ language: 'de', formatLocale: 'de-DE' });
    expect(setAsideWords([kept(VIN)])!.message).toMatch(
      /^Die Werkstatt-Datenbank hat den Eintrag „command:flash_lights“ für 5YJ3E1EA7KF001109 vom T endgültig abgelehnt: invalid input syntax\. /,
    );
    expect(setAsideWords([kept(VIN), kept('')])!.message).toContain(
      'für kein Fahrzeug vom T endgültig abgelehnt (insgesamt 2 Einträge; dies ist der letzte)',
    );
  });

  it('refuse a command to a colleague’s car in German, and in English when main speaks English', async () => {
    const claims = claimsAway();
    // The claim's time as the technician's region writes it, on this computer's clock (09:00 UTC
    // is 28 November in every zone from UTC−9 to UTC+14).
    speak({ language: 'en', formatLocale: 'en-US' });
    await expect(claims.check('p1', VIN, false, 'command:honk_horn')).rejects.toThrow(
      /^Ana has claimed this vehicle since Nov 28, 2026, \d{1,2}:00\s[AP]M \(as last known: the shop database is not reachable\)\. Confirm to send anyway\.$/,
    );
    speak({ language: 'de', formatLocale: 'de-DE' });
    await expect(claims.check('p1', VIN, false, 'command:honk_horn')).rejects.toThrow(
      /^Ana hat dieses Fahrzeug seit 28\.11\.2026, \d\d:00 übernommen \(zuletzt bekannter Stand: Die Werkstatt-Datenbank ist nicht erreichbar\)\. Bestätigen Sie, um trotzdem zu senden\.$/,
    );
    await expect(claims.claim(VIN, '')).rejects.toThrow(
      'Die Werkstatt-Datenbank ist nicht erreichbar (offline: ECONNREFUSED).',
    );
  });

  it("say in German how much of a job's history the shop's log covers", async () => {
    const window = { from: '2026-11-25T10:00:00.000Z', to: '2026-11-25T11:00:00.000Z' };
    const waitingEntry = (id: string): ShopEntryFields => ({
      id,
      time: '2026-11-25T10:30:00.000Z',
      vin: VIN,
      operation: 'command:honk_horn',
      params: {},
      outcome: 'success',
      technician: 'Ben',
      machine: 'bay-1',
      profileId: 'p1',
    });
    const covered = async (waiting: number, more = false) =>
      (
        await shopJobEntries({
          vin: VIN,
          windows: [window],
          db: { vehicleEntriesBetween: async () => ({ entries: [], more }) },
          why: '',
          waiting: async () => Array.from({ length: waiting }, (_, i) => waitingEntry(`w${i}`)),
          local: async () => [],
          onProblem: () => {},
        })
      ).coverage.text;
    speak({ language: 'de', formatLocale: 'de-DE' });
    expect(await covered(0)).toBe(
      'Die Aktionen aller Techniker an diesem Fahrzeug, die das Protokoll der Werkstatt erreicht haben.',
    );
    expect(await covered(1)).toContain('(1 Aktion dieses Rechners wartet noch auf das Hochladen).');
    expect(await covered(3)).toContain('(3 Aktionen dieses Rechners warten noch auf das Hochladen).');
    expect(await covered(0, true)).toContain(
      'mehr als 20.000 Einträge; die ersten 20.000 werden aufgeführt.',
    );
  });
});
