// A vehicle's state in the words and marks a technician reads at a glance; "unknown" wherever the
// service did not say, never a guess.
import type { VehicleState } from '../../../electron/shared/types';

export const UNKNOWN = 'Unknown';

export function onOff(value: boolean | null | undefined, on = 'On', off = 'Off'): string {
  return value === true ? on : value === false ? off : UNKNOWN;
}

const WINDOW_NAMES = [
  ['fd_window', 'front left'],
  ['fp_window', 'front right'],
  ['rd_window', 'rear left'],
  ['rp_window', 'rear right'],
] as const;

/** "All closed", "Open: front left, rear right", or unknown when any window is not reported. */
export function windowsText(state: VehicleState): string {
  const section = state.vehicle_state;
  if (!section) return UNKNOWN;
  const open: string[] = [];
  for (const [key, name] of WINDOW_NAMES) {
    const value = section[key];
    if (typeof value !== 'number') return UNKNOWN;
    if (value !== 0) open.push(name);
  }
  return open.length === 0 ? 'All closed' : `Open: ${open.join(', ')}`;
}

const SHIFT: Record<string, string> = { P: 'Park (P)', D: 'Drive (D)', R: 'Reverse (R)', N: 'Neutral (N)' };

export function shiftText(state: VehicleState): string {
  const shift = state.drive_state?.shift_state;
  if (state.drive_state && (shift === null || shift === undefined)) return 'Not in gear (parked or asleep)';
  return shift ? (SHIFT[shift] ?? shift) : UNKNOWN;
}

/** Battery %, or unknown. */
export function batteryText(state: VehicleState): string {
  const level = state.charge_state?.battery_level;
  return typeof level === 'number' ? `${Math.round(level)} %` : UNKNOWN;
}

/** "Charging", "Complete", "Disconnected"… as the service says it, or unknown. */
export function chargingText(state: VehicleState): string {
  return state.charge_state?.charging_state?.trim() || UNKNOWN;
}

/**
 * "VCFRONT_a361_washerFluidLowMomentary" → "Washer fluid low (momentary)": the signal name in
 * words; the raw name stays on screen for support.
 */
export function alertWords(name: string): string {
  const prefixed = /^[A-Z0-9]+_[a-z]\d+_/.exec(name);
  const signal = prefixed ? name.slice(prefixed[0].length) : name.replace(/^[A-Z0-9]+_/, '');
  const parts = signal
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    // Acronyms (SW, HV) stay in capitals; other words read in lower case.
    .map((word) =>
      word.length > 1 && /^[A-Z0-9]+$/.test(word) && /[A-Z]/.test(word) ? word : word.toLowerCase(),
    );
  const momentary = parts.at(-1) === 'momentary' && parts.length > 1;
  if (momentary) parts.pop();
  const words = parts.join(' ');
  if (words === '') return name;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${momentary ? ' (momentary)' : ''}`;
}

/** A tyre's status word from the service ("low") in a sentence's terms; unknown when absent. */
export function tyreStatusText(status: string | null | undefined): string {
  if (!status) return 'Status unknown';
  const word = status.replace(/_/g, ' ');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The software update as the car reported it: status and progress, or unknown when not reported. */
export function updateText(
  update:
    | {
        status?: string | null;
        version?: string | null;
        install_perc?: number | null;
        download_perc?: number | null;
      }
    | null
    | undefined,
): string {
  if (!update || update.status === undefined || update.status === null) return UNKNOWN;
  if (update.status === '') return 'None waiting';
  const version = update.version ? ` ${update.version}` : '';
  if (update.status === 'installing' && typeof update.install_perc === 'number')
    return `Installing${version} · ${update.install_perc} %`;
  if (update.status === 'downloading' && typeof update.download_perc === 'number')
    return `Downloading${version} · ${update.download_perc} %`;
  return `${update.status.charAt(0).toUpperCase()}${update.status.slice(1).replace(/_/g, ' ')}${version}`;
}
