// Claims in shop mode: a technician holds a car while working on it, and everyone sees who. A claim
// is its database role's (the server stamps it): the name typed in Settings is only what people
// read, so typing a colleague's name neither makes their claim "mine" nor lets one release it. The
// claims this app shows are kept live from the shop's changes, so the check before a command or a
// write answers without a round trip; with the database away it goes by the claims last known (kept
// on disk), so a car a colleague held is asked about, not written to blindly. An override (sending
// anyway) is recorded in the shop's log, through the outbox when the database is away.
import { randomUUID } from 'node:crypto';
import { dateTimeText } from '../../../shared/i18n/intl-words';
import { AppError } from '../../../shared/result';
import { claimWords, type ClaimView } from '../../../shared/shop';
import { localTimeText } from '../../audit/audit-csv';
import { mainWords, tm } from '../../i18n/main-words';
import type { Claim, ShopDb } from '../../shop';
import type { ClaimSkip, Claims } from '../backend';
import { writeKnownClaims } from './known-claims';
import { machineOf, technicianOf, type Linked, type LinkState } from './link-state';

export interface ShopClaims extends Claims {
  /** Reads every active claim from the tables (after connecting), from then on kept live. */
  load(link: Linked): Promise<void>;
  /** The shop says a vehicle's claim changed: the window hears the claim as it is now. */
  follow(link: Linked, db: ShopDb, vin: string): Promise<void>;
}

/** When a claim was taken, as the technician reads a time: their region's form, this computer's clock. */
const sinceText = (iso: string) => dateTimeText(iso, mainWords().formatLocale);

export function createShopClaims(state: LinkState): ShopClaims {
  const { now, onProblem } = state;

  /** Mine when this app's database role made it, whatever name either side typed. */
  function claimView(claim: Claim, db: ShopDb): ClaimView {
    return {
      vin: claim.vin,
      claimedBy: claim.claimedBy,
      machine: claim.machine,
      note: claim.note,
      since: claim.since,
      expiresAt: claim.expiresAt,
      expired: Date.parse(claim.expiresAt) <= now().getTime(),
      mine: claim.dbRole === db.role,
    };
  }

  const withExpiry = (view: ClaimView): ClaimView => ({
    ...view,
    expired: Date.parse(view.expiresAt) <= now().getTime(),
  });

  // The claim on one vehicle as everyone should see it now (an ended one is none).
  async function currentClaim(db: ShopDb, vin: string): Promise<ClaimView | null> {
    const claim = await db.claims.unended(vin);
    return claim ? claimView(claim, db) : null;
  }

  /** The claims last known go to disk, so that a restart while the database is away still knows them. */
  function keep(link: Linked): void {
    const claims = link.claims;
    if (!claims) return;
    writeKnownClaims(link.files.knownClaims, claims).catch((error) =>
      onProblem('Shop: the claims could not be kept on disk', error),
    );
  }

  function changed(link: Linked, vin: string, claim: ClaimView | null): void {
    if (link.claims) {
      if (claim) link.claims.set(vin, claim);
      else link.claims.delete(vin);
      keep(link);
    }
    state.deps.facts.publish('claim.changed', { profileId: link.profileId, vin, claim });
  }

  /** An override recorded in the shop's log, as every audited action is (queued while it is away). */
  const recordOverride = (link: Linked, vin: string, params: Record<string, unknown>) =>
    link.session.record({
      id: randomUUID(),
      time: now().toISOString(),
      vin,
      operation: 'claim:override',
      params,
      outcome: 'success',
      technician: technicianOf(link),
      machine: machineOf(link),
      profileId: link.profileId,
    });

  /**
   * The active claims another role holds among `vins`: from the claims kept live, from the tables
   * while those are not loaded yet, or, with the database away, from the claims last known (a claim
   * cannot be released or taken without the database, so one known is still held as far as this
   * machine can tell).
   */
  async function heldByOthers(link: Linked, vins: readonly string[]): Promise<ClaimView[]> {
    const db = link.session.db();
    const wanted = new Set(vins);
    let claims: ClaimView[];
    if (db && !(link.claimsLive && link.claims)) {
      claims =
        vins.length === 1
          ? [await db.claims.active(vins[0]!)].flatMap((claim) => (claim ? [claimView(claim, db)] : []))
          : (await db.claims.listActive()).map((claim) => claimView(claim, db));
    } else claims = [...(link.claims?.values() ?? [])].map(withExpiry);
    return claims.filter((claim) => wanted.has(claim.vin) && !claim.mine && !claim.expired);
  }

  return {
    // Queued behind the changes heard so far and before those heard later, so the map follows the
    // tables from this read on.
    async load(link) {
      const db = link.session.db();
      if (state.linked() !== link || !db) return;
      const active = await db.claims.listActive();
      if (state.linked() !== link || link.session.db() !== db) return;
      link.claims = new Map(active.map((claim) => [claim.vin, claimView(claim, db)]));
      link.claimsLive = true;
      keep(link);
    },
    async follow(link, db, vin) {
      changed(link, vin, await currentClaim(db, vin));
    },
    async list() {
      const link = state.linked();
      // Away: the claims last known, so the window still asks before a command to a colleague's car.
      if (link && !link.session.db() && link.claims) return [...link.claims.values()].map(withExpiry);
      const { db } = state.online();
      return (await db.claims.listUnended()).map((claim) => claimView(claim, db));
    },
    async claim(vin, note) {
      const { link, db } = state.online();
      const result = await db.claims.claim(vin, technicianOf(link), {
        note: note || null,
        machine: machineOf(link),
      });
      if (!result.ok) {
        const since = sinceText(result.since);
        throw new AppError(
          'rejected',
          result.note
            ? tm('mainShop.claimHeldNote', { name: result.heldBy, since, note: result.note })
            : tm('mainShop.claimHeld', { name: result.heldBy, since }),
        );
      }
      const view = claimView(result.claim, db);
      changed(link, vin, view);
      return view;
    },
    async release(vin) {
      const { link, db } = state.online();
      const released = await db.claims.release(vin, technicianOf(link));
      if (!released) {
        const held = await db.claims.unended(vin);
        throw new AppError(
          'not_found',
          held
            ? tm('mainShop.notYourClaim', { name: held.claimedBy, role: held.dbRole })
            : tm('mainShop.noClaim'),
        );
      }
      changed(link, vin, await currentClaim(db, vin));
    },
    async takeOver(vin, note) {
      const { link, db } = state.online();
      const { claim, previous } = await db.claims.takeOver(vin, technicianOf(link), {
        note: note || null,
        machine: machineOf(link),
      });
      await link.session.record({
        id: randomUUID(),
        time: now().toISOString(),
        vin,
        operation: 'claim:takeOver',
        params: { from: previous?.claimedBy ?? null },
        outcome: 'success',
        technician: technicianOf(link),
        machine: machineOf(link),
        profileId: link.profileId,
      });
      const view = claimView(claim, db);
      changed(link, vin, view);
      return view;
    },
    async check(profileId, vin, override, operation) {
      const link = state.linked();
      if (!link || link.profileId !== profileId) return;
      const [claim] = await heldByOthers(link, [vin]);
      if (!claim) return;
      if (!override)
        throw new AppError(
          'rejected',
          tm('mainShop.claimCheck', {
            name: claim.claimedBy,
            since: sinceText(claim.since),
            away: link.session.db() ? 'no' : 'yes',
          }),
        );
      await recordOverride(link, vin, { claimedBy: claim.claimedBy, operation });
    },
    async bulkSkips(profileId, vins, include, operation) {
      const skips = new Map<string, ClaimSkip>();
      const link = state.linked();
      if (!link || link.profileId !== profileId || vins.length === 0) return skips;
      for (const claim of await heldByOthers(link, vins)) {
        if (!include) {
          const words = claimWords({ ...claim, expired: false }, localTimeText(claim.since), tm);
          skips.set(claim.vin, { reason: 'claimed', message: tm('mainShop.skipped', { words }) });
          continue;
        }
        await recordOverride(link, claim.vin, { claimedBy: claim.claimedBy, operation, bulk: true });
      }
      return skips;
    },
  };
}
