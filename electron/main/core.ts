// Composition root of the main process: builds every service from plain dependencies and returns
// the IPC handlers. Electron's index.ts calls it, and so do the Node-level test harnesses
// (test/support/core-harness.ts, test/bench/renderer-app.ts).
import type { Job } from '../shared/jobs/job-record';
import { AppError, err } from '../shared/result';
import type { AppInfo, AuditEntry, DataSource } from '../shared/types';
import type { ApiClientOptions } from './api';
import os from 'node:os';
import { AUDIT_LIST_MAX, createAuditLog } from './audit/audit-log';
import { createEventBus, type EventBus } from './events/event-bus';
import {
  afterEach,
  auditAdded,
  createConnectionFeed,
  createVehicleChangeFeed,
  jobChanged,
} from './events/change-feeds';
import { createJobExport, type ChooseRecordFile, type JobExport, type PrintToPdf } from './jobs/job-export';
import { createJobService, type CloseOutcome, type JobService } from './jobs/job-service';
import { createFileJobStore } from './jobs/job-store';
import { createPendingFacts } from './jobs/pending-facts';
import { createShopModeJobStore } from './jobs/shop-job-store';
import { createDiagnostics, keychainBackendFor, type RuntimeFacts } from './logging/diagnostics';
import { createRecentErrors, type RecentErrors } from './logging/recent-errors';
import { knownSecrets, redactSecrets } from './logging/redact';
import { accountHandlers } from './ipc/handlers/account';
import { appHandlers } from './ipc/handlers/app';
import { auditHandlers } from './ipc/handlers/audit';
import { garageHandlers } from './ipc/handlers/garage';
import { jobHandlers } from './ipc/handlers/jobs';
import { profileHandlers } from './ipc/handlers/profiles';
import { settingsHandlers } from './ipc/handlers/settings';
import { shopHandlers } from './ipc/handlers/shop';
import { vehicleAccessHandlers } from './ipc/handlers/vehicle-access';
import { vehicleReadHandlers } from './ipc/handlers/vehicle-reads';
import { vehicleWriteHandlers } from './ipc/handlers/vehicle-writes';
import type { Handlers } from './ipc/register-handlers';
import { runHandlers } from './ipc/handlers/runs';
import { bindRunWork } from './runs/bind-run-work';
import { createRunResultsExport } from './runs/run-results-export';
import { createRunManager, type RunManager } from './runs/run-manager';
import { createRunStore } from './runs/run-store';
import { startupRefresh } from './runs/startup-refresh';
import { createAccountService } from './services/account-service';
import { createAuditExport, type ChooseSaveFile } from './services/audit-export';
import { createClientRegistry } from './services/client-registry';
import { startDemoGarage, type DemoGarage } from './services/demo-garage';
import { createGarageService, type GarageService } from './services/garage-service';
import { createNetworkSettings } from './services/network-settings';
import { createGarageRefreshSettings } from './services/garage-refresh-settings';
import { createProfilesService, type ActiveContext } from './services/profiles-service';
import { createShopLink, type ShopLink } from './services/shop-link';
import { createGlanceBook } from './services/vehicle-glance';
import { createVehicleNames } from './services/vehicle-names';
import { compareGarageToTemplate } from './services/template-compare';
import { createVehicleAccess } from './services/vehicle-access';
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
import { createLocalTemplateStore, type TemplateStore } from './storage/template-store';
import { buildTimeFeedUrl } from './updates/feed-url';
import { createUpdateService, type UpdaterLike } from './updates/update-service';
import { withSecretRegistry } from './vault/registered-vault';
import type { Keychain } from './vault/keychain-port';
import { createProxyCredentialsVault } from './vault/proxy-credentials';
import { createShopPasswordVault } from './vault/shop-password';
import { createTokenVault } from './vault/token-vault';

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
  /** Which job record file to verify: the open dialog in the app, a chosen path in tests. */
  chooseRecordFile?: ChooseRecordFile;
  /** Prints a job's record page to PDF: a hidden window's printToPDF in the app. */
  printToPdf?: PrintToPdf;
  /** The technician recorded on jobs when none is given; default: this machine's user name. */
  technician?: () => string;
  /** Where telemetry templates live: the data folder by default; a shop's database can plug in. */
  templateStore?: TemplateStore;
}

/** The machine's user, the technician of a solo job when none is typed. */
function machineUser(): string {
  try {
    return os.userInfo().username || 'unknown user';
  } catch {
    // No passwd entry (some containers): said so, never left blank.
    return 'unknown user';
  }
}

export interface Core {
  handlers: Handlers;
  /** The active profile's link to its shop database (solo: idle). */
  shop: ShopLink;
  /** What changed in main, as it happens: the IPC edge forwards it to the app's window. */
  events: EventBus;
  /** The embedded simulator behind the demo profile, when it runs. */
  demo: DemoGarage | null;
  /** Repair-order jobs and their exports (the jobs.* operations), for Node-level tests. */
  jobs: { service: JobService; export: JobExport };
  /** Bulk commands, garage refreshes and long commands, owned here past any window. */
  runs: RunManager;
  /** The active profile's context: what a run started from the window works for. */
  activeContext(): Promise<ActiveContext>;
  dispose(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { dataDir } = options;
  const now = options.now ?? (() => new Date());
  const updateFeedUrl = options.updateFeedUrl === undefined ? buildTimeFeedUrl() : options.updateFeedUrl;
  const onProblem = options.onProblem ?? (() => {});
  const onCorrupt = (report: CorruptReport) => onProblem('A damaged file was set aside', report);
  // Before anything is read: a second writer on this folder is refused, never raced.
  const dataLock = await acquireDataLock(dataDir);

  const events = createEventBus((error) => onProblem('An event listener failed', error));
  // Filled in once the garage service exists: vehicle entries are built by it.
  let garageEntries: GarageService['entries'] = async () => [];
  const vehicleFeed = createVehicleChangeFeed({
    bus: events,
    entries: (profileId, vins) => garageEntries(profileId, vins),
    onProblem,
  });
  const connectionFeed = createConnectionFeed(events);
  const noteVehicle = (_method: unknown, args: unknown[]) =>
    vehicleFeed.note(String(args[0]), String(args[1]));

  const profileStore = createProfilesStore({ dataDir, now, onCorrupt });
  const garageStore = createGarageStore({ dataDir, now, onCorrupt });
  const cache = createOfflineCache({ dataDir, now, onCorrupt, maxBytes: options.cacheMaxBytes });
  // Set once the shop link exists (it needs the audit log to import from).
  let shop: ShopLink | null = null;
  // Every entry written is announced, and shown to the jobs, which read the car back after a
  // command on a vehicle with an open job.
  let jobsService: JobService | null = null;
  const audit = afterEach(
    createAuditLog({ dataDir, now, redact: (text) => redactSecrets(text) }),
    ['append'],
    (_method, _args, entry) => {
      auditAdded(events)(shop?.decorate(entry as AuditEntry) ?? (entry as AuditEntry));
      // Durable locally first (append resolved); the shop gets it through its outbox.
      shop?.recordAudit(entry as AuditEntry);
      jobsService?.noteAudited(entry as AuditEntry);
    },
  );
  const vault = withSecretRegistry(
    createTokenVault({ keychain: options.keychain, service: options.keychainService }),
    knownSecrets,
  );
  const status = afterEach(createVehicleStatusBook(), ['noteRead', 'noteWrite'], (method, args) => {
    noteVehicle(method, args);
    if (method === 'noteRead') connectionFeed.noteRead(String(args[0]), args[2] as DataSource, args[4]);
  });
  const glance = afterEach(
    createGlanceBook({ storage: createGlanceStore({ dataDir, now, onCorrupt }), onProblem }),
    ['noteState', 'noteStatus', 'noteTelemetry', 'noteReleaseNotes', 'noteAlerts', 'noteAwake'],
    noteVehicle,
  );
  // Settings → Network: read before the first request; the client asks it on every request.
  let activeProbeTarget: () => Promise<{
    baseUrl: string;
    getToken: () => Promise<string | null>;
  }> = async () => {
    throw new AppError('internal', 'The app is still starting.');
  };
  const networkSettings = createNetworkSettings({
    dataDir,
    vault: createProxyCredentialsVault({
      keychain: options.keychain,
      service: options.keychainService,
      registry: knownSecrets,
    }),
    probe: async (proxy) => clients.probe(await activeProbeTarget(), proxy),
    now,
    onProblem,
  });
  await networkSettings.load();
  // Read before the start-up refresh below asks it.
  const garageRefreshSettings = createGarageRefreshSettings({ dataDir, onCorrupt, onProblem });
  await garageRefreshSettings.load();
  const alertsAndCertificates = () => garageRefreshSettings.current().alertsAndCertificates;
  const clients = createClientRegistry({
    userAgent: `VehicleGarage/${options.appInfo.version}`,
    ...options.client,
    network: { ...options.client?.network, proxy: () => networkSettings.proxy() },
  });

  let demo: DemoGarage | null = null;
  if (options.demo !== false) {
    try {
      demo = await startDemoGarage(garageStore, options.demo ?? {});
    } catch (error) {
      onProblem('The demo simulator could not start', error);
    }
  }

  const profiles = createProfilesService({
    store: profileStore,
    vault,
    clients,
    garage: garageStore,
    cache,
    status,
    glance,
    demo: demo?.endpoint ?? null,
    onProblem,
  });
  activeProbeTarget = async () => {
    const profile = (await profiles.list()).find((each) => each.active);
    if (!profile) throw new AppError('not_found', 'There is no active profile to test the connection with.');
    const getToken = profile.demo ? async () => demo?.endpoint.token ?? null : () => vault.get(profile.id);
    return { baseUrl: profile.baseUrl, getToken };
  };
  const garage = afterEach(
    createGarageService({
      garage: garageStore,
      status,
      glance,
      knownModels: demo?.knownModels,
      audit,
      profileName: async (profileId) => (await profileStore.get(profileId))?.name ?? profileId,
      now,
      onProblem,
    }),
    ['add', 'addMany', 'remove', 'rename'],
    (method, args, result) => {
      const profileId = String(args[0]);
      shop?.mirror(profileId, method, args, result);
      if (method === 'rename') return vehicleFeed.note(profileId, String(args[1]));
      if (method === 'remove') vehicleFeed.removed(profileId, String(args[1]));
      events.emit({ type: 'garage.changed', profileId });
    },
  );
  garageEntries = garage.entries;
  const rememberPlate = async (profileId: string, vin: string, plate: string | null) => {
    await garageStore.setPlate(profileId, vin, plate);
    vehicleFeed.note(profileId, vin);
  };
  const reads = createVehicleReads({ cache, status, glance, now, onProblem, onPlateRead: rememberPlate });
  const writes = createVehicleWrites({
    audit,
    status,
    now,
    onProblem,
    onPlateSet: rememberPlate,
    onAwake: (profileId, vin, at) => glance.noteAwake(profileId, vin, at),
  });
  const access = createVehicleAccess({ writes, reads, now });
  const localTemplates = options.templateStore ?? createLocalTemplateStore({ dataDir, now, onCorrupt });
  const account = createAccountService({ garage: garageStore, glance, now });
  const vehicleNames = createVehicleNames({
    profileIds: async () => (await profileStore.list()).map((profile) => profile.id),
    garage,
  });
  const auditExport = createAuditExport({ audit, chooseSaveFile: options.chooseSaveFile, now, vehicleNames });
  const shopSettings = createShopSettingsStore({ dataDir, onCorrupt });
  const soloTechnician = options.technician ?? machineUser;
  // Solo: one file per job in the data folder. Shop mode: the shop's database, with those files as
  // the local copy (shop-job-store.ts says why a change is refused while the database is away).
  const jobStore = createShopModeJobStore({
    local: createFileJobStore({ dataDir, now, onCorrupt }),
    shopOf: async (profileId) => (shop ? shop.jobRecordsFor(profileId) : null),
    pending: createPendingFacts({ dataDir, now, onCorrupt }),
    onProblem,
  });
  const jobsInner = createJobService({
    store: jobStore,
    reads,
    access,
    audit,
    contextOf: (profileId) => profiles.contextOf(profileId),
    // In shop mode a job holds every technician's actions on the car: the shop's log has them.
    shopEntries: async (profileId, vin, windows) => (shop ? shop.jobEntries(profileId, vin, windows) : null),
    // In shop mode the shop knows the technician by the name its settings give (as on every audited
    // action); solo, the machine's user.
    technician: async (profileId) => {
      const settings = await shopSettings.get(profileId).catch(() => null);
      return settings?.mode === 'shop' && settings.technician.trim() ? settings.technician : soloTechnician();
    },
    describeVehicle: async (profileId, vin) => {
      const entry = (await garage.list(profileId)).find((vehicle) => vehicle.vin === vin);
      if (!entry) return null;
      return [entry.model ?? entry.decoded.maker ?? null, entry.nickname].filter(Boolean).join(' · ') || null;
    },
    now,
    onProblem,
  });
  jobsService = jobsInner;
  // Every change a technician makes to a job is told to the window (the badges on the row and header).
  const announceJob = jobChanged(events, (profileId, vin) => jobsInner.openFor(profileId, vin), onProblem);
  const jobs = afterEach(jobsInner, ['open', 'addNote', 'close', 'reopen'], (method, _args, result) => {
    const job = method === 'close' ? (result as CloseOutcome).job : (result as Job);
    // A close that waits for the technician's confirmation changed nothing.
    if (method === 'close' && (result as CloseOutcome).status !== 'closed') return;
    void announceJob(job);
  });
  const jobExport = createJobExport({
    jobs,
    chooseSaveFile: options.chooseSaveFile,
    chooseRecordFile: options.chooseRecordFile,
    printToPdf: options.printToPdf,
  });
  const recentErrors = options.recentErrors ?? createRecentErrors();
  const diagnostics = createDiagnostics({
    runtime: { ...options.appInfo, versions: {}, ...options.runtime },
    keychainBackend: keychainBackendFor(options.appInfo.platform),
    keychainProblem: () => options.keychain.problem?.() ?? null,
    dataDir,
    logFile: options.logFile ?? null,
    updateFeedConfigured: updateFeedUrl !== null,
    activeProfile: async () => (await profiles.list()).find((profile) => profile.active) ?? null,
    recentErrors,
    now,
  });
  const updates = createUpdateService({
    feedUrl: updateFeedUrl,
    currentVersion: options.appInfo.version,
    createUpdater:
      options.createUpdater ??
      (() => {
        throw new Error('No updater is available in this process.');
      }),
    onError: (error) => onProblem('Update check failed', error),
  });
  const runs = createRunManager({
    store: createRunStore({ dataDir, now, onCorrupt, onProblem }),
    work: bindRunWork({ writes, reads, cache, access }),
    events,
    contextOf: (profileId) => profiles.contextOf(profileId),
    // Written here first in both modes (the shop gets its copy later): a crashed run's answers.
    auditOfRun: (runId, from) => audit.list({ runId, from, limit: AUDIT_LIST_MAX }),
    now,
    onProblem,
  });
  await runs.load();
  const activeId = async () => (await profileStore.active()).id;
  const shopLink = createShopLink({
    dataDir,
    settings: shopSettings,
    passwords: createShopPasswordVault({
      keychain: options.keychain,
      service: options.keychainService,
      registry: knownSecrets,
    }),
    garage: garageStore,
    audit,
    events,
    activeProfileId: () => activeId(),
    vehicleNoted: (profileId, vin) => vehicleFeed.note(profileId, vin),
    vehicleRemoved: (profileId, vin) => vehicleFeed.removed(profileId, vin),
    // Another machine's job change: the local copy follows and the window's badge with it.
    jobChanged: async (profileId, id) => {
      const job = await jobStore.refresh(profileId, id);
      if (job) await announceJob(job);
    },
    jobsResync: async (profileId) => {
      for (const job of await jobStore.resync(profileId)) await announceJob(job);
    },
    now,
    onProblem,
    ...(options.shopBackoff ? { backoff: options.shopBackoff } : {}),
    localTemplates,
  });
  shop = shopLink;
  // In shop mode the shop's database holds the templates (shared and live); solo, the data folder.
  const templatesNow = () => shopLink.templates() ?? localTemplates;
  const templates: TemplateStore = {
    list: () => templatesNow().list(),
    save: (template) => templatesNow().save(template),
    remove: (name) => templatesNow().remove(name),
  };
  await shopLink.activate(await activeId());
  const active = () => profiles.active();
  const refreshAtStart = startupRefresh({
    active,
    vins: async (profileId) => (await garageStore.list(profileId)).map((entry) => entry.vin),
    glance,
    runs,
    alertsAndCertificates,
    now,
  });

  // One group of handlers per service; together they cover the operation table exactly.
  const handlers: Handlers = {
    ...appHandlers({
      appInfo: options.appInfo,
      isDemo: async () => (await profileStore.active()).demo,
      diagnostics,
      updates,
    }),
    ...profileHandlers(
      afterEach(
        profiles,
        ['create', 'update', 'remove', 'activate', 'setToken', 'clearToken'],
        (method, args) => {
          events.emit({ type: 'settings.changed', what: 'profiles' });
          if (method === 'remove') void shopLink.forget(String(args[0]));
          // The shop session follows the active profile.
          if (method === 'activate' || method === 'remove')
            void activeId().then((id) => shopLink.activate(id));
          // The garage switched to shows what its cars' saved states say, not "not read yet".
          if (options.refreshGarageAtStart && (method === 'activate' || method === 'setToken')) {
            void refreshAtStart('profile');
          }
        },
      ),
    ),
    ...garageHandlers({ garage, activeId, notice: (id) => garageStore.notice(id) }),
    ...vehicleReadHandlers({ reads, active }),
    ...vehicleWriteHandlers({ writes, active, checkClaim: shopLink.checkClaim }),
    ...vehicleAccessHandlers({
      access,
      templates,
      active,
      compareGarage: (profileId, name) =>
        compareGarageToTemplate({ templates, garage: garageStore, cache, profileId, name, now }),
    }),
    ...accountHandlers({ account, active }),
    ...auditHandlers({ audit, auditExport }),
    ...jobHandlers({ jobs, jobExport, activeId }),
    ...runHandlers({
      runs,
      results: createRunResultsExport({ runs, chooseSaveFile: options.chooseSaveFile }),
      active,
      garageVins: async (profileId) => (await garageStore.list(profileId)).map((entry) => entry.vin),
      alertsAndCertificates,
      glanceOf: (profileId, vin) => glance.get(profileId, vin),
      templates,
      checkClaim: shopLink.checkClaim,
      claimSkips: shopLink.bulkClaims,
      now,
    }),
    ...shopHandlers({ shop: shopLink }),
    ...settingsHandlers({
      network: afterEach(networkSettings, ['set'], () =>
        events.emit({ type: 'settings.changed', what: 'network' }),
      ),
      garageRefresh: afterEach(garageRefreshSettings, ['set'], () =>
        events.emit({ type: 'settings.changed', what: 'garage-refresh' }),
      ),
    }),
  };

  // At start-up, the active garage's cached states are read once (within the service's rate limit,
  // never waking a car) when what is known of them is old: the list is not "not read yet" everywhere.
  if (options.refreshGarageAtStart) void refreshAtStart('start-up');

  let disposed = false;
  const guarded = Object.fromEntries(
    Object.entries(handlers).map(([operation, handler]) => [
      operation,
      (...args: never[]) =>
        disposed
          ? Promise.resolve(err('internal', 'The app is shutting down.'))
          : (handler as (...a: never[]) => Promise<unknown>)(...args),
    ]),
  ) as unknown as Handlers;

  return {
    handlers: guarded,
    shop: shopLink,
    events,
    demo,
    jobs: { service: jobs, export: jobExport },
    runs,
    activeContext: active,
    async dispose() {
      if (disposed) return;
      disposed = true;
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
      await shopLink.close();
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
