// audit.*: the log of every write, and its CSV export.
import { ok } from '../../../shared/result';
import type { AuditLog } from '../../audit/audit-log';
import type { HandlerGroup } from './types';

export function auditHandlers(deps: {
  audit: Pick<AuditLog, 'list' | 'exportCsv'>;
  now: () => Date;
}): HandlerGroup<'audit.list' | 'audit.exportCsv'> {
  return {
    'audit.list': async (query) => ok(await deps.audit.list(query)),
    'audit.exportCsv': async () =>
      ok({
        fileName: `vehicle-garage-audit-${deps.now().toISOString().slice(0, 10)}.csv`,
        csv: await deps.audit.exportCsv(),
      }),
  };
}
