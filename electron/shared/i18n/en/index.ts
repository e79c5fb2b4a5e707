// English, the source catalog: every key of the app and its placeholders are defined here first.
// A section per part of the app; keys start with their part's name, so none repeats across them.
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

export const EN_SECTIONS = {
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

export const en = {
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
};
