// English, the source catalog: every key of the app and its placeholders are defined here first.
// A section per part of the app; keys start with their part's name, so none repeats across them.
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

export const EN_SECTIONS = {
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

export const en = {
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
};
