// The shop's board for the window: the database's rows (shop_board(), under this role's row-level
// security) with what only this machine knows added: which claims are this role's, and how many
// entries for each car still wait in this machine's outbox.
import type { ShopBoard } from '../../../shared/shop-board';
import type { ReadingValues } from '../../../shared/shop-board';
import { machineOf, technicianOf, type LinkState } from './link-state';

export interface ShopBoardReads {
  board(): Promise<ShopBoard>;
  /**
   * Shares a reading this app made with the shop (while online; a reading is worth sharing only
   * while it is fresh, so one made offline is not queued).
   */
  share(
    profileId: string,
    vin: string,
    reading: { readAt: string; source: string; values: ReadingValues },
  ): Promise<void>;
}

export function createShopBoardReads(state: LinkState): ShopBoardReads {
  return {
    async board() {
      const { link, db } = state.online();
      const [read, waiting] = await Promise.all([db.board.read(), link.session.waiting()]);
      const counts = new Map<string, number>();
      for (const entry of waiting) if (entry.vin) counts.set(entry.vin, (counts.get(entry.vin) ?? 0) + 1);
      return {
        asOf: read.asOf,
        role: db.role,
        cars: read.cars.map((car) => ({
          ...car,
          claim: car.claim
            ? {
                by: car.claim.by,
                role: car.claim.role,
                since: car.claim.since,
                expiresAt: car.claim.expiresAt,
                mine: car.claim.role === db.role,
              }
            : null,
          waiting: counts.get(car.vin) ?? 0,
        })),
      };
    },
    async share(profileId, vin, reading) {
      const link = state.linked();
      const db = link?.session.db();
      if (!link || !db || link.profileId !== profileId) return;
      await db.board.record({
        vin,
        readAt: reading.readAt,
        source: reading.source,
        values: reading.values,
        technician: technicianOf(link),
        machine: machineOf(link),
      });
    },
  };
}
