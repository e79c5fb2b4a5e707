// A command's name as its button says it, in the window's language. The shared tables keep an
// English label each for main's records; the window reads the catalogs instead.
import type { RunCommandName } from '../../../electron/shared/bulk-commands';
import { t } from './i18n.svelte';

export function commandLabel(name: RunCommandName): string {
  return t(`command.${name}`);
}
