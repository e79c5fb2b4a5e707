// Composition root of the main process: builds every service from plain dependencies and returns
// the IPC handlers. Electron's index.ts and the test harness (test/support/launch.ts) both call it.
import { err, ok } from '../shared/result';
import type { AppInfo } from '../shared/types';
import type { ApiClientOptions } from './api';
import { createAuditLog } from './audit/audit-log';
import { createDiagnostics, keychainBackendFor, type RuntimeFacts } from './logging/diagnostics';
import { createRecentErrors, type RecentErrors } from './logging/recent-errors';
import { knownSecrets, redactSecrets } from './logging/redact';
import type { Handlers } from './ipc/register-handlers';
import { createAuditExport, type ChooseSaveFile } from './services/audit-export';
import { createClientRegistry } from './services/client-registry';
import { startDemoGarage, type DemoGarage } from './services/demo-garage';
import { createGarageService } from './services/garage-service';
import { createProfilesService } from './services/profiles-service';
import { createVehicleReads } from './services/vehicle-reads';
import { createVehicleStatusBook } from './services/vehicle-status';
import { createVehicleWrites } from './services/vehicle-writes';
import type { SimulatorOptions } from './simulator';
import type { CorruptReport } from './storage/atomic-file';
import { createOfflineCache } from './storage/cache/offline-cache';
import { acquireDataLock } from './storage/data-lock';
import { createGarageStore } from './storage/garage-store';
import { createProfilesStore } from './storage/profiles-store';
import { buildTimeFeedUrl } from './updates/feed-url';
import { createUpdateService, type UpdaterLike } from './updates/update-service';
import { withSecretRegistry } from './vault/registered-vault';
import { createTokenVault, type Keychain } from './vault/token-vault';

/** How long quitting waits for commands under way to answer before cutting them off. */
const WRITE_DRAIN_MS = 10_000;

export interface CoreOptions {
  dataDir: string;
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
  createUpdater?: () => UpdaterLike;
  /** Where to save an export: the save dialog in the app, a temporary path in tests. */
  chooseSaveFile?: ChooseSaveFile;
}

export interface Core {
  handlers: Handlers;
  /** The embedded simulator behind the demo profile, when it runs. */
  demo: DemoGarage | null;
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

  const profileStore = createProfilesStore({ dataDir, now, onCorrupt });
  const garageStore = createGarageStore({ dataDir, now, onCorrupt });
  const cache = createOfflineCache({ dataDir, now, onCorrupt, maxBytes: options.cacheMaxBytes });
  const audit = createAuditLog({ dataDir, now, redact: (text) => redactSecrets(text) });
  const vault = withSecretRegistry(
    createTokenVault({ keychain: options.keychain, service: options.keychainService }),
    knownSecrets,
  );
  const status = createVehicleStatusBook();
  const clients = createClientRegistry({
    userAgent: `VehicleGarage/${options.appInfo.version}`,
    ...options.client,
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
    demo: demo?.endpoint ?? null,
    onProblem,
  });
  const garage = createGarageService({ garage: garageStore, status, knownModels: demo?.knownModels });
  const reads = createVehicleReads({ cache, status, now, onProblem });
  const writes = createVehicleWrites({
    audit,
    status,
    now,
    onProblem,
    onPlateSet: (profileId, vin, plate) => garageStore.setPlate(profileId, vin, plate),
  });
  const auditExport = createAuditExport({ audit, chooseSaveFile: options.chooseSaveFile, now });
  const recentErrors = options.recentErrors ?? createRecentErrors();
  const diagnostics = createDiagnostics({
    runtime: { ...options.appInfo, versions: {}, ...options.runtime },
    keychainBackend: keychainBackendFor(options.appInfo.platform),
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
  const activeId = async () => (await profileStore.active()).id;
  const withWarning = (warning: string | undefined) => (warning ? { warning } : {});

  const handlers: Handlers = {
    'app.info': async () => ok({ ...options.appInfo, demo: (await profileStore.active()).demo }),
    'app.diagnostics': async () => ok({ text: await diagnostics.text() }),
    'updates.check': async () => ok(await updates.check()),
    'updates.install': async (input) => ok(await updates.install(input)),

    'profiles.list': async () => ok(await profiles.list()),
    'profiles.create': async (input) => ok(await profiles.create(input)),
    'profiles.update': async (id, patch) => ok(await profiles.update(id, patch)),
    'profiles.remove': async (id) => {
      await profiles.remove(id);
      return ok(null);
    },
    'profiles.activate': async (id) => ok(await profiles.activate(id)),
    'profiles.setToken': async (id, token) => ok(await profiles.setToken(id, token)),
    'profiles.clearToken': async (id) => ok(await profiles.clearToken(id)),

    'vehicles.list': async () => {
      const id = await activeId();
      const vehicles = await garage.list(id);
      // A garage file that needed repair is never replaced silently: the renderer shows why.
      const notice = garageStore.notice(id);
      return ok(vehicles, notice === null ? {} : { notice });
    },
    'vehicles.add': async (input) => ok(await garage.add(await activeId(), input)),
    'vehicles.remove': async (vin) => {
      await garage.remove(await activeId(), vin);
      return ok(null);
    },
    'vehicles.rename': async (vin, nickname) => ok(await garage.rename(await activeId(), vin, nickname)),
    'vehicles.telemetryConfig': async (vin, query) => {
      const { value, ...meta } = await reads.telemetryConfig(await profiles.active(), vin, query);
      return ok(value, meta);
    },
    'vehicles.releaseNotes': async (vin, query) => {
      const { value, ...meta } = await reads.releaseNotes(await profiles.active(), vin, query);
      return ok(value, meta);
    },
    'vehicles.setPlate': async (vin, input) => {
      const { value, warning } = await writes.setPlate(await profiles.active(), vin, input);
      return ok(value, withWarning(warning));
    },
    'vehicles.setDriveTag': async (vin, input) => {
      const { value, warning } = await writes.setDriveTag(await profiles.active(), vin, input);
      return ok(value, withWarning(warning));
    },
    'vehicles.command': async (vin, name, commandOptions) => {
      const { value, warning } = await writes.command(await profiles.active(), vin, name, commandOptions);
      return ok(value, withWarning(warning));
    },

    'audit.list': async (query) => ok(await audit.list(query)),
    'audit.exportToFile': async (filter) => ok(await auditExport.toFile(filter)),
  };

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
    demo,
    async dispose() {
      if (disposed) return;
      disposed = true;
      // Commands already sent get a chance to answer, so their outcome reaches the audit log...
      await writes.drain(WRITE_DRAIN_MS);
      // ...then whatever is left is cut off, and its failure audited before the files close.
      await clients.destroyAll();
      await writes.drain(1_000);
      await reads.drain();
      await cache.close().catch((error) => onProblem('Could not write the cache index', error));
      await audit.flush().catch((error) => onProblem('Could not write the audit indexes', error));
      await demo?.simulator.stop();
      await dataLock.release();
    },
  };
}
