// Theme, default release-notes language and display units, kept in localStorage; the theme sets
// data-theme on <html>.
import { t } from './i18n.svelte';
import type { GarageApi } from '../../../electron/shared/ipc/api';
import { languageProblem } from '../../../electron/shared/input-rules';
import type { PressureUnit } from '../../../electron/shared/regional-units';
import { mainApi } from './main-api';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const themes = (): { value: ThemeChoice; label: string }[] => [
  { value: 'system', label: t('settings.themeSystem') },
  { value: 'light', label: t('settings.themeLight') },
  { value: 'dark', label: t('settings.themeDark') },
];
/** Languages the demo service has notes in (each named in itself); any other valid code can be typed. */
export const LANGUAGES: { code: string; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
];

export type DistanceUnit = 'km' | 'mi';
export type TemperatureUnit = 'c' | 'f';
export const distanceUnits = (): { value: DistanceUnit; label: string }[] => [
  { value: 'km', label: t('settings.distanceKm') },
  { value: 'mi', label: t('settings.distanceMi') },
];
export const temperatureUnits = (): { value: TemperatureUnit; label: string }[] => [
  { value: 'c', label: t('settings.celsius') },
  { value: 'f', label: t('settings.fahrenheit') },
];
export type { PressureUnit };
export const pressureUnits = (): { value: PressureUnit; label: string }[] => [
  { value: 'bar', label: t('settings.pressureBar') },
  { value: 'kPa', label: t('settings.pressureKpa') },
  { value: 'psi', label: t('settings.pressurePsi') },
];

const THEME_KEY = 'garage.theme';
const LANGUAGE_KEY = 'garage.language';
const DISTANCE_KEY = 'garage.distanceUnit';
const TEMPERATURE_KEY = 'garage.temperatureUnit';
const PRESSURE_KEY = 'garage.pressureUnit';
const isPressureUnit = (value: string | null): value is PressureUnit =>
  value === 'bar' || value === 'kPa' || value === 'psi';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private or full storage: the choice lasts for this session only.
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

class Preferences {
  theme = $state<ThemeChoice>('system');
  language = $state('en');
  /** Display only: the service reports miles and °C, and is always sent its own units. */
  distanceUnit = $state<DistanceUnit>('mi');
  temperatureUnit = $state<TemperatureUnit>('c');
  /** Display only: the service reports bar. */
  pressureUnit = $state<PressureUnit>('bar');
  #systemDark = $state(false);

  /** The theme actually shown, for picking light or dark images. */
  effectiveTheme = $derived<'light' | 'dark'>(
    this.theme === 'system' ? (this.#systemDark ? 'dark' : 'light') : this.theme,
  );

  constructor() {
    this.load();
  }

  /** Reads the stored choices and follows the OS theme; call again after storage changed. */
  load(): void {
    const theme = read(THEME_KEY);
    this.theme = theme === 'light' || theme === 'dark' ? theme : 'system';
    const language = read(LANGUAGE_KEY);
    this.language = language && languageProblem(language) === null ? language : 'en';
    // Until chosen, the service's own units: nothing is converted behind the technician's back.
    this.distanceUnit = read(DISTANCE_KEY) === 'km' ? 'km' : 'mi';
    this.temperatureUnit = read(TEMPERATURE_KEY) === 'f' ? 'f' : 'c';
    const pressure = read(PRESSURE_KEY);
    this.pressureUnit = isPressureUnit(pressure) ? pressure : 'bar';
    this.#systemDark = systemPrefersDark();
    if (typeof matchMedia === 'function') {
      matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', (event) => {
        this.#systemDark = event.matches;
      });
    }
    this.apply();
  }

  /**
   * The units that are the norm in the technician's region, for each unit not chosen yet (a choice
   * made in Settings always wins, and is never overwritten).
   */
  applyRegionalDefaults(units: {
    distance: DistanceUnit;
    temperature: TemperatureUnit;
    pressure?: PressureUnit;
  }): void {
    if (read(DISTANCE_KEY) === null) this.distanceUnit = units.distance;
    if (read(TEMPERATURE_KEY) === null) this.temperatureUnit = units.temperature;
    if (read(PRESSURE_KEY) === null && units.pressure) this.pressureUnit = units.pressure;
  }

  setPressureUnit(unit: PressureUnit): void {
    if (!isPressureUnit(unit)) return;
    this.pressureUnit = unit;
    write(PRESSURE_KEY, unit);
  }

  setTheme(theme: ThemeChoice): void {
    this.theme = theme;
    write(THEME_KEY, theme);
    this.apply();
  }

  setLanguage(language: string): void {
    if (languageProblem(language) !== null) return;
    this.language = language;
    write(LANGUAGE_KEY, language);
  }

  setDistanceUnit(unit: DistanceUnit): void {
    if (unit !== 'km' && unit !== 'mi') return;
    this.distanceUnit = unit;
    write(DISTANCE_KEY, unit);
  }

  setTemperatureUnit(unit: TemperatureUnit): void {
    if (unit !== 'c' && unit !== 'f') return;
    this.temperatureUnit = unit;
    write(TEMPERATURE_KEY, unit);
  }

  private apply(): void {
    // Native menus, dialogs and the title bar follow the same choice (main keeps nothing of it).
    // (No main before the page is wired: the first load runs before the window's API exists in tests.)
    void (mainApi() as GarageApi | undefined)?.settings.setTheme(this.theme).catch(() => {});
    if (typeof document === 'undefined') return;
    const root = document.documentElement;
    if (this.theme === 'system') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', this.theme);
  }
}

export type PreferencesStore = Preferences;

export function createPreferences(): PreferencesStore {
  return new Preferences();
}
