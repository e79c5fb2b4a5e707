// audit.*: the log of every write, its search across every vehicle, and its export to a file the technician picks.
import { ok } from '../../../shared/result';
import type { AuditLog } from '../../audit/audit-log';
import type { createAuditExport } from '../../services/audit-export';
import type { createAuditSearch } from '../../services/audit-search';
import type { HandlerGroup } from './types';

export function auditHandlers(deps: {
  audit: Pick<AuditLog, 'list'>;
  auditExport: Pick<ReturnType<typeof createAuditExport>, 'toFile'>;
  auditSearch: Pick<ReturnType<typeof createAuditSearch>, 'search'>;
}): HandlerGroup<'audit.list' | 'audit.search' | 'audit.exportToFile'> {
  return {
    'audit.list': async (query) => ok(await deps.audit.list(query)),
    'audit.search': async (text, query) => ok(await deps.auditSearch.search(text, query)),
    'audit.exportToFile': async (filter) => ok(await deps.auditExport.toFile(filter)),
  };
}
