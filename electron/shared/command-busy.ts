// One command at a time per car: main refuses a second single-vehicle command while one runs on the
// car, and every tab locks its command buttons meanwhile, both in these words.
import type { RunCommandName } from './bulk-commands';
import { english, type Say } from './i18n/english';

/** "Lock is still running on this vehicle; wait for it to finish." */
export function commandBusyText(running: RunCommandName, say: Say = english): string {
  return say('commandBusy.text', { label: say(`command.${running}`) });
}
