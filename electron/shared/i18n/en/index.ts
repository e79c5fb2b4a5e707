// English, the source catalog: every key of the app and its placeholders are defined here first.
// A section per part of the app; keys start with their part's name, so none repeats across them.
import { access } from './access';
import { actions } from './actions';
import { bulk } from './bulk';
import { bulkday } from './bulkday';
import { commandDone } from './command-done';
import { commandWords } from './command-words';
import { commandsTab } from './commands-tab';
import { common } from './common';
import { contextMenu } from './context-menu';
import { csvColumns } from './csv-columns';
import { effectWords } from './effect-words';
import { errors } from './errors';
import { jobFileCheck } from './job-file-check';
import { floor } from './floor';
import { floor2 } from './floor2';
import { elsewhere } from './elsewhere';
import { garage } from './garage';
import { history } from './history';
import { jobPdf } from './job-pdf';
import { jobRecord } from './job-record';
import { jobTab } from './job-tab';
import { jobDay } from './job-day';
import { jobVerify } from './job-verify';
import { linkWords } from './link-words';
import { mainApi } from './main-api';
import { mainApp } from './main-app';
import { mainRuns } from './main-runs';
import { mainArgs } from './main-args';
import { mainShop } from './main-shop';
import { mainStores } from './main-stores';
import { overviewWords } from './overview-words';
import { plates } from './plates';
import { releaseNotes } from './release-notes';
import { ruleWords } from './rule-words';
import { rules2 } from './rules2';
import { runSummary } from './run-summary';
import { settings } from './settings';
import { shell } from './shell';
import { technician } from './technician';
import { telemetry } from './telemetry';
import { time } from './time';
import { vehicle } from './vehicle';
import { vehicleWords } from './vehicle-words';
import { workshop } from './workshop';
import { transport } from './transport';
import { networkFile } from './network-file';

export const EN_SECTIONS = {
  access,
  actions,
  bulk,
  bulkday,
  commandDone,
  commandWords,
  commandsTab,
  common,
  contextMenu,
  csvColumns,
  effectWords,
  errors,
  jobFileCheck,
  floor,
  floor2,
  elsewhere,
  garage,
  history,
  jobPdf,
  jobRecord,
  jobTab,
  jobDay,
  jobVerify,
  linkWords,
  mainApi,
  mainApp,
  mainRuns,
  mainArgs,
  mainShop,
  mainStores,
  overviewWords,
  plates,
  releaseNotes,
  ruleWords,
  rules2,
  runSummary,
  settings,
  shell,
  technician,
  telemetry,
  time,
  vehicle,
  vehicleWords,
  workshop,
  transport,
  networkFile,
};

export const en = {
  ...access,
  ...actions,
  ...bulk,
  ...bulkday,
  ...commandDone,
  ...commandWords,
  ...commandsTab,
  ...common,
  ...contextMenu,
  ...csvColumns,
  ...effectWords,
  ...errors,
  ...jobFileCheck,
  ...floor,
  ...floor2,
  ...elsewhere,
  ...garage,
  ...history,
  ...jobPdf,
  ...jobRecord,
  ...jobTab,
  ...jobDay,
  ...jobVerify,
  ...linkWords,
  ...mainApi,
  ...mainApp,
  ...mainRuns,
  ...mainArgs,
  ...mainShop,
  ...mainStores,
  ...overviewWords,
  ...plates,
  ...releaseNotes,
  ...ruleWords,
  ...rules2,
  ...runSummary,
  ...settings,
  ...shell,
  ...technician,
  ...telemetry,
  ...time,
  ...vehicle,
  ...vehicleWords,
  ...workshop,
  ...transport,
  ...networkFile,
};
