// app.* and updates.*: what the app is, its diagnostics, and consent-only updates.
import { ok } from '../../../shared/result';
import type { AppInfo } from '../../../shared/types';
import type { Diagnostics } from '../../logging/diagnostics';
import type { UpdateService } from '../../updates/update-service';
import type { HandlerGroup } from './types';

export function appHandlers(deps: {
  appInfo: Omit<AppInfo, 'demo'>;
  isDemo: () => Promise<boolean>;
  diagnostics: Pick<Diagnostics, 'text'>;
  updates: Pick<UpdateService, 'check' | 'install' | 'status'>;
}): HandlerGroup<'app.info' | 'app.diagnostics' | 'updates.check' | 'updates.status' | 'updates.install'> {
  return {
    'app.info': async () => ok({ ...deps.appInfo, demo: await deps.isDemo() }),
    'app.diagnostics': async () => ok({ text: await deps.diagnostics.text() }),
    'updates.check': async () => ok(await deps.updates.check()),
    'updates.status': async () => ok(deps.updates.status()),
    'updates.install': async (input) => ok(await deps.updates.install(input)),
  };
}
