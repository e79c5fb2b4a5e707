// German: every key of the English catalog, with the same placeholders (test/unit/i18n keeps them so).
import type { en } from '../en';
import { bulk } from './bulk';
import { commandWords } from './command-words';
import { common } from './common';
import { garage } from './garage';
import { mainApp } from './main-app';
import { plates } from './plates';
import { settings } from './settings';
import { shell } from './shell';
import { time } from './time';
import { vehicleWords } from './vehicle-words';
import { vehicle } from './vehicle';

export const DE_SECTIONS = {
  bulk,
  commandWords,
  common,
  garage,
  mainApp,
  plates,
  settings,
  shell,
  time,
  vehicleWords,
  vehicle,
};

export const de = {
  ...bulk,
  ...commandWords,
  ...common,
  ...garage,
  ...mainApp,
  ...plates,
  ...settings,
  ...shell,
  ...time,
  ...vehicleWords,
  ...vehicle,
} satisfies Record<keyof typeof en, string>;
