// The shared desk as main tells it: whether the active profile is one, who is signed in, and whether
// it is locked. The window shows its work only while someone is signed in and it is not locked;
// otherwise the sign-in. The password typed goes to main once, on submit, and is not kept here.
// Main owns the idle timer: this store only reports that the window is being used (at most once
// every USE_REPORT_MS), and follows main's `desk.changed` with its own subscription, since the
// rest of the stores are not connected while nobody is signed in.
import type { DeskView } from '../../../electron/shared/shop-desk';
import type { ErrorInfo, Result } from '../../../electron/shared/result';
import { describeError } from './errors';
import { mainApi } from './main-api';

/** How often use of the window is reported at most: the lock counts in minutes. */
export const USE_REPORT_MS = 20_000;

/**
 * A refusal at the desk in main's own words ("That is not the password Ana signed in with."): the
 * headline an error kind gets elsewhere speaks of the service's access token, which a wrong desk
 * password has nothing to do with. A failed channel has no words of main's, so it gets the headline.
 */
export function deskProblem(error: ErrorInfo): string {
  const said = error.transport ? '' : (error.message ?? '').trim();
  return said === '' ? describeError(error) : said;
}

class Desk {
  readonly #personChanged: () => void;
  /** Main's answer; null until read. */
  view = $state.raw<DeskView | null>(null);
  problem = $state<string | null>(null);
  busy = $state(false);
  /** Counts the people who signed in here: the window's work is built again for each. */
  seat = $state(0);
  #lastRole: string | null = null;
  #lastReport = 0;

  constructor(personChanged: () => void) {
    this.#personChanged = personChanged;
  }

  /** Whether the window may show the active profile's work: no desk, or someone signed in and unlocked. */
  get open(): boolean {
    const view = this.view;
    return view !== null && (!view.desk || view.state === 'signed-in');
  }

  async load(): Promise<void> {
    const result = await mainApi().desk.get();
    // Main guards its operations itself: a desk it cannot describe leaves the window as it always was.
    this.apply(result.ok ? result.value : { desk: false });
  }

  /** Main's word on the desk; a different person (or nobody) starts the window's work anew. */
  apply(view: DeskView): void {
    const role = view.desk && view.person ? view.person.role : null;
    if (role !== this.#lastRole) {
      this.#lastRole = role;
      this.seat++;
      this.#personChanged();
    }
    this.view = view;
  }

  async #ask(call: () => Promise<Result<DeskView>>): Promise<boolean> {
    this.busy = true;
    try {
      const result = await call();
      if (!result.ok) {
        this.problem = deskProblem(result.error);
        return false;
      }
      this.problem = null;
      this.apply(result.value);
      return true;
    } finally {
      this.busy = false;
    }
  }

  signIn(role: string, password: string, remember: boolean): Promise<boolean> {
    return this.#ask(() => mainApi().desk.signIn(role, password, { remember }));
  }

  unlock(password: string): Promise<boolean> {
    return this.#ask(() => mainApi().desk.unlock(password));
  }

  signOut(): Promise<boolean> {
    return this.#ask(() => mainApi().desk.signOut());
  }

  lock(): Promise<boolean> {
    return this.#ask(() => mainApi().desk.lock());
  }

  /** Removes the password remembered here for the person signed in (their own, never another's). */
  forgetMe(): Promise<boolean> {
    return this.#ask(() => mainApi().desk.forgetMe());
  }

  /** The window was used: told to main now and then, while someone works at the desk. */
  used(now = Date.now()): void {
    if (!this.open || !this.view?.desk || now - this.#lastReport < USE_REPORT_MS) return;
    this.#lastReport = now;
    void mainApi().desk.activity();
  }

  /** Follows main's desk events and reports the window's use; returns the undo. */
  connect(): () => void {
    const unsubscribe = mainApi().events.subscribe((event) => {
      if (event.type === 'desk.changed') {
        this.problem = null;
        this.apply(event.view);
      } else if (event.type === 'settings.changed' || event.type === 'shop.changed') void this.load();
    });
    const use = () => this.used();
    for (const type of ['keydown', 'pointerdown', 'wheel'] as const)
      window.addEventListener(type, use, { capture: true, passive: true });
    return () => {
      unsubscribe();
      for (const type of ['keydown', 'pointerdown', 'wheel'] as const)
        window.removeEventListener(type, use, { capture: true });
    };
  }

  /** Clears the form's last refusal (the person starts over, or someone else). */
  clearProblem(): void {
    this.problem = null;
  }

  reset(): void {
    this.view = null;
    this.problem = null;
    this.busy = false;
    this.seat = 0;
    this.#lastRole = null;
    this.#lastReport = 0;
  }
}

export type DeskStore = Desk;

/** `personChanged`: someone else (or nobody) is at the desk now; what the window read goes. */
export function createDesk(personChanged: () => void): DeskStore {
  return new Desk(personChanged);
}
