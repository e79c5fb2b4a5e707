// The profiles main keeps (each a service address, its token state and its garage), and which one is
// active: what the header, Settings and every profile-scoped store read.
import type { Result } from '../../../electron/shared/result';
import type { Profile } from '../../../electron/shared/types';
import { mainApi } from './main-api';

export interface ProfilesDeps {
  /** Another profile became active: its own garage is shown from the start. */
  switched(): Promise<void>;
}

class Profiles {
  all = $state.raw<Profile[]>([]);
  active = $derived(this.all.find((p) => p.active) ?? null);

  private readonly deps: ProfilesDeps;

  constructor(deps: ProfilesDeps) {
    this.deps = deps;
  }

  /** Reads the profiles again; the list shown stays as it was when the read fails. */
  async refresh(): Promise<Result<Profile[]>> {
    const result = await mainApi().profiles.list();
    if (result.ok) this.all = result.value;
    return result;
  }

  async activate(id: string): Promise<Result<Profile>> {
    const result = await mainApi().profiles.activate(id);
    if (result.ok) await this.deps.switched();
    return result;
  }

  reset(): void {
    this.all = [];
  }
}

export type ProfilesStore = Profiles;

export function createProfiles(deps: ProfilesDeps): ProfilesStore {
  return new Profiles(deps);
}
