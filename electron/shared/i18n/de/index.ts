// German: every key of the English catalog, with the same placeholders (test/unit/i18n keeps them so).
import type { en } from '../en';
import { access } from './access';
import { common } from './common';
import { garage } from './garage';
import { history } from './history';
import { mainApp } from './main-app';
import { plates } from './plates';
import { releaseNotes } from './release-notes';
import { settings } from './settings';
import { technician } from './technician';
import { telemetry } from './telemetry';
import { time } from './time';
import { vehicleWords } from './vehicle-words';
import { vehicle } from './vehicle';

export const DE_SECTIONS = {
  access,
  common,
  garage,
  history,
  mainApp,
  plates,
  releaseNotes,
  settings,
  technician,
  telemetry,
  time,
  vehicleWords,
  vehicle,
};

export const de = {
  ...access,
  ...common,
  ...garage,
  ...history,
  ...mainApp,
  ...plates,
  ...releaseNotes,
  ...settings,
  ...technician,
  ...telemetry,
  ...time,
  ...vehicleWords,
  ...vehicle,
} satisfies Record<keyof typeof en, string>;
