// The app itself as main describes it: its name, version, platform and the system's locale, and the
// diagnostics text support asks for (no token in it).
import { t } from './i18n.svelte';
import type { AppInfo } from '../../../electron/shared/types';
import { copyText } from './download';
import { describeError } from './errors';
import { mainApi } from './main-api';
import type { ToastTone } from './toasts.svelte';

/** What main says of the app, or null when it did not answer. */
export async function readAppInfo(): Promise<AppInfo | null> {
  const result = await mainApi().app.info();
  return result.ok ? result.value : null;
}

/** Copies main's diagnostics to the clipboard; says how it went, for a toast. */
export async function copyDiagnostics(): Promise<{ text: string; tone: ToastTone }> {
  const result = await mainApi().app.diagnostics();
  if (!result.ok) return { text: describeError(result.error), tone: 'error' };
  const done = await copyText(result.value.text);
  return done
    ? { text: t('settings.diagnosticsCopied'), tone: 'success' }
    : { text: t('settings.noClipboard'), tone: 'error' };
}
