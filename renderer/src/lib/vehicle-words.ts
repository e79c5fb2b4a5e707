// A vehicle's state in the words and marks a technician reads at a glance; "unknown" wherever the
// service did not say, never a guess.
import { t } from './i18n.svelte';
import type { VehicleState } from '../../../electron/shared/types';

/** What is said where the service did not say. */
export function unknownText(): string {
  return t('words.unknown');
}

export function onOff(value: boolean | null | undefined, on = t('words.on'), off = t('words.off')): string {
  return value === true ? on : value === false ? off : unknownText();
}

const WINDOW_NAMES = [
  ['fd_window', 'words.frontLeft'],
  ['fp_window', 'words.frontRight'],
  ['rd_window', 'words.rearLeft'],
  ['rp_window', 'words.rearRight'],
] as const;

/** "All closed", "Open: front left, rear right", or unknown when any window is not reported. */
export function windowsText(state: VehicleState): string {
  const section = state.vehicle_state;
  if (!section) return unknownText();
  const open: string[] = [];
  for (const [key, name] of WINDOW_NAMES) {
    const value = section[key];
    if (typeof value !== 'number') return unknownText();
    if (value !== 0) open.push(t(name));
  }
  return open.length === 0 ? t('words.allClosed') : t('words.open', { list: open.join(', ') });
}

const SHIFT = { P: 'words.park', D: 'words.drive', R: 'words.reverse', N: 'words.neutral' } as const;

export function shiftText(state: VehicleState): string {
  const shift = state.drive_state?.shift_state;
  if (state.drive_state && (shift === null || shift === undefined)) return t('words.notInGear');
  if (!shift) return unknownText();
  return shift in SHIFT ? t(SHIFT[shift as keyof typeof SHIFT]) : shift;
}

/** Battery %, or unknown. */
export function batteryText(state: VehicleState): string {
  const level = state.charge_state?.battery_level;
  return typeof level === 'number' ? t('words.battery', { level: Math.round(level) }) : unknownText();
}

/** "Charging", "Complete", "Disconnected"… as the service says it, or unknown. */
export function chargingText(state: VehicleState): string {
  return state.charge_state?.charging_state?.trim() || unknownText();
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
  const sentence = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  return momentary ? t('words.momentary', { words: sentence }) : sentence;
}

/** A tyre's status word from the service ("low") in a sentence's terms; unknown when absent. */
export function tyreStatusText(status: string | null | undefined): string {
  if (!status) return t('words.statusUnknown');
  // The codes the service documents are in the catalogs; another is shown as the service sent it.
  const known = (['normal', 'low', 'unknown'] as const).find((code) => code === status.toLowerCase());
  if (known) return t(`tyreStatus.${known}`);
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
  if (!update || update.status === undefined || update.status === null) return unknownText();
  if (update.status === '') return t('words.noneWaiting');
  const version = update.version ?? null;
  if (update.status === 'installing' && typeof update.install_perc === 'number') {
    const percent = update.install_perc;
    return version ? t('words.installingVersion', { version, percent }) : t('words.installing', { percent });
  }
  if (update.status === 'downloading' && typeof update.download_perc === 'number') {
    const percent = update.download_perc;
    return version
      ? t('words.downloadingVersion', { version, percent })
      : t('words.downloading', { percent });
  }
  // Any other status is the service's own word, shown as it says it.
  return `${update.status.charAt(0).toUpperCase()}${update.status.slice(1).replace(/_/g, ' ')}${version ? ` ${version}` : ''}`;
}
