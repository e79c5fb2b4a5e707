// A read of the service shown in a card: when it started, so a slow one says for how long. What it
// shows of the service's reachability is main's to say (its connection.changed event).
import type { FetchMeta } from '../../../electron/shared/types';
import type { Result } from '../../../electron/shared/result';
import { Resource } from './resource.svelte';

export class ServiceRead<T, Extra extends FetchMeta = FetchMeta> extends Resource<T, Extra> {
  /** Epoch ms the latest read started. */
  since = $state(Date.now());

  async read(refresh = false): Promise<Result<T, Extra> | null> {
    this.since = Date.now();
    return this.load(refresh);
  }
}
