// audit.*: the log of every write, and its export to a file the technician picks.
import { ok } from '../../../shared/result';
import type { AuditLog } from '../../audit/audit-log';
import type { createAuditExport } from '../../services/audit-export';
import type { HandlerGroup } from './types';

export function auditHandlers(deps: {
  audit: Pick<AuditLog, 'list'>;
  auditExport: Pick<ReturnType<typeof createAuditExport>, 'toFile'>;
}): HandlerGroup<'audit.list' | 'audit.exportToFile'> {
  return {
    'audit.list': async (query) => ok(await deps.audit.list(query)),
    'audit.exportToFile': async (filter) => ok(await deps.auditExport.toFile(filter)),
  };
}
