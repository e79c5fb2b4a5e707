// German: every key of the English catalog, with the same placeholders (test/unit/i18n keeps them so).
import type { en } from '../en';
import { DE_MAIN_ONLY_SECTIONS, deMainOnly } from './main-only';
import { DE_WINDOW_SECTIONS, deWindow } from './window-sections';

export const DE_SECTIONS = { ...DE_WINDOW_SECTIONS, ...DE_MAIN_ONLY_SECTIONS };

export const de = { ...deWindow, ...deMainOnly } satisfies Record<keyof typeof en, string>;
