// The shop's board for the window: the database's rows (shop_board(), under this role's row-level
// security) with what only this machine knows added: which claims are this role's, and how many
// entries for each car still wait in this machine's outbox.
import type { ShopBoard } from '../../../shared/shop-board';
import type { ReadingValues } from '../../../shared/shop-board';
import type { ShopReading } from '../../shop';
import { machineOf, technicianOf, type Linked, type LinkState } from './link-state';

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
  /**
   * The newest answer of a read (a cache kind) a colleague's app shared of the car, or null: none,
   * not online, or the database slower than asking the service would be (reported, never thrown).
   */
  colleagueAnswer(
    profileId: string,
    vin: string,
    kind: string,
  ): Promise<{ answer: unknown; fetchedAt: string; technician: string; role: string } | null>;
  /** Shares an answer this app had from the service, while online (a stale one is worth nothing). */
  shareAnswer(
    profileId: string,
    vin: string,
    kind: string,
    answer: unknown,
    fetchedAt: string,
  ): Promise<void>;
}

/** How long a read waits for a colleague's answer before it asks the service instead. */
export const COLLEAGUE_ANSWER_WAIT_MS = 1_000;

/**
 * How often an app that shares readings also prunes the old ones (shop_prune_readings): the table
 * grows only as readings are shared, so the app that shares keeps it small, at most this often.
 */
export const PRUNE_READINGS_EVERY_MS = 3_600_000;

/**
 * How long the readings this app makes are gathered before they go to the shop in one statement. A
 * command alone makes three or four readings (its wake check, its state read, the answer's
 * values), each a write every other app of the shop hears and reads back: one statement for all
 * of them is one burst to hear. A technician sending commands back to back makes a command's
 * readings every tenth of a second or so; a quarter of a second takes several commands' readings
 * into one statement (each an insert, a commit's flush of the database's log, and a wake-up of
 * every colleague's listener). Readings are shared for the board and the others' glances, which
 * show their age in seconds; this much later is not seen.
 */
export const READINGS_GATHER_MS = 250;

export function createShopBoardReads(state: LinkState): ShopBoardReads {
  let prunedAt = Number.NEGATIVE_INFINITY;
  /** The readings gathered for the next statement, and the link they were made under. */
  let gathered: { link: Linked; readings: ShopReading[]; sent: Promise<void> } | null = null;

  async function sendGathered(link: Linked, readings: readonly ShopReading[]): Promise<void> {
    // Made under a session that has since stopped or gone offline: a reading is worth sharing
    // only while fresh, so it is not kept for later.
    const db = link.session.db();
    if (state.linked() !== link || !db) return;
    await db.board.recordMany(readings);
    const at = state.now().getTime();
    if (at - prunedAt >= PRUNE_READINGS_EVERY_MS) {
      prunedAt = at;
      void db.answers
        .pruneReadings()
        .catch((error) => state.onProblem('Shop: pruning old readings failed', error));
    }
  }

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
    share(profileId, vin, reading) {
      const link = state.linked();
      const db = link?.session.db();
      if (!link || !db || link.profileId !== profileId) return Promise.resolve();
      const made: ShopReading = {
        vin,
        readAt: reading.readAt,
        source: reading.source,
        values: reading.values,
        technician: technicianOf(link),
        machine: machineOf(link),
      };
      if (gathered?.link === link) {
        gathered.readings.push(made);
        return gathered.sent;
      }
      const batch = { link, readings: [made] };
      const sent = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, READINGS_GATHER_MS);
        timer.unref?.();
      }).then(() => {
        if (gathered?.sent === sent) gathered = null;
        return sendGathered(link, batch.readings);
      });
      gathered = { ...batch, sent };
      return sent;
    },
    async colleagueAnswer(profileId, vin, kind) {
      const link = state.linked();
      const db = link?.session.db();
      if (!link || !db || link.profileId !== profileId) return null;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), COLLEAGUE_ANSWER_WAIT_MS);
      });
      try {
        return await Promise.race([db.answers.latest(vin, kind), late]);
      } catch (error) {
        state.onProblem('Shop: reading a shared answer failed', error);
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
    async shareAnswer(profileId, vin, kind, answer, fetchedAt) {
      const link = state.linked();
      const db = link?.session.db();
      if (!link || !db || link.profileId !== profileId) return;
      await db.answers.share({
        vin,
        kind,
        answer,
        fetchedAt,
        technician: technicianOf(link),
        machine: machineOf(link),
      });
    },
  };
}
