// One read from window.garage with its loading state; a newer load wins over a slower older one.
import type { Result } from '../../../electron/shared/result';

export class Resource<T, Extra extends object = object> {
  loading = $state(false);
  result = $state.raw<Result<T, Extra> | null>(null);
  #fetch: (refresh: boolean) => Promise<Result<T, Extra>>;
  #seq = 0;

  constructor(fetch: (refresh: boolean) => Promise<Result<T, Extra>>) {
    this.#fetch = fetch;
  }

  async load(refresh = false): Promise<Result<T, Extra> | null> {
    const seq = ++this.#seq;
    this.loading = true;
    const result = await this.#fetch(refresh);
    if (seq !== this.#seq) return null;
    this.result = result;
    this.loading = false;
    return result;
  }
}
