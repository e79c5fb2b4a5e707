// Composition root of the main process: constructs every service from plain dependencies, in an
// order where each exists before anything that uses it (no late binding), registers what follows
// what (reactions/) and returns the IPC handlers. Policy lives in the modules that own it: the
// workspace (the active profile, solo or shop), the reactions, the services. Electron's index.ts
// calls it, and so do the Node-level test harnesses (test/support/core-harness.ts, test/bench/).
import type { AppInfo } from '../shared/types';
import type { ApiClientOptions } from './api';
import { AUDIT_LIST_MAX, createAuditLog } from './audit/audit-log';
import { createConnectionFeed, createVehicleChangeFeed } from './events/change-feeds';
import { createDomainEvents } from './events/domain-events';
import { createEventBus, type EventBus } from './events/event-bus';
import { handlerMap, refusingOnceStopped } from './ipc/handler-map';
import type { Handlers } from './ipc/register-handlers';
import { createJobExport, type ChooseRecordFile, type JobExport, type PrintToPdf } from './jobs/job-export';
import { createJobService, type JobService } from './jobs/job-service';
import { createFileJobStore } from './jobs/job-store';
import { createPendingFacts } from './jobs/pending-facts';
import { createShopModeJobStore } from './jobs/shop-job-store';
import { createDiagnostics, keychainBackendFor, type RuntimeFacts } from './logging/diagnostics';
import { crashDumpFacts } from './logging/crash-dumps';
import { createRecentErrors, type RecentErrors } from './logging/recent-errors';
import { knownSecrets, redactSecrets } from './logging/redact';
import { registerReactions } from './reactions/reactions';
import { bindRunWork } from './runs/bind-run-work';
import { createRunManager, type RunManager } from './runs/run-manager';
import { createRunResultsExport } from './runs/run-results-export';
import { csvDialectFor } from './audit/audit-csv';
import { paperForRegion } from '../shared/regional-units';
import { createRunStore } from './runs/run-store';
import { startupRefresh } from './runs/startup-refresh';
import { createAccountService } from './services/account-service';
import { createAuditExport, type ChooseSaveFile } from './services/audit-export';
import { createClientRegistry } from './services/client-registry';
import { startDemoGarageOrNone, type DemoGarage } from './services/demo-garage';
import { createGarageRefreshSettings } from './services/garage-refresh-settings';
import { createTechnicianSetting } from './services/technician-setting';
import { createGarageService } from './services/garage-service';
import { createNetworkSettings } from './services/network-settings';
import { createNetworkTester } from './services/network-test';
import { createProfilesService, type ActiveContext } from './services/profiles-service';
import { createVehicleAccess } from './services/vehicle-access';
import { createGlanceBook } from './services/vehicle-glance';
import { createVehicleNames } from './services/vehicle-names';
import { createVehicleReads } from './services/vehicle-reads';
import { createVehicleStatusBook } from './services/vehicle-status';
import { createVehicleWrites } from './services/vehicle-writes';
import type { SimulatorOptions } from './simulator';
import type { CorruptReport } from './storage/atomic-file';
import { createOfflineCache } from './storage/cache/offline-cache';
import { acquireDataLock } from './storage/data-lock';
import { createGarageStore } from './storage/garage-store';
import { createGlanceStore } from './storage/glance-store';
import { createProfilesStore } from './storage/profiles-store';
import { createShopSettingsStore } from './storage/shop-settings-store';
import { createLocalTemplateStore } from './storage/template-store';
import { buildTimeFeedUrl } from './updates/feed-url';
import { createUpdateService, noUpdater, type UpdaterLike } from './updates/update-service';
import { createUpdateSchedule, type UpdateSchedule } from './updates/update-schedule';
import { createUpdateSettings } from './updates/update-settings';
import { createLanguageSettings } from './services/language-settings';
import type { Keychain } from './vault/keychain-port';
import { createProxyCredentialsVault } from './vault/proxy-credentials';
import { withSecretRegistry } from './vault/registered-vault';
import { createShopPasswordVault } from './vault/shop-password';
import { createTokenVault } from './vault/token-vault';
import { createShopLink, createSoloBackend, createWorkspace, type ShopControls } from './workspace';

/** How long quitting waits for commands under way to answer before cutting them off. */
const WRITE_DRAIN_MS = 10_000;

export interface CoreOptions {
  dataDir: string;
  /**
   * Read the active garage's cached states at start-up and on a profile switch when they are old (the
   * app does; a core built for one test reads only what that test asks).
   */
  refreshGarageAtStart?: boolean;
  appInfo: Omit<AppInfo, 'demo'>;
  /** keytar in the app and in the harness; the real Secret Service in CI. */
  keychain: Keychain;
  /** Keychain service name; the harness uses its own so tests never touch the app's entries. */
  keychainService?: string;
  /** Options of the embedded demo simulator, or false to run without it. */
  demo?: SimulatorOptions | false;
  /** Overrides of the API client's defaults (timeouts, concurrency); the app uses the defaults. */
  client?: Omit<ApiClientOptions, 'baseUrl' | 'getToken'>;
  /** Upper bound of the offline cache; default 200 MiB. */
  cacheMaxBytes?: number;
  now?: () => Date;
  /** Problems worth a log line that must not fail the operation (corrupt files, cache writes). */
  onProblem?: (message: string, error: unknown) => void;
  /** The logger's ring of recent errors, for "Copy diagnostics"; a private one by default. */
  recentErrors?: RecentErrors;
  /** The log file's path, for diagnostics. */
  logFile?: string | null;
  /** Where Crashpad keeps crash dumps, for diagnostics; none under Node. */
  crashDumpsDir?: string | null;
  /** Makes native menus and dialogs follow the window's theme (nativeTheme.themeSource in the app). */
  applyTheme?: (theme: 'system' | 'light' | 'dark') => void;
  /** Electron, Chrome and Node versions and the OS release, for diagnostics. */
  runtime?: Pick<RuntimeFacts, 'osRelease' | 'versions'>;
  /** The update feed; default: the one baked in at build time (none under Node). */
  updateFeedUrl?: string | null;
  /** electron-updater in the app; never called when there is no feed. */
  createUpdater?: () => UpdaterLike | Promise<UpdaterLike>;
  /** Where to save an export: the save dialog in the app, a temporary path in tests. */
  chooseSaveFile?: ChooseSaveFile;
  /** The shop session's reconnect backoff (tests shorten it); the session's defaults otherwise. */
  shopBackoff?: { initialMs?: number; maxMs?: number };
  /** Which CA file the shop's TLS trusts: the open dialog in the app, a chosen path in tests. */
  chooseCaFile?: () => Promise<string | null>;
  /** Which job record file to verify: the open dialog in the app, a chosen path in tests. */
  chooseRecordFile?: ChooseRecordFile;
  /** Prints a job's record page to PDF: a hidden window's printToPDF in the app. */
  printToPdf?: PrintToPdf;
  /** The computer's name for its user, recorded on jobs when no technician is typed; default: the login's full name. */
  technician?: () => string;
}

export interface Core {
  handlers: Handlers;
  /** The active profile's shop: its status and background work (solo: idle). */
  shop: Pick<ShopControls, 'status' | 'idle'>;
  /** What changed in main, as it happens: the IPC edge forwards it to the app's window. */
  events: EventBus;
  /** The embedded simulator behind the demo profile, when it runs. */
  demo: DemoGarage | null;
  /** Repair-order jobs and their exports (the jobs.* operations), for Node-level tests. */
  jobs: { service: JobService; export: JobExport };
  /** Bulk commands, garage refreshes and long commands, owned here past any window. */
  runs: RunManager;
  /** Main's own update checks (the app starts them and tells them when the computer wakes). */
  updates: Pick<UpdateSchedule, 'start' | 'resumed' | 'idle'>;
  /** The active profile's context: what a run started from the window works for. */
  activeContext(): Promise<ActiveContext>;
  dispose(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { dataDir, keychain, keychainService: service, chooseSaveFile } = options;
  const now = options.now ?? (() => new Date());
  const onProblem = options.onProblem ?? (() => {});
  const onCorrupt = (report: CorruptReport) => onProblem('A damaged file was set aside', report);
  const files = { dataDir, now, onCorrupt };
  // Before anything is read: a second writer on this folder is refused, never raced.
  const dataLock = await acquireDataLock(dataDir);

  // What the window is sent, and the facts the services publish (what follows them: reactions/).
  const window = createEventBus((error) => onProblem('An event listener failed', error));
  const facts = createDomainEvents((type, error) => onProblem(`A reaction to ${type} failed`, error));
  const sees = { now, onProblem, facts };

  const profileStore = createProfilesStore(files);
  const garageStore = createGarageStore(files);
  const cache = createOfflineCache({ ...files, maxBytes: options.cacheMaxBytes });
  const audit = createAuditLog({ dataDir, now, redact: (text) => redactSecrets(text), facts });
  const vault = withSecretRegistry(createTokenVault({ keychain, service }), knownSecrets);
  const status = createVehicleStatusBook();
  const glance = createGlanceBook({ storage: createGlanceStore(files), onProblem, facts });
  // Settings: read before the first request (the client asks the proxy on every request) and
  // before the start-up refresh below.
  const proxyVault = createProxyCredentialsVault({ keychain, service, registry: knownSecrets });
  const networkSettings = createNetworkSettings({ dataDir, vault: proxyVault, onProblem, facts });
  await networkSettings.load();
  const garageRefresh = createGarageRefreshSettings({ dataDir, onCorrupt, onProblem, facts });
  await garageRefresh.load();
  const updateSettings = createUpdateSettings({ dataDir, onCorrupt, onProblem, facts });
  await updateSettings.load();
  const technicianSetting = createTechnicianSetting({ dataDir, onCorrupt, onProblem, facts });
  await technicianSetting.load();
  // Main speaks the display language from here on: its first words (a menu, an error) follow it.
  const systemLocale = options.appInfo.locale?.system ?? null;
  const language = createLanguageSettings({ dataDir, systemLocale, onCorrupt, onProblem, facts });
  await language.load();
  const clients = createClientRegistry({
    userAgent: `VehicleGarage/${options.appInfo.version}`,
    ...options.client,
    network: { ...options.client?.network, proxy: () => networkSettings.proxy() },
  });
  const demo = await startDemoGarageOrNone(garageStore, options.demo ?? {}, onProblem);

  const profiles = createProfilesService({
    store: profileStore,
    vault,
    clients,
    garage: garageStore,
    cache,
    status,
    glance,
    demo: demo?.endpoint ?? null,
    ...sees,
  });
  const networkTest = createNetworkTester({
    settings: networkSettings,
    clients,
    target: profiles.probeTarget,
    now,
  });
  const profileName = async (profileId: string) => (await profileStore.get(profileId))?.name ?? profileId;
  const knownModels = demo?.knownModels;
  const garage = createGarageService({
    garage: garageStore,
    status,
    glance,
    audit,
    profileName,
    knownModels,
    ...sees,
  });
  const onPlateRead = garage.rememberPlate;
  const reads = createVehicleReads({ cache, status, glance, onPlateRead, ...sees });
  const onAwake = (profileId: string, vin: string, at: Date) => glance.noteAwake(profileId, vin, at);
  const writes = createVehicleWrites({ audit, status, onPlateSet: onPlateRead, onAwake, ...sees });
  const access = createVehicleAccess({ writes, reads, now });
  const account = createAccountService({ garage: garageStore, glance, now, facts });
  const profileIds = async () => (await profileStore.list()).map((profile) => profile.id);
  const vehicleNames = createVehicleNames({ profileIds, garage });
  // CSV as the technician's spreadsheet opens it: the system's region decides the separator.
  const csvDialect = csvDialectFor(options.appInfo.locale?.system);
  const auditExport = createAuditExport({ audit, chooseSaveFile, now, vehicleNames, csvDialect });

  // The active profile and the backend its work is kept in: this machine's files, or a shop's database.
  const localTemplates = createLocalTemplateStore(files);
  const shopSettings = createShopSettingsStore({ dataDir, onCorrupt });
  const activeProfileId = async () => (await profileStore.active()).id;
  const workspace = createWorkspace({
    solo: createSoloBackend({ templates: localTemplates, facts }),
    shop: createShopLink({
      dataDir,
      settings: shopSettings,
      passwords: createShopPasswordVault({ keychain, service, registry: knownSecrets }),
      garage: garageStore,
      audit,
      activeProfileId,
      ...(options.shopBackoff ? { backoff: options.shopBackoff } : {}),
      localTemplates,
      ...(options.chooseCaFile ? { chooseCaFile: options.chooseCaFile } : {}),
      ...sees,
    }),
    settings: shopSettings,
    activeProfileId,
    soloTechnician: options.technician,
    typedTechnician: () => technicianSetting.current().name,
  });

  // Solo: one file per job in the data folder. Shop mode: the shop's database, with those files as
  // the local copy (shop-job-store.ts says why a change is refused while the database is away).
  const pending = createPendingFacts(files);
  const jobStore = createShopModeJobStore({
    local: createFileJobStore(files),
    shopOf: workspace.jobs.records,
    pending,
    onProblem,
  });
  const jobs = createJobService({
    store: jobStore,
    reads,
    access,
    audit,
    contextOf: profiles.contextOf,
    shopEntries: workspace.jobs.entries,
    technician: workspace.jobs.technician,
    describeVehicle: garage.describe,
    ...sees,
  });
  const { chooseRecordFile, printToPdf } = options;
  // Letter or A4, as the system's region prints.
  const paper = paperForRegion(options.appInfo.locale?.region);
  const jobExport = createJobExport({ jobs, chooseSaveFile, chooseRecordFile, printToPdf, paper });
  const updateFeedUrl = options.updateFeedUrl === undefined ? buildTimeFeedUrl() : options.updateFeedUrl;
  const diagnostics = createDiagnostics({
    runtime: { ...options.appInfo, versions: {}, ...options.runtime },
    keychainBackend: keychainBackendFor(options.appInfo.platform),
    keychainProblem: () => keychain.problem?.() ?? null,
    dataDir,
    logFile: options.logFile ?? null,
    updateFeedConfigured: updateFeedUrl !== null,
    activeProfile: async () => (await profiles.list()).find((profile) => profile.active) ?? null,
    recentErrors: options.recentErrors ?? createRecentErrors(),
    shop: async () => workspace.shop.view((await profiles.active()).profileId),
    proxy: async () => clients.proxyInUse((await profiles.probeTarget()).baseUrl),
    crashDumps: async () => (options.crashDumpsDir ? crashDumpFacts(options.crashDumpsDir) : null),
    now,
  });
  const updates = createUpdateService({
    feedUrl: updateFeedUrl,
    currentVersion: options.appInfo.version,
    createUpdater: options.createUpdater ?? noUpdater,
    onError: (error) => onProblem('Update check failed', error),
    onStatus: (status) => facts.publish('update.changed', { status }),
  });
  // At start, every few hours and on waking, as the technician chose; `start()` is the app's call.
  const updateSchedule = createUpdateSchedule({
    updates,
    mode: () => updateSettings.current().mode,
    now,
    onProblem,
  });
  const work = bindRunWork({ writes, reads, cache, access });
  const runs = createRunManager({
    store: createRunStore({ ...files, onProblem }),
    work,
    contextOf: profiles.contextOf,
    // Written here first in both modes (the shop gets its copy later): a crashed run's answers.
    auditOfRun: (runId, from) => audit.list({ runId, from, limit: AUDIT_LIST_MAX }),
    ...sees,
  });
  const vins = async (profileId: string) => (await garageStore.list(profileId)).map((entry) => entry.vin);
  const alertsAndCertificates = () => garageRefresh.current().alertsAndCertificates;
  const active = () => profiles.active();
  const refreshGarage = startupRefresh({ active, vins, glance, runs, alertsAndCertificates, now });

  // What follows what, once everything it touches exists; then the saved runs and the session.
  const vehicleFeed = createVehicleChangeFeed({ bus: window, entries: garage.entries, onProblem });
  const reactions = registerReactions({
    facts,
    window,
    vehicleFeed,
    connectionFeed: createConnectionFeed(window),
    workspace,
    jobs,
    jobCopies: jobStore,
    updateSchedule,
    ...(options.refreshGarageAtStart ? { refreshGarage } : {}),
    onProblem,
  });
  await runs.load();
  await workspace.follow();
  // At start-up, the active garage's cached states are read once (within the service's rate limit,
  // never waking a car) when what is known of them is old: the list is not "not read yet" everywhere.
  if (options.refreshGarageAtStart) void refreshGarage('start-up');

  const { appInfo } = options;
  const runResults = createRunResultsExport({ runs, chooseSaveFile, csvDialect });
  const handlers = handlerMap({
    ...{ appInfo, diagnostics, updates, profiles, profileStore, garage, garageStore, cache, glance },
    ...{ reads, writes, access, account, audit, auditExport, jobs, jobExport, runs, runResults, workspace },
    ...{
      network: networkSettings,
      networkTest,
      garageRefresh,
      updateSettings,
      technicianSetting,
      language,
      now,
    },
    applyTheme: options.applyTheme ?? (() => {}),
  });

  let disposed = false;
  return {
    handlers: refusingOnceStopped(handlers, () => disposed),
    shop: {
      status: () => workspace.shop.status(),
      idle: async () => {
        await workspace.shop.idle();
        await reactions.settled();
      },
    },
    events: window,
    demo,
    jobs: { service: jobs, export: jobExport },
    runs,
    updates: updateSchedule,
    activeContext: active,
    async dispose() {
      if (disposed) return;
      disposed = true;
      updateSchedule.stop();
      // Runs send nothing new; what they sent finishes below, and each run is saved as stopped.
      runs.halt();
      // Commands already sent get a chance to answer, so their outcome reaches the audit log...
      await writes.drain(WRITE_DRAIN_MS);
      // ...then whatever is left is cut off, and its failure audited before the files close.
      await clients.destroyAll();
      await writes.drain(1_000);
      await runs.settle();
      // After the runs: their last audit entries may still be read back into a job.
      await jobs.settle();
      await reads.drain();
      await reactions.settled();
      await workspace.close();
      await vehicleFeed.flush();
      await glance.flush();
      await cache.close().catch((error) => onProblem('Could not write the cache index', error));
      await audit.flush().catch((error) => onProblem('Could not write the audit indexes', error));
      await audit.close();
      await demo?.simulator.stop();
      await dataLock.release();
    },
  };
}
