// A Settings form's save: busy while main keeps it, main's refusal said in the form's problem,
// main's answer shown, and "saved" until the next change. One path for every such form.
import type { Result } from '../../../electron/shared/result';
import { describeError } from './errors';

export interface SavingForm {
  busy: boolean;
  problem: string | null;
  saved: boolean;
}

export async function saveSetting<T>(
  form: SavingForm,
  send: () => Promise<Result<T>>,
  show: (kept: T) => void,
): Promise<void> {
  form.busy = true;
  form.problem = null;
  try {
    const result = await send();
    if (!result.ok) {
      form.problem = describeError(result.error);
      return;
    }
    show(result.value);
    form.saved = true;
  } finally {
    form.busy = false;
  }
}
