// English, the source catalog: every key of the app and its placeholders are defined here first.
// A section per part of the app; keys start with their part's name, so none repeats across them.
import { EN_MAIN_ONLY_SECTIONS, enMainOnly } from './main-only';
import { EN_WINDOW_SECTIONS, enWindow } from './window-sections';

export const EN_SECTIONS = { ...EN_WINDOW_SECTIONS, ...EN_MAIN_ONLY_SECTIONS };

export const en = { ...enWindow, ...enMainOnly };
