// Composition root of the main process: constructs every service from plain dependencies, in an
// order where each exists before anything that uses it (no late binding), registers what follows
// what (reactions/) and returns the IPC handlers. Policy lives in the modules that own it: the
// workspace (the active profile, solo or shop), the reactions, the services. Electron's index.ts
// calls it, and so do the Node-level test harnesses (test/support/core-harness.ts, test/bench/).
import path from 'node:path';
import { AUDIT_LIST_MAX, createAuditLog } from '../audit/audit-log';
import { createConnectionFeed, createVehicleChangeFeed } from '../events/change-feeds';
import { createDomainEvents } from '../events/domain-events';
import { createEventBus } from '../events/event-bus';
import { refusingAtClosedDesk } from '../ipc/closed-desk';
import { handlerMap, refusingOnceStopped } from '../ipc/handler-map';
import { createCarAlertNotices } from '../reactions/car-alert-notices';
import { createJobExport } from '../jobs/job-export';
import { createJobService } from '../jobs/job-service';
import { createFileJobStore } from '../jobs/job-store';
import { createPendingFacts } from '../jobs/pending-facts';
import { createShopModeJobStore } from '../jobs/shop-job-store';
import { knownSecrets, redactSecrets } from '../logging/redact';
import { registerReactions } from '../reactions/reactions';
import { createSharedReadings } from '../reactions/shared-readings';
import { bindRunWork } from '../runs/bind-run-work';
import { createRunManager } from '../runs/run-manager';
import { createRunResultsExport } from '../runs/run-results-export';
import { createRunStarts } from '../runs/run-starts';
import { csvDialectFor } from '../audit/audit-csv';
import { paperForRegion } from '../../shared/regional-units';
import { createRunStore } from '../runs/run-store';
import { startupRefresh } from '../runs/startup-refresh';
import { createAccountService } from '../services/account-service';
import { createFleetReads } from '../services/fleet-reads';
import { createAuditExport } from '../services/audit-export';
import { createAuditSearch } from '../services/audit-search';
import { tm } from '../i18n/main-words';
import { createClientRegistry } from '../services/client-registry';
import { startDemoGarageOrNone } from '../services/demo-garage';
import { createGarageService } from '../services/garage-service';
import { createNetworkTester } from '../services/network-test';
import { createProfilesService } from '../services/profiles-service';
import { createVehicleAccess } from '../services/vehicle-access';
import { createGlanceBook } from '../services/vehicle-glance';
import { createVehicleNames } from '../services/vehicle-names';
import { createVehicleReads } from '../services/vehicle-reads';
import type { SharedAnswersPort } from '../services/cached-reads';
import { createVehicleStatusBook } from '../services/vehicle-status';
import { createVehicleWrites } from '../services/vehicle-writes';
import type { CorruptReport } from '../storage/atomic-file';
import { createOfflineCache } from '../storage/cache/offline-cache';
import { acquireDataLock } from '../storage/data-lock';
import { createGarageStore } from '../storage/garage-store';
import { createAlertSightingsStore } from '../storage/alert-sightings-store';
import { createGlanceStore } from '../storage/glance-store';
import { createProfilesStore } from '../storage/profiles-store';
import { createShopSettingsStore } from '../storage/shop-settings-store';
import { createLocalTemplateStore } from '../storage/template-store';
import { withSecretRegistry } from '../vault/registered-vault';
import { createShopPasswordVault } from '../vault/shop-password';
import { createDeskPasswords } from '../vault/desk-passwords';
import { createTokenVault } from '../vault/token-vault';
import type { Core, CoreOptions } from './core-options';
import { createAppCare } from './app-care';
import { loadSettings } from './settings';
import { shutDown } from './shutdown';
import { createShopLink, createSoloBackend, createWorkspace } from '../workspace';

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
  const settings = await loadSettings({
    ...{ dataDir, keychain, service, onCorrupt, onProblem, facts },
    systemLocale: options.appInfo.locale?.system ?? null,
  });
  const { network: networkSettings, garageRefresh, technician: technicianSetting, language } = settings;
  const clients = createClientRegistry({
    userAgent: `VehicleGarage/${options.appInfo.version}`,
    ...options.client,
    network: { ...options.client?.network, proxy: () => networkSettings.proxy() },
  });
  const demo = await startDemoGarageOrNone(garageStore, options.demo ?? {}, onProblem);

  const sightings = createAlertSightingsStore(files);
  const profiles = createProfilesService({
    store: profileStore,
    vault,
    clients,
    garage: garageStore,
    cache,
    status,
    glance,
    alertSightings: sightings,
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
  // One read serves the shop: in shop mode a read takes a colleague's fresh answer and shares its own.
  const shared: SharedAnswersPort = {
    latest: (profileId, vin, kind) => workspace.shop.colleagueAnswer(profileId, vin, kind),
    share: (profileId, vin, kind, answer, fetchedAt) =>
      void workspace.shop
        .shareAnswer(profileId, vin, kind, answer, fetchedAt)
        .catch((error) => onProblem('Shop: sharing an answer failed', error)),
  };
  const reads = createVehicleReads({ cache, status, glance, sightings, onPlateRead, shared, ...sees });
  const onAwake = (profileId: string, vin: string, at: Date) => glance.noteAwake(profileId, vin, at);
  const onUnreachable = (profileId: string, vin: string, at: Date) =>
    glance.noteUnreachable(profileId, vin, at, 'wake');
  const writes = createVehicleWrites({
    audit,
    status,
    onPlateSet: onPlateRead,
    onAwake,
    onUnreachable,
    ...sees,
  });
  const access = createVehicleAccess({ writes, reads, now });
  const account = createAccountService({ garage: garageStore, glance, now, facts });
  const fleet = createFleetReads({ cache, ...sees });
  const profileIds = async () => (await profileStore.list()).map((profile) => profile.id);
  const vehicleNames = createVehicleNames({ profileIds, garage });
  // CSV as the technician's spreadsheet opens it: the system's region decides the separator.
  const csvDialect = csvDialectFor(options.appInfo.locale?.system);
  const auditExport = createAuditExport({ audit, chooseSaveFile, now, vehicleNames, csvDialect });
  const auditSearch = createAuditSearch({
    audit,
    vehicleNames,
    say: () => tm,
    activeProfileId: async () => (await profileStore.active()).id,
    ...(options.auditSearchExamineMax ? { examineMax: options.auditSearchExamineMax } : {}),
  });

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
      deskPasswords: createDeskPasswords({ keychain, service, registry: knownSecrets }),
      ...(options.desk ? { deskClock: options.desk } : {}),
      localTemplates,
      ...(options.chooseCaFile ? { chooseCaFile: options.chooseCaFile } : {}),
      ...(options.chooseClientFile ? { chooseClientFile: options.chooseClientFile } : {}),
      ...(options.chooseConnectionFile ? { chooseConnectionFile: options.chooseConnectionFile } : {}),
      ...(chooseSaveFile ? { chooseSaveFile } : {}),
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
    visitSettings: () => settings.shopVisit.current(),
    // Audited as every write is: the cost written shows among the job's actions.
    recordChargeCost: async (profileId, vin, id, cost) => {
      const ctx = await profiles.contextOf(profileId);
      const outcome = await writes.audited(ctx, vin, 'setChargeCost', { charge: id, cost }, () =>
        ctx.client.setChargeCost(vin, id, cost),
      );
      return outcome.value.result === true;
    },
    ...sees,
  });
  const { chooseRecordFile, printToPdf, openFile } = options;
  // Letter or A4, as the system's region prints.
  const paper = paperForRegion(options.appInfo.locale?.region);
  const shopIdentity = () => settings.shopIdentity.current();
  const printDir = path.join(dataDir, 'prints');
  const jobExport = createJobExport({
    jobs,
    chooseSaveFile,
    chooseRecordFile,
    printToPdf,
    paper,
    shopIdentity,
    openFile,
    printDir,
  });
  const updateMode = () => settings.updates.current().mode;
  const care = createAppCare({ options, profiles, workspace, clients, updateMode, facts, now, onProblem });
  const { diagnostics, updates, updateSchedule } = care;
  const work = bindRunWork({ writes, reads, access });
  const runs = createRunManager({
    store: createRunStore({ ...files, onProblem }),
    work,
    contextOf: profiles.contextOf,
    ...(options.vehicleCommand ? { vehicleCommand: options.vehicleCommand } : {}),
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
    deskGate: workspace.desk,
    jobs,
    jobCopies: jobStore,
    updateSchedule,
    ...(options.refreshGarageAtStart ? { refreshGarage } : {}),
    ...(options.notify
      ? {
          carNotices: {
            decide: createCarAlertNotices(),
            vehicleName: async (profileId: string, vin: string) =>
              (await garage.list(profileId)).find((vehicle) => vehicle.vin === vin)?.nickname ?? vin,
            notify: options.notify,
            windowFocused: options.windowFocused ?? (() => false),
          },
        }
      : {}),
    glance,
    readings: createSharedReadings({
      glanceOf: (profileId, vin) => glance.get(profileId, vin),
      share: (profileId, vin, reading) => workspace.shop.shareReading(profileId, vin, reading),
      onProblem,
    }),
    onProblem,
  });
  await runs.load();
  await workspace.follow();
  // At start-up, the active garage's cached states are read once (within the service's rate limit,
  // never waking a car) when what is known of them is old: the list is not "not read yet" everywhere.
  if (options.refreshGarageAtStart) void refreshGarage('start-up');

  const { appInfo } = options;
  const runResults = createRunResultsExport({ runs, chooseSaveFile, csvDialect });
  const runStarts = createRunStarts({
    runs,
    glanceOf: (profileId, vin) => glance.get(profileId, vin),
    fleetStatus: fleet.savedStatus,
    templates: () => workspace.templates.list(),
    checkClaim: workspace.claims.check,
    claimSkips: workspace.claims.bulkSkips,
    checkPolicy: workspace.policy.check,
    approvals: workspace.policy,
    now,
    onProblem,
  });
  const handlers = handlerMap({
    ...{ appInfo, diagnostics, updates, profiles, profileStore, garage, garageStore, cache, glance },
    ...{ reads, writes, access, account, fleet, audit, auditExport, auditSearch, jobs, jobExport, runs },
    ...{ runStarts, runResults },
    workspace,
    ...{
      network: networkSettings,
      networkTest,
      garageRefresh,
      updateSettings: settings.updates,
      technicianSetting,
      language,
      shopIdentity: settings.shopIdentity,
      shopVisit: settings.shopVisit,
      now,
    },
    applyTheme: options.applyTheme ?? (() => {}),
  });

  let disposed = false;
  return {
    // At a shared desk with nobody signed in (or locked), the window gets the desk and little else.
    handlers: refusingOnceStopped(refusingAtClosedDesk(handlers, workspace.desk), () => disposed),
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
    windowUsed: () => workspace.desk.activity(),
    async dispose() {
      if (disposed) return;
      disposed = true;
      await shutDown({
        ...{ updateSchedule, runs, writes, clients, jobs, reads, reactions, workspace, vehicleFeed },
        ...{ glance, cache, audit, demo, dataLock, onProblem },
      });
    },
  };
}
