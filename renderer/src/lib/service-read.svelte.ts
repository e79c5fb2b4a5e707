// A read of the service shown in a card: when it started (so a slow one says for how long) and
// what it tells the connection tracker about reachability.
import type { FetchMeta } from '../../../electron/shared/types';
import type { Result } from '../../../electron/shared/result';
import { Resource } from './resource.svelte';
import { connection } from './stores';

export class ServiceRead<T, Extra extends FetchMeta = FetchMeta> extends Resource<T, Extra> {
  /** Epoch ms the latest read started. */
  since = $state(Date.now());

  async read(refresh = false): Promise<Result<T, Extra> | null> {
    this.since = Date.now();
    const result = await this.load(refresh);
    if (result?.ok) connection.noteRead(result);
    else if (result) connection.noteError(result.error);
    return result;
  }
}
