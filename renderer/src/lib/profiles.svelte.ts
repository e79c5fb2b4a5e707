// The profiles main keeps (each a service address, its token state and its garage), and which one is
// active: what the header, Settings and every profile-scoped store read.
import type { ResultOf } from '../../../electron/shared/ipc/api';
import type { ArgsOf } from '../../../electron/shared/ipc/schemas';
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

  // A profile's own changes answer the profile as main now keeps it; the views read the list again.
  create(...args: ArgsOf<'profiles.create'>): Promise<ResultOf<'profiles.create'>> {
    return mainApi().profiles.create(...args);
  }

  update(...args: ArgsOf<'profiles.update'>): Promise<ResultOf<'profiles.update'>> {
    return mainApi().profiles.update(...args);
  }

  remove(...args: ArgsOf<'profiles.remove'>): Promise<ResultOf<'profiles.remove'>> {
    return mainApi().profiles.remove(...args);
  }

  /** The token goes to the system keychain; the window never gets it back. */
  setToken(...args: ArgsOf<'profiles.setToken'>): Promise<ResultOf<'profiles.setToken'>> {
    return mainApi().profiles.setToken(...args);
  }

  clearToken(...args: ArgsOf<'profiles.clearToken'>): Promise<ResultOf<'profiles.clearToken'>> {
    return mainApi().profiles.clearToken(...args);
  }

  /**
   * One authenticated read with this profile's own address and token (the account's vehicle list),
   * whether or not it is in use: proves the address, the token and the network at once.
   */
  testConnection(...args: ArgsOf<'profiles.testConnection'>): Promise<ResultOf<'profiles.testConnection'>> {
    return mainApi().profiles.testConnection(...args);
  }

  reset(): void {
    this.all = [];
  }
}

export type ProfilesStore = Profiles;

export function createProfiles(deps: ProfilesDeps): ProfilesStore {
  return new Profiles(deps);
}
