// English: the sections the window speaks, which it loads as a file of its own (the main-only ones
// are in main-only.ts, kept out of the window's download; test/unit/i18n/window-catalog.test.ts
// checks the window never asks for them).
import { access } from './access';
import { actions } from './actions';
import { ageShort } from './age-short';
import { board } from './board';
import { bulk } from './bulk';
import { bulkday } from './bulkday';
import { commandDone } from './command-done';
import { commandWords } from './command-words';
import { commandsTab } from './commands-tab';
import { common } from './common';
import { effectWords } from './effect-words';
import { fleetview } from './fleetview';
import { floor } from './floor';
import { floor2 } from './floor2';
import { boardSort } from './board-sort';
import { elsewhere } from './elsewhere';
import { garage } from './garage';
import { history } from './history';
import { historySearch } from './history-search';
import { jobPdf } from './job-pdf';
import { jobRecord } from './job-record';
import { jobTab } from './job-tab';
import { jobDay } from './job-day';
import { linkWords } from './link-words';
import { locationCard } from './location-card';
import { mainApi } from './main-api';
import { mainRuns } from './main-runs';
import { mainArgs } from './main-args';
import { overviewWords } from './overview-words';
import { plates } from './plates';
import { policy } from './policy';
import { releaseNotes } from './release-notes';
import { ruleWords } from './rule-words';
import { rules2 } from './rules2';
import { runSummary } from './run-summary';
import { searchBound } from './search-bound';
import { settings } from './settings';
import { shopItWin } from './shop-it-win';
import { desk } from './desk';
import { shell } from './shell';
import { technician } from './technician';
import { telemetry } from './telemetry';
import { time } from './time';
import { vehicle } from './vehicle';
import { vehicleWords } from './vehicle-words';
import { workshop } from './workshop';
import { keyless } from './keyless';
import { transport } from './transport';
import { story } from './story';
import { visitRecord } from './visit-record';
import { alertSeen } from './alert-seen';
import { requestRefusal } from './request-refusal';
import { approvalPlan } from './approval-plan';
import { approvalDetails } from './approval-details';
import { waitingFor } from './waiting-for';

export const EN_WINDOW_SECTIONS = {
  access,
  actions,
  ageShort,
  board,
  bulk,
  bulkday,
  commandDone,
  commandWords,
  commandsTab,
  common,
  effectWords,
  fleetview,
  floor,
  floor2,
  boardSort,
  elsewhere,
  garage,
  history,
  historySearch,
  jobPdf,
  jobRecord,
  jobTab,
  jobDay,
  linkWords,
  locationCard,
  mainApi,
  mainRuns,
  mainArgs,
  overviewWords,
  plates,
  policy,
  releaseNotes,
  ruleWords,
  rules2,
  runSummary,
  searchBound,
  settings,
  shopItWin,
  desk,
  shell,
  technician,
  telemetry,
  time,
  vehicle,
  vehicleWords,
  workshop,
  keyless,
  transport,
  story,
  visitRecord,
  alertSeen,
  requestRefusal,
  approvalPlan,
  approvalDetails,
  waitingFor,
};

export const enWindow = {
  ...access,
  ...actions,
  ...ageShort,
  ...board,
  ...bulk,
  ...bulkday,
  ...commandDone,
  ...commandWords,
  ...commandsTab,
  ...common,
  ...effectWords,
  ...fleetview,
  ...floor,
  ...floor2,
  ...boardSort,
  ...elsewhere,
  ...garage,
  ...history,
  ...historySearch,
  ...jobPdf,
  ...jobRecord,
  ...jobTab,
  ...jobDay,
  ...linkWords,
  ...locationCard,
  ...mainApi,
  ...mainRuns,
  ...mainArgs,
  ...overviewWords,
  ...plates,
  ...policy,
  ...releaseNotes,
  ...ruleWords,
  ...rules2,
  ...runSummary,
  ...searchBound,
  ...settings,
  ...shopItWin,
  ...desk,
  ...shell,
  ...technician,
  ...telemetry,
  ...time,
  ...vehicle,
  ...vehicleWords,
  ...workshop,
  ...keyless,
  ...transport,
  ...story,
  ...visitRecord,
  ...alertSeen,
  ...requestRefusal,
  ...approvalPlan,
  ...approvalDetails,
  ...waitingFor,
};
