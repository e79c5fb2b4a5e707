// The garage in shop mode: the shop's garage is the one list. Changes made here go out (adds and
// removes on their audit entries through the outbox, a rename as an entry of its own), and the shop's
// list is merged back into the local garage: all of it after (re)connecting, one vehicle per change
// heard. A vehicle whose change still waits in the outbox keeps its local state meanwhile.
import { randomUUID } from 'node:crypto';
import type { DomainFacts } from '../../events/domain-events';
import { pendingGarageVins, type ShopDb } from '../../shop';
import { machineOf, technicianOf, type Linked, type LinkState } from './link-state';

type GarageChanged = DomainFacts['garage.changed'];

export interface ShopMirroring {
  /** Makes the local garage what the shop's is (after connecting; the first time, joins it). */
  merge(link: Linked, db: ShopDb): Promise<void>;
  /** One vehicle the shop says changed. */
  mergeOne(link: Linked, db: ShopDb, vin: string): Promise<void>;
  /** The local garage changed here: a rename goes to the shop as an entry of its own. */
  mirror(change: GarageChanged): void;
}

export function createShopMirroring(state: LinkState): ShopMirroring {
  const { deps, now, onProblem } = state;
  const garage = deps.garage;

  const publish = (profileId: string, change: Partial<Omit<GarageChanged, 'profileId' | 'origin'>>) =>
    deps.facts.publish('garage.changed', {
      profileId,
      origin: 'shop',
      added: [],
      removed: [],
      renamed: [],
      ...change,
    });

  /**
   * The VINs whose garage change still waits in the outbox: the shop's garage does not show it yet,
   * so the local garage keeps it rather than be reset to the shop's older view.
   */
  async function waitingVins(link: Linked): Promise<Set<string>> {
    if (link.session.status().pending === 0) return new Set();
    return pendingGarageVins(await link.session.waiting());
  }

  const vehiclesOf = async (profileId: string) =>
    (await garage.list(profileId)).map((v) => ({ vin: v.vin, nickname: v.nickname, plate: v.plate ?? null }));

  return {
    async merge(link, db) {
      if (!(await link.files.joined())) {
        // The first time this profile meets the shop its garage joins the shop's (vehicles already
        // there keep the shop's values); from then on the shop's garage is the one list.
        await db.vehicles.importGarage(await vehiclesOf(link.profileId), technicianOf(link));
        await link.files.markJoined(now());
      }
      // What was changed here while the database was away goes first, in order, then the shop's
      // garage is read back. If it cannot go now, those vehicles keep their local state.
      await link.session.flush().catch((error) => onProblem('Shop: the outbox could not be uploaded', error));
      const waiting = await waitingVins(link);
      const shop = await db.vehicles.list();
      const local = new Map((await garage.list(link.profileId)).map((v) => [v.vin, v]));
      const added: string[] = [];
      const removed: string[] = [];
      const renamed: { vin: string; nickname: string | null }[] = [];
      // One vehicle the local garage refuses (its own rules) does not stop the others.
      const each = async (vin: string, task: () => Promise<void>) => {
        try {
          await task();
        } catch (error) {
          onProblem(`Shop: vehicle ${vin} could not be merged into the local garage`, error);
        }
      };
      for (const vehicle of shop) {
        const mine = local.get(vehicle.vin);
        local.delete(vehicle.vin);
        if (waiting.has(vehicle.vin)) continue;
        await each(vehicle.vin, async () => {
          if (!mine) {
            await garage.add(link.profileId, { vin: vehicle.vin, nickname: vehicle.nickname ?? undefined });
            added.push(vehicle.vin);
          } else if ((mine.nickname ?? null) !== (vehicle.nickname ?? null)) {
            await garage.rename(link.profileId, vehicle.vin, vehicle.nickname);
            renamed.push({ vin: vehicle.vin, nickname: vehicle.nickname ?? null });
          }
        });
      }
      for (const vin of local.keys()) {
        if (waiting.has(vin)) continue;
        await each(vin, async () => {
          await garage.remove(link.profileId, vin);
          removed.push(vin);
        });
      }
      if (added.length + removed.length + renamed.length > 0)
        publish(link.profileId, { added, removed, renamed });
    },

    async mergeOne(link, db, vin) {
      const vehicle = await db.vehicles.get(vin);
      const mine = (await garage.list(link.profileId)).find((v) => v.vin === vin);
      const present = vehicle !== null && vehicle.removedAt === null;
      if ((await waitingVins(link)).has(vin)) return;
      if (present && !mine) {
        await garage.add(link.profileId, { vin, nickname: vehicle.nickname ?? undefined });
        publish(link.profileId, { added: [vin] });
      } else if (!present && mine) {
        await garage.remove(link.profileId, vin);
        publish(link.profileId, { removed: [vin] });
      } else if (present && mine && (mine.nickname ?? null) !== (vehicle.nickname ?? null)) {
        await garage.rename(link.profileId, vin, vehicle.nickname);
        publish(link.profileId, { renamed: [{ vin, nickname: vehicle.nickname ?? null }] });
      }
    },

    mirror(change) {
      const link = state.linked();
      if (!link || link.profileId !== change.profileId || change.origin !== 'here') return;
      // Adds and removes travel on their audit entries (the outbox). A rename is not in the local
      // log (solo mode keeps none), so the shop gets an entry of its own that carries it.
      for (const { vin, nickname: given } of change.renamed) {
        const nickname = given || null;
        link.session
          .record({
            id: randomUUID(),
            time: now().toISOString(),
            vin,
            operation: 'renameVehicle',
            params: { nickname },
            outcome: 'success',
            technician: technicianOf(link),
            machine: machineOf(link),
            profileId: link.profileId,
            garage: { kind: 'rename', nickname },
          })
          .catch((error) => onProblem('Shop: a rename could not be queued for the shop', error));
      }
    },
  };
}
