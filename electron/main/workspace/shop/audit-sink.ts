// Audited actions in shop mode: each is written to this machine's log first (durable, as solo), then
// queued in the session's outbox, which uploads in the background so a command never waits on the
// database. A crash between the two writes is mended at the next start from the queue mark.
import type { AuditEntry } from '../../../shared/types';
import type { DeskPerson } from '../../../shared/shop-desk';
import {
  claimOutbox,
  fromLocalAuditEntry,
  garageChangeOfAction,
  openOutbox,
  othersEntryIds,
  waitingIdsOfAll,
  type ShopAuditInput,
} from '../../shop';
import { machineOf, technicianOf, type Linked, type LinkState } from './link-state';
import { logPagesNewestFirst } from './log-pages';

export interface ShopAuditSink {
  /** A local entry as the window shows it in shop mode: with the technician and the machine. */
  decorate(entry: AuditEntry): AuditEntry;
  /** A local audit entry was written: the shop gets it through the outbox. */
  record(entry: AuditEntry): void;
  /**
   * Queues what the local log holds but no outbox took (a crash between the two writes), under
   * `writer`: the link's own writer (`'link'`), or the person who sat at a shared desk then, into
   * their own outbox under their name (their writes are sent only as them). `'nobody'` queues
   * nothing (a desk's next person, with no crash known: the log does not say whose an entry is) and
   * only keeps the queue mark.
   */
  requeueFromLog(link: Linked, writer: DeskPerson | 'link' | 'nobody'): Promise<void>;
  /**
   * This profile's entries of the local log since its shop session began, newest first, in pages,
   * as the shop takes them: what is sent again when the shop lost some (restored to an earlier point).
   */
  sentEntries(link: Linked | null): AsyncGenerator<ShopAuditInput[]>;
}

export function createShopAuditSink(state: LinkState): ShopAuditSink {
  const { deps, onProblem } = state;

  /** An entry of the local log as the shop's outbox takes it, with the garage change it made. */
  function shopInput(link: Linked, entry: AuditEntry, technician = technicianOf(link)): ShopAuditInput {
    const input = fromLocalAuditEntry(entry, { technician, machine: machineOf(link) });
    const garage = garageChangeOfAction(entry);
    return garage ? { ...input, garage } : input;
  }

  return {
    decorate(entry) {
      const link = state.linked();
      if (!link || entry.profileId !== link.profileId) return entry;
      return { ...entry, technician: technicianOf(link), machine: machineOf(link) };
    },
    record(entry) {
      const link = state.linked();
      if (!link || entry.profileId !== link.profileId) return;
      link.session
        .record(shopInput(link, entry))
        .then(() => link.queued.note(entry.time))
        .catch((error) => onProblem('Shop: an audit entry could not be queued for the shop', error));
    },
    async *sentEntries(link) {
      const since = link ? await link.queued.since() : null;
      // No link or no mark yet: this profile's session has queued nothing from its log.
      if (!link || since === null) return;
      // The local log does not say who wrote an entry; those another writer's outbox keeps are
      // theirs, sent again by their own session (the shop would stamp this one's role on them).
      const others = await othersEntryIds(link.files.dir, link.owner.role);
      for await (const page of logPagesNewestFirst(deps.audit, since)) {
        const own = page.filter((entry) => entry.profileId === link.profileId && !others.has(entry.id));
        if (own.length > 0) yield own.map((entry) => shopInput(link, entry));
      }
    },
    async requeueFromLog(link, writer) {
      const sat = typeof writer === 'object' ? writer : undefined;
      try {
        // Waiting in anyone's outbox: queued already, for its own writer.
        const queued = await waitingIdsOfAll(link.files.dir);
        for (const entry of await link.session.waiting()) queued.add(entry.id);
        const missing = await link.queued.unqueued(deps.audit, link.profileId, queued);
        if (missing.length === 0 || writer === 'nobody') return;
        const inputs = missing.map((entry) => shopInput(link, entry, sat?.name));
        if (!sat || sat.role === link.owner.role) await link.session.recordMany(inputs);
        else await (await openOutbox(await claimOutbox(link.files.dir, sat))).appendMany(inputs);
        link.queued.note(missing.at(-1)!.time);
      } catch (error) {
        onProblem('Shop: the local audit log could not be checked against the outbox', error);
      }
    },
  };
}
