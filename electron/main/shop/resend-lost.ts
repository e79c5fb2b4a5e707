// After the shop's database was restored to an earlier point, this machine still holds what the
// shop lost: the outbox found an entry it had sent gone (outbox.ts), and this sends again the
// entries the shop does not hold, first from the outbox's own copy of what it sent (exactly as
// sent), then from the local audit log for anything older than that copy keeps.
//
// Which ones: they are read newest first, a page at a time, and the shop asked which of
// each page it lacks. A restore keeps a prefix of what was uploaded (uploads go in order), so the
// first page the shop holds whole ends the search. Entries still waiting in the outbox go the usual
// way, and those the shop refused for good were never in it: both are left out.
//
// Once each: the server inserts only the ids it lacks (shop_resend_audit, ON CONFLICT DO NOTHING on
// the entry's id), so a re-send repeated after a crash, or two racing, adds nothing twice; the
// count is of the rows this call inserted. A lost entry that changed the garage (a vehicle added,
// removed, renamed) or a template changes it again, in the same transaction, as when it was first
// uploaded (a template's change goes by its time, so an older one replaces nothing newer), and a
// lost entry that kept a job or claim this desk wrote puts that row back (write-log.ts).
import type { Pool } from 'pg';
import { auditIdsMissing, resendAuditEntries, type ShopAuditInput } from './audit-store';
import { toShopError } from './errors';
import { applyGarageChanges } from './garage-changes';
import { refusedForGood } from './outbox';
import { applyTemplateChanges } from './template-changes';
import { applyWriteChanges } from './write-log';

/** This machine's entries for the shop as its own log holds them, newest first, in pages. */
export type LocalEntryPages = () => AsyncIterable<readonly ShopAuditInput[]>;

const RESEND_BATCH = 200;

/** The entries of `pages` the shop lacks (less `skip`, each id once), oldest first. */
export async function lostEntries(
  pool: Pool,
  pages: AsyncIterable<readonly ShopAuditInput[]>,
  skip: ReadonlySet<string>,
): Promise<ShopAuditInput[]> {
  const lost: ShopAuditInput[] = [];
  // Sources overlap (the outbox's copy and the local log): each entry is asked about once.
  const seen = new Set(skip);
  for await (const page of pages) {
    const asked = page.filter((entry) => !seen.has(entry.id));
    for (const entry of asked) seen.add(entry.id);
    if (asked.length === 0) continue;
    const missing = new Set(
      await auditIdsMissing(
        pool,
        asked.map((entry) => entry.id),
      ),
    );
    lost.push(...asked.filter((entry) => missing.has(entry.id)));
    if (missing.size === 0) break;
  }
  return lost.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

export interface ResendResult {
  /** Rows the shop took (those it lacked). */
  inserted: number;
  /** Entries the shop refused for good (SQLSTATE class 22 or 23), with its reason; kept in the local log. */
  refused: { entry: ShopAuditInput; reason: string }[];
}

/** One transaction: the batch's entries the shop lacks, and their garage changes. */
async function resendBatch(pool: Pool, garageId: string, batch: readonly ShopAuditInput[]): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const fresh = await resendAuditEntries(client, garageId, batch);
    await applyGarageChanges(client, garageId, batch, fresh);
    await applyTemplateChanges(client, garageId, batch, fresh);
    await applyWriteChanges(client, garageId, batch, fresh);
    await client.query('COMMIT');
    client.release();
    return fresh.size;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(true);
    throw error;
  }
}

/**
 * Sends `entries` again, oldest first, in batches. A batch the server refuses for good is sent one
 * entry at a time, so one refused entry (say, dated into a job closed before the restore point)
 * does not keep the others out. Throws a ShopError for anything a retry may fix.
 */
export async function resendEntries(
  pool: Pool,
  garageId: string,
  entries: readonly ShopAuditInput[],
): Promise<ResendResult> {
  const result: ResendResult = { inserted: 0, refused: [] };
  for (let at = 0; at < entries.length; at += RESEND_BATCH) {
    const batch = entries.slice(at, at + RESEND_BATCH);
    try {
      result.inserted += await resendBatch(pool, garageId, batch);
    } catch (error) {
      if (!refusedForGood(error)) throw toShopError(error);
      for (const entry of batch) {
        try {
          result.inserted += await resendBatch(pool, garageId, [entry]);
        } catch (alone) {
          if (!refusedForGood(alone)) throw toShopError(alone);
          result.refused.push({ entry, reason: toShopError(alone).message });
        }
      }
    }
  }
  return result;
}
