// The renderer's stores, built in one place: each store module holds its class and takes what it
// needs of the others here, so no store imports another. Main's events reach the stores from here
// too, and tests put every store back to its start state with one call.
import type { GarageApi } from '../../../electron/shared/ipc/api';
import { createAppUpdate, type AppUpdateStore } from './app-update.svelte';
import { createAuditFeed, type AuditFeedStore } from './audit-feed.svelte';
import { createBulkRun, type BulkRunStore } from './bulk-run.svelte';
import { createClock, type ClockStore } from './clock.svelte';
import { createApprovals, type ApprovalsStore } from './approvals.svelte';
import { createCommandRuns, type CommandRunsStore } from './command-runs.svelte';
import { createConnection, type ConnectionStore } from './connection.svelte';
import { createDisplayLanguage, type DisplayLanguageStore } from './display-language.svelte';
import { createDesk, type DeskStore } from './desk.svelte';
import { createFleet, type FleetStore } from './fleet.svelte';
import { createGarageRefreshRun, type GarageRefreshRunStore } from './garage-refresh-run.svelte';
import { mainApi } from './main-api';
import { followMainEvents } from './main-events';
import { createShell, type ShellStore } from './shell.svelte';
import { createOpenJobs, type OpenJobsStore } from './open-jobs.svelte';
import { displayName } from './vehicle-filter';
import { createShop, type ShopStore } from './shop.svelte';
import { createShopBoard, type ShopBoardStore } from './shop-board.svelte';
import { createPreferences, type PreferencesStore } from './preferences.svelte';
import { createProfiles, type ProfilesStore } from './profiles.svelte';
import type { RunStoreDeps } from './run-answer';
import { createRuns, type RunsStore } from './runs.svelte';
import { createTemplateRollout, type TemplateRolloutStore } from './template-rollout.svelte';
import { createTechnician, type TechnicianStore } from './technician.svelte';
import { createToasts, type ToastsStore } from './toasts.svelte';
import { createVehicleList, type VehicleListStore } from './vehicle-list.svelte';
import { createVehicleStates, type VehicleStatesStore } from './vehicle-state.svelte';

/** The window's one clock: every age on screen is computed against it. */
export const clock: ClockStore = createClock();
/** The window's dialogs, its main view and "refresh the vehicle" count (shortcuts.svelte.ts drives it). */
export const shell: ShellStore = createShell();
export const profiles: ProfilesStore = createProfiles({
  switched: () => {
    showProfile();
    return vehicleList.profileSwitched();
  },
});
/** The active profile's vehicles and the one selected. */
export const vehicleList: VehicleListStore = createVehicleList({
  readProfiles: () => profiles.refresh(),
  showVehicle: () => (shell.view = 'vehicle'),
});
export const toasts: ToastsStore = createToasts();
export const preferences: PreferencesStore = createPreferences();
/** Whether the service answers, as main's events tell it. */
export const connection: ConnectionStore = createConnection();
export const vehicleStates: VehicleStatesStore = createVehicleStates();
/** Runs main owns (bulk commands, Refresh garage, long commands), as its events tell them. */
export const runs: RunsStore = createRuns();
/** The shop's two-person rule: its requests, and the command its policy last refused here. */
export const approvals: ApprovalsStore = createApprovals();
export const commandRuns: CommandRunsStore = createCommandRuns({
  runs,
  vehicleStates,
  glanceOf: (vin) => vehicleList.vehicles.find((entry) => entry.vin === vin)?.glance ?? null,
  activeProfileId: () => profiles.active?.id ?? null,
  vehicleName: (vin) => {
    const vehicle = vehicleList.vehicles.find((entry) => entry.vin === vin);
    return vehicle ? displayName(vehicle) : vin;
  },
  notify: (message, tone) => toasts.show(message, tone),
  refused: (vin, name, options, error) => approvals.noteRefusal(vin, name, options, error),
  units: () => ({ distance: preferences.distanceUnit, temperature: preferences.temperatureUnit }),
});
const runDeps: RunStoreDeps = {
  runs,
  activeProfileId: () => profiles.active?.id ?? null,
  notify: (message, tone) => toasts.show(message, tone),
  refused: (ask, error) => approvals.noteRefusedPlan(ask, error),
};
export const garageRefreshRun: GarageRefreshRunStore = createGarageRefreshRun(runDeps);
export const bulkRun: BulkRunStore = createBulkRun(runDeps);
export const templateRollout: TemplateRolloutStore = createTemplateRollout(runDeps);
/** Every car's battery health and readiness, and the whole garage's history refresh. */
export const fleet: FleetStore = createFleet(runDeps);
export const auditFeed: AuditFeedStore = createAuditFeed();
export const shop: ShopStore = createShop();
/** The shop's board (the Shop view and the wall display), read while one is on screen. */
export const shopBoard: ShopBoardStore = createShopBoard();
/** The open job of each vehicle (its badge), as main's job events tell it. */
export const openJobs: OpenJobsStore = createOpenJobs();
/** The app's own update as main's checks find it, and when main looks. */
export const appUpdate: AppUpdateStore = createAppUpdate();
/** Who this computer's job notes and closings are credited to. */
export const technician: TechnicianStore = createTechnician();
/** The language the window and main speak (Settings → Display language). */
export const displayLanguage: DisplayLanguageStore = createDisplayLanguage();
/** The shared desk: who is signed in at it, and whether it is locked. */
export const desk: DeskStore = createDesk(() => forgetPerson());

/**
 * Subscribes the stores to main's events, then asks main once for the runs it kept while this
 * window was away (a reload, a closed window); returns the unsubscribe.
 */
export function connectStores(api: Pick<GarageApi, 'events' | 'runs'> = mainApi()): () => void {
  const unsubscribe = followMainEvents(api, {
    activeProfileId: () => profiles.active?.id ?? null,
    vehicleChanged: (vin, entry) => vehicleList.applyEntry(vin, entry),
    garageChanged: () => void vehicleList.refreshVehicles(),
    profilesChanged: () => {
      const before = profiles.active?.id ?? null;
      void profiles.refresh().then(() => {
        // Another profile is active now: its garage has its own states, jobs and claims.
        if ((profiles.active?.id ?? null) !== before) showProfile();
      });
    },
    settingChanged: (what) => {
      if (what === 'garage-refresh') void garageRefreshRun.readChoice();
      if (what === 'updates') void appUpdate.readMode();
      if (what === 'technician') void technician.load();
      if (what === 'language') void displayLanguage.load();
    },
    updateChanged: (status) => appUpdate.apply(status),
    connectionChanged: (event) => connection.apply(event),
    auditAdded: (event) => auditFeed.note(event.entry),
    runChanged: (event) => runs.apply(event, api),
    shopChanged: (event) => {
      // Back online: the requests asked or decided meanwhile are read again.
      if (event.status.state === 'online' && shop.status.state !== 'online') void approvals.load();
      shop.applyStatus(event.status);
      shopBoard.statusChanged(event.status);
    },
    boardChanged: () => shopBoard.changed(),
    claimChanged: (event) => shop.applyClaim(event.vin, event.claim),
    approvalChanged: (event) => approvals.apply(event),
    templatesChanged: () => shop.templatesChanged(),
    jobChanged: (event) => openJobs.apply(event.vin, event.openJob),
  });
  void runs.catchUp(api);
  return unsubscribe;
}

// A long command's end is told once the runs store holds the whole run, however it came (an event,
// or the whole run fetched after missed events).
runs.onRun((run) => commandRuns.runChanged(run));

/**
 * Another profile became active: what the window kept of the last one goes, so a car with the same
 * VIN in both never shows the other profile's state, job, claim or history. Runs stay: each carries
 * its profile and the views pick the active one's.
 */
function showProfile(): void {
  vehicleStates.reset();
  openJobs.reset();
  auditFeed.reset();
  fleet.reset();
  shop.forgetClaims();
  shopBoard.reset();
  shopBoard.changed();
  connection.reset();
  // In shop mode the shop names the technician: the new profile may be another shop, or none.
  if (technician.view) void technician.load();
  void openJobs.load();
  void shop.load();
  approvals.reset();
  void approvals.load();
}

/**
 * Someone else signed in at a shared desk (or nobody is): nothing the window read for the last
 * person stays (their garage view, claims and "mine", jobs, runs, board, notices); the language, the
 * clock and the app's update stay, as they are the computer's.
 */
export function forgetPerson(): void {
  profiles.reset();
  vehicleList.reset();
  vehicleStates.reset();
  connection.reset();
  commandRuns.reset();
  runs.reset();
  bulkRun.reset();
  garageRefreshRun.reset();
  fleet.reset();
  toasts.clear();
  auditFeed.reset();
  shop.reset();
  approvals.reset();
  shopBoard.reset();
  shell.reset();
  openJobs.reset();
  technician.reset();
}

/** Every store back to its start state (component tests call this between cases). */
export function resetStores(): void {
  desk.reset();
  forgetPerson();
  appUpdate.reset();
  clock.reset();
  displayLanguage.reset();
}
