// profiles.*: the technician's profiles; tokens go into the keychain and never come back.
import { ok } from '../../../shared/result';
import type { ProfilesService } from '../../services/profiles-service';
import type { HandlerGroup } from './types';

export function profileHandlers(
  profiles: ProfilesService,
): HandlerGroup<
  | 'profiles.list'
  | 'profiles.create'
  | 'profiles.update'
  | 'profiles.remove'
  | 'profiles.activate'
  | 'profiles.setToken'
  | 'profiles.clearToken'
  | 'profiles.testConnection'
> {
  return {
    'profiles.list': async () => ok(await profiles.list()),
    'profiles.create': async (input) => ok(await profiles.create(input)),
    'profiles.update': async (id, patch) => ok(await profiles.update(id, patch)),
    'profiles.remove': async (id) => {
      await profiles.remove(id);
      return ok(null);
    },
    'profiles.activate': async (id) => ok(await profiles.activate(id)),
    'profiles.setToken': async (id, token) => ok(await profiles.setToken(id, token)),
    'profiles.clearToken': async (id) => ok(await profiles.clearToken(id)),
    'profiles.testConnection': async (id) => ok(await profiles.testConnection(id)),
  };
}
