// English, the source catalog: every key of the app and its placeholders are defined here first.
// A section per part of the app; keys start with their part's name, so none repeats across them.
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

export const EN_SECTIONS = {
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

export const en = {
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
};
