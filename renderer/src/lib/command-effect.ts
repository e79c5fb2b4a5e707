// Whether a command's outcome still describes the car, and the car's switches as its state reports
// them. What a command did is main's to say (shared/command-outcome.ts, summarised when its run
// ends). Pure: tested without a DOM.
import type { RunCommandName } from '../../../electron/shared/bulk-commands';
import { COMMAND_FACTS } from '../../../electron/shared/command-facts';
import type { CommandName } from '../../../electron/shared/commands';
import type { VehicleState } from '../../../electron/shared/types';

/**
 * Whether the car's state still shows what a switch-like command set: true when it does, false when
 * the car now reports the opposite (the outcome no longer describes the car), null when the command
 * sets no such fact or the state does not report it.
 */
export function stateStillShows(name: RunCommandName, state: VehicleState | null): boolean | null {
  const fact = COMMAND_FACTS[name];
  if (!fact || state === null) return null;
  const now = fact.read(state);
  return now === null ? null : now === fact.expected;
}

/**
 * Why a command's outcome no longer describes the car, or null: its opposite command ran since, or
 * the car now reports the other value (changed by the owner, the app or another technician).
 */
export function staleReason(
  name: RunCommandName,
  outcome: { tone: string; superseded?: string; effectShown?: boolean } | null,
  state: VehicleState | null,
): string | null {
  if (outcome === null || outcome.tone !== 'ok') return null;
  if (outcome.superseded) return outcome.superseded;
  if (outcome.effectShown && stateStillShows(name, state) === false) return 'The car no longer shows this';
  return null;
}

/** The car's switches the Commands tab shows before its buttons, each in the car's own words. */
export const CAR_SWITCHES: { label: string; command: CommandName }[] = [
  { label: 'Valet mode', command: 'enable_valet' },
  { label: 'Low power mode', command: 'enable_low_power_mode' },
  { label: 'Charge port', command: 'open_charge_port' },
];

/** "on"/"off" ("open"/"closed" for the port) as the car reports it, or null when it does not say. */
export function switchText(command: CommandName, state: VehicleState | null): string | null {
  const fact = COMMAND_FACTS[command];
  if (!fact || state === null) return null;
  const now = fact.read(state);
  if (now === null) return null;
  return command === 'open_charge_port' ? (now ? 'open' : 'closed') : now ? 'on' : 'off';
}
