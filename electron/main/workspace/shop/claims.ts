// Claims in shop mode: a technician holds a car while working on it, and everyone sees who. The
// claims this app shows are kept live from the shop's changes, so the check before a command answers
// without a round trip; an override (sending anyway) is recorded in the shop's log.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/result';
import { claimWords, type ClaimView } from '../../../shared/shop';
import { localTimeText } from '../../audit/audit-csv';
import type { Claim, ShopDb } from '../../shop';
import type { ClaimSkip, Claims } from '../backend';
import { machineOf, technicianOf, type Linked, type LinkState } from './link-state';

export interface ShopClaims extends Claims {
  /** Reads every active claim from the tables (after connecting), from then on kept live. */
  load(link: Linked): Promise<void>;
  /** The shop says a vehicle's claim changed: the window hears the claim as it is now. */
  follow(link: Linked, db: ShopDb, vin: string): Promise<void>;
}

export function createShopClaims(state: LinkState): ShopClaims {
  const { now } = state;

  function claimView(claim: Claim, link: Linked): ClaimView {
    return {
      vin: claim.vin,
      claimedBy: claim.claimedBy,
      machine: claim.machine,
      note: claim.note,
      since: claim.since,
      expiresAt: claim.expiresAt,
      expired: Date.parse(claim.expiresAt) <= now().getTime(),
      mine: claim.claimedBy === technicianOf(link),
    };
  }

  // The claim on one vehicle as everyone should see it now (an ended one is none).
  async function currentClaim(db: ShopDb, link: Linked, vin: string): Promise<ClaimView | null> {
    const claim = await db.claims.unended(vin);
    return claim ? claimView(claim, link) : null;
  }

  function changed(link: Linked, vin: string, claim: ClaimView | null): void {
    if (link.claims) {
      if (claim) link.claims.set(vin, claim);
      else link.claims.delete(vin);
    }
    state.deps.facts.publish('claim.changed', { profileId: link.profileId, vin, claim });
  }

  /** An override recorded in the shop's log, as every audited action is. */
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

  return {
    // Queued behind the changes heard so far and before those heard later, so the map follows the
    // tables from this read on.
    async load(link) {
      const db = link.session.db();
      if (state.linked() !== link || !db) return;
      const active = await db.claims.listActive();
      if (state.linked() !== link || link.session.db() !== db) return;
      link.claims = new Map(active.map((claim) => [claim.vin, claimView(claim, link)]));
    },
    async follow(link, db, vin) {
      changed(link, vin, await currentClaim(db, link, vin));
    },
    async list() {
      const { link, db } = state.online();
      return (await db.claims.listUnended()).map((claim) => claimView(claim, link));
    },
    async claim(vin, note) {
      const { link, db } = state.online();
      const result = await db.claims.claim(vin, technicianOf(link), {
        note: note || null,
        machine: machineOf(link),
      });
      if (!result.ok)
        throw new AppError(
          'rejected',
          `${result.heldBy} has claimed this vehicle since ${result.since}${result.note ? ` (${result.note})` : ''}.`,
        );
      const view = claimView(result.claim, link);
      changed(link, vin, view);
      return view;
    },
    async release(vin) {
      const { link, db } = state.online();
      const released = await db.claims.release(vin, technicianOf(link));
      if (!released) throw new AppError('not_found', 'You hold no claim on this vehicle.');
      changed(link, vin, await currentClaim(db, link, vin));
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
      const view = claimView(claim, link);
      changed(link, vin, view);
      return view;
    },
    async check(profileId, vin, override, operation) {
      const link = state.linked();
      if (!link || link.profileId !== profileId) return;
      const db = link.session.db();
      // Unreachable: the claim cannot be known, and the command is not held back for it.
      if (!db) return;
      // The claims this app shows, kept live, answer without a round trip on the command's path (the
      // technician is asked exactly when the screen shows the car as someone else's); the tables
      // answer until they are loaded.
      const known = link.claims;
      const claim = known
        ? (() => {
            const view = known.get(vin);
            return view && Date.parse(view.expiresAt) > now().getTime() ? view : null;
          })()
        : await db.claims.active(vin);
      if (!claim || claim.claimedBy === technicianOf(link)) return;
      if (!override)
        throw new AppError(
          'rejected',
          `${claim.claimedBy} has claimed this vehicle since ${claim.since}. Confirm to send anyway.`,
        );
      await recordOverride(link, vin, { claimedBy: claim.claimedBy, operation });
    },
    async bulkSkips(profileId, vins, include, operation) {
      const skips = new Map<string, ClaimSkip>();
      const link = state.linked();
      if (!link || link.profileId !== profileId || vins.length === 0) return skips;
      const db = link.session.db();
      // Unreachable: the claims cannot be known, and the run is not held back for them (as for one command).
      if (!db) return skips;
      const wanted = new Set(vins);
      const held = (await db.claims.listActive()).filter(
        (claim) => wanted.has(claim.vin) && claim.claimedBy !== technicianOf(link),
      );
      for (const claim of held) {
        if (!include) {
          const words = claimWords({ ...claim, expired: false }, localTimeText(claim.since));
          skips.set(claim.vin, { reason: 'claimed', message: `Skipped: ${words}.` });
          continue;
        }
        await recordOverride(link, claim.vin, { claimedBy: claim.claimedBy, operation, bulk: true });
      }
      return skips;
    },
  };
}
