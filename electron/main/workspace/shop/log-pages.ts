// The local audit log read back newest first, a page at a time, from a given time on: what the
// queue mark re-queues after a crash and what is sent again after the shop lost it. Pages overlap
// by their edge time (`to` is inclusive, and many entries may share one time), so each entry comes
// once, by its id.
import type { AuditLog } from '../../audit/audit-log';
import type { AuditEntry } from '../../../shared/types';

const PAGE = 1_000;

/** The entries from `from` on (all when null), newest first, each once, in pages. */
export async function* logPagesNewestFirst(
  audit: Pick<AuditLog, 'list'>,
  from: string | null,
): AsyncGenerator<AuditEntry[]> {
  const seen = new Set<string>();
  let to: string | undefined;
  for (;;) {
    const page = await audit.list({ ...(from ? { from } : {}), ...(to ? { to } : {}), limit: PAGE });
    const fresh = page.filter((entry) => !seen.has(entry.id));
    for (const entry of fresh) seen.add(entry.id);
    if (fresh.length > 0) yield fresh;
    if (page.length < PAGE || fresh.length === 0) return;
    to = page.at(-1)!.time;
  }
}
