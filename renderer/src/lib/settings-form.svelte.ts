// What a settings form that main keeps has in common (Network, a profile's shop): the setting as
// main last answered it, a save or test under way, why the last save failed, and what the last
// "Test connection" saw and when.
import type { ErrorInfo, Result } from '../../../electron/shared/result';
import { describeError } from './errors';
import { formatTimeNow } from './format';

export interface TestedWords {
  tone: 'ok' | 'danger';
  text: string;
}

export class SettingsForm<View> {
  /** The setting as main last answered it; null until read. */
  view = $state<View | null>(null);
  busy = $state(false);
  error = $state<ErrorInfo | null>(null);
  /** What the last "Test connection" saw, and when. */
  tested = $state<TestedWords | null>(null);

  /**
   * Saves through `call`; false, with `error`, when main refused. `shown` puts what main answered in
   * the form in the same step as `view`, so the page never shows it beside fields from before it.
   */
  protected async saveWith(call: () => Promise<Result<View>>, shown: (view: View) => void): Promise<boolean> {
    this.busy = true;
    this.error = null;
    const result = await call();
    this.busy = false;
    if (!result.ok) {
      this.error = result.error;
      return false;
    }
    this.view = result.value;
    shown(result.value);
    return true;
  }

  /** Runs a connection test; `reached` words what it reached ("Connected at 10:01:02 as …"). */
  protected async testWith<T>(call: () => Promise<Result<T>>, reached: (value: T, at: string) => string) {
    this.busy = true;
    this.tested = null;
    const result = await call();
    this.busy = false;
    const at = formatTimeNow();
    this.tested = result.ok
      ? { tone: 'ok', text: reached(result.value, at) }
      : { tone: 'danger', text: `Not connected at ${at}: ${describeError(result.error)}` };
  }
}
