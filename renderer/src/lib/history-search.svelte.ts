// The search of every vehicle's history, as the History tab asks it: main reads its log and answers
// the matching entries of any car, newest first, each with its vehicle named, and how far back it
// read when it stopped at its bound.
import type { AuditSearchAnswer } from '../../../electron/shared/types';
import { mainApi } from './main-api';
import { Resource } from './resource.svelte';

export class HistorySearch {
  /** The text the shown answer was searched for; null before the first search or once cleared. */
  searched = $state<string | null>(null);
  readonly hits: Resource<AuditSearchAnswer>;
  #text = '';

  constructor() {
    this.hits = new Resource(() => mainApi().audit.search(this.#text));
  }

  search(text: string): Promise<unknown> {
    this.#text = text.trim();
    this.searched = this.#text;
    return this.hits.load();
  }

  clear(): void {
    this.searched = null;
  }
}
