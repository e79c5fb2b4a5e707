// One command at a time per car: main refuses a second single-vehicle command while one runs on the
// car, and every tab locks its command buttons meanwhile, both in these words.
import { runCommandSpec, type RunCommandName } from './bulk-commands';

/** "Lock is still running on this vehicle; wait for it to finish." */
export function commandBusyText(running: RunCommandName): string {
  return `${runCommandSpec(running).label} is still running on this vehicle; wait for it to finish.`;
}
