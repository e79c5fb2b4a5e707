// The app looking after itself: the support report ("Copy diagnostics") and the app's own updates,
// both from the update feed baked in at build time unless the options name one. Built after the
// profiles, the workspace and the clients, which the report describes.
import type { DomainEvents } from '../events/domain-events';
import { crashDumpFacts } from '../logging/crash-dumps';
import { createDiagnostics, keychainBackendFor } from '../logging/diagnostics';
import { createRecentErrors } from '../logging/recent-errors';
import type { ClientRegistry } from '../services/client-registry';
import type { ProfilesService } from '../services/profiles-service';
import { buildTimeFeedUrl } from '../updates/feed-url';
import { createUpdateService, noUpdater } from '../updates/update-service';
import { createUpdateSchedule } from '../updates/update-schedule';
import type { UpdateMode } from '../../shared/update-settings';
import type { Workspace } from '../workspace';
import type { CoreOptions } from './core-options';

export interface AppCareDeps {
  options: CoreOptions;
  profiles: ProfilesService;
  workspace: Workspace;
  clients: ClientRegistry;
  updateMode: () => UpdateMode;
  facts: DomainEvents;
  now: () => Date;
  onProblem: (message: string, error: unknown) => void;
}

export function createAppCare(deps: AppCareDeps) {
  const { options, profiles, workspace, clients, facts, now, onProblem } = deps;
  const feedUrl = options.updateFeedUrl === undefined ? buildTimeFeedUrl() : options.updateFeedUrl;
  const diagnostics = createDiagnostics({
    runtime: { ...options.appInfo, versions: {}, ...options.runtime },
    keychainBackend: keychainBackendFor(options.appInfo.platform),
    keychainProblem: () => options.keychain.problem?.() ?? null,
    dataDir: options.dataDir,
    logFile: options.logFile ?? null,
    updateFeedConfigured: feedUrl !== null,
    activeProfile: async () => (await profiles.list()).find((profile) => profile.active) ?? null,
    recentErrors: options.recentErrors ?? createRecentErrors(),
    shop: async () => workspace.shop.view((await profiles.active()).profileId),
    proxy: async () => clients.proxyInUse((await profiles.probeTarget()).baseUrl),
    crashDumps: async () => (options.crashDumpsDir ? crashDumpFacts(options.crashDumpsDir) : null),
    now,
  });
  const updates = createUpdateService({
    feedUrl,
    currentVersion: options.appInfo.version,
    createUpdater: options.createUpdater ?? noUpdater,
    onError: (error) => onProblem('Update check failed', error),
    onStatus: (status) => facts.publish('update.changed', { status }),
  });
  // At start, every few hours and on waking, as the technician chose; `start()` is the app's call.
  const updateSchedule = createUpdateSchedule({ updates, mode: deps.updateMode, now, onProblem });
  return { diagnostics, updates, updateSchedule };
}
