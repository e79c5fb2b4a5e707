// German: every key of the English catalog, with the same placeholders (test/unit/i18n keeps them so).
import type { en } from '../en';
import { common } from './common';
import { garage } from './garage';
import { mainApp } from './main-app';
import { plates } from './plates';
import { settings } from './settings';
import { technician } from './technician';
import { time } from './time';
import { vehicleWords } from './vehicle-words';
import { vehicle } from './vehicle';

export const DE_SECTIONS = {
  common,
  garage,
  mainApp,
  plates,
  settings,
  technician,
  time,
  vehicleWords,
  vehicle,
};

export const de = {
  ...common,
  ...garage,
  ...mainApp,
  ...plates,
  ...settings,
  ...technician,
  ...time,
  ...vehicleWords,
  ...vehicle,
} satisfies Record<keyof typeof en, string>;
