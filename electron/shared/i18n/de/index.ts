// German: every key of the English catalog, with the same placeholders (test/unit/i18n keeps them so).
import type { en } from '../en';
import { actions } from './actions';
import { common } from './common';
import { errors } from './errors';
import { garage } from './garage';
import { jobRecord } from './job-record';
import { mainApp } from './main-app';
import { plates } from './plates';
import { settings } from './settings';
import { time } from './time';
import { vehicleWords } from './vehicle-words';
import { overviewWords } from './overview-words';
import { vehicle } from './vehicle';

export const DE_SECTIONS = {
  actions,
  common,
  errors,
  garage,
  jobRecord,
  mainApp,
  plates,
  settings,
  time,
  vehicleWords,
  vehicle,
  overviewWords,
};

export const de = {
  ...actions,
  ...common,
  ...errors,
  ...garage,
  ...jobRecord,
  ...mainApp,
  ...plates,
  ...settings,
  ...time,
  ...vehicleWords,
  ...vehicle,
  ...overviewWords,
} satisfies Record<keyof typeof en, string>;
