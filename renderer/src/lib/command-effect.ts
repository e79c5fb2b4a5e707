// Whether a command's outcome still describes the car, and the car's switches as its state reports
// them. What a command did is main's to say (shared/command-outcome.ts, summarised when its run
// ends). Pure: tested without a DOM.
import type { RunCommandName } from '../../../electron/shared/bulk-commands';
import { COMMAND_FACTS } from '../../../electron/shared/command-facts';
import type { CommandName } from '../../../electron/shared/commands';
import type { VehicleState } from '../../../electron/shared/types';
import { t, type MessageKey } from './i18n.svelte';

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
  if (outcome.effectShown && stateStillShows(name, state) === false) return t('commandsTab.noLongerShows');
  return null;
}

/** The car's switches the Commands tab shows before its buttons, each in the car's own words. */
export const CAR_SWITCHES: { label: MessageKey; command: CommandName }[] = [
  { label: 'commandsTab.valet', command: 'enable_valet' },
  { label: 'commandsTab.lowPower', command: 'enable_low_power_mode' },
  { label: 'commandsTab.chargePort', command: 'open_charge_port' },
];

/** "on"/"off" ("open"/"closed" for the port) as the car reports it, or null when it does not say. */
export function switchText(command: CommandName, state: VehicleState | null): string | null {
  const fact = COMMAND_FACTS[command];
  if (!fact || state === null) return null;
  const now = fact.read(state);
  if (now === null) return null;
  if (command === 'open_charge_port') return now ? t('commandsTab.open') : t('commandsTab.closed');
  return now ? t('commandsTab.on') : t('commandsTab.off');
}
