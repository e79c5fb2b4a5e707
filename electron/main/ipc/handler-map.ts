// Every operation's handler, one group per service: together they cover the operation table exactly
// (register-handlers.ts checks it). The composition root builds the services and hands them here.
import type { ResultOf } from '../../shared/ipc/api';
import { OPERATION_NAMES, type OperationName } from '../../shared/ipc/operations';
import type { ParsedArgs } from '../../shared/ipc/schemas';
import { err } from '../../shared/result';
import { tm } from '../i18n/main-words';
import type { AppInfo } from '../../shared/types';
import type { AuditLog } from '../audit/audit-log';
import type { JobExport } from '../jobs/job-export';
import type { JobService } from '../jobs/job-service';
import type { Diagnostics } from '../logging/diagnostics';
import type { RunManager } from '../runs/run-manager';
import type { createRunResultsExport } from '../runs/run-results-export';
import type { RunStarts } from '../runs/run-starts';
import type { AccountService } from '../services/account-service';
import type { FleetReads } from '../services/fleet-reads';
import type { createAuditExport } from '../services/audit-export';
import type { createAuditSearch } from '../services/audit-search';
import type { GarageRefreshSettingsService } from '../services/garage-refresh-settings';
import type { ShopIdentitySetting } from '../services/shop-identity-setting';
import type { ShopVisitSetting } from '../services/shop-visit-setting';
import type { TechnicianSettingService } from '../services/technician-setting';
import type { GarageService } from '../services/garage-service';
import type { NetworkSettingsService } from '../services/network-settings';
import type { NetworkTester } from '../services/network-test';
import type { ActiveContext, ProfilesService } from '../services/profiles-service';
import { createApprovedWrites } from '../services/approved-writes';
import { compareGarageToTemplate } from '../services/template-compare';
import type { VehicleAccess } from '../services/vehicle-access';
import type { GlanceBook } from '../services/vehicle-glance';
import type { VehicleReads } from '../services/vehicle-reads';
import type { VehicleWrites } from '../services/vehicle-writes';
import type { OfflineCache } from '../storage/cache/offline-cache';
import type { GarageStore } from '../storage/garage-store';
import type { ProfilesStore } from '../storage/profiles-store';
import type { UpdateService } from '../updates/update-service';
import type { Workspace } from '../workspace';
import { accountHandlers } from './handlers/account';
import { fleetHandlers } from './handlers/fleet';
import { appHandlers } from './handlers/app';
import { auditHandlers } from './handlers/audit';
import { garageHandlers } from './handlers/garage';
import { jobHandlers } from './handlers/jobs';
import { profileHandlers } from './handlers/profiles';
import { runHandlers } from './handlers/runs';
import { settingsHandlers } from './handlers/settings';
import { policyHandlers } from './handlers/policy';
import { shopHandlers } from './handlers/shop';
import { deskHandlers } from './handlers/desk';
import { vehicleAccessHandlers } from './handlers/vehicle-access';
import { vehicleReadHandlers } from './handlers/vehicle-reads';
import { vehicleWriteHandlers } from './handlers/vehicle-writes';
import type { Handlers } from './register-handlers';
import type { UpdateSettingsService } from '../updates/update-settings';
import type { LanguageSettingsService } from '../services/language-settings';

export interface HandledServices {
  appInfo: Omit<AppInfo, 'demo'>;
  diagnostics: Pick<Diagnostics, 'text'>;
  updates: Pick<UpdateService, 'check' | 'install' | 'status'>;
  profiles: ProfilesService;
  profileStore: Pick<ProfilesStore, 'active'>;
  garage: GarageService;
  garageStore: GarageStore;
  cache: OfflineCache;
  glance: GlanceBook;
  reads: VehicleReads;
  writes: VehicleWrites;
  access: VehicleAccess;
  account: AccountService;
  fleet: FleetReads;
  audit: Pick<AuditLog, 'list'>;
  auditExport: Pick<ReturnType<typeof createAuditExport>, 'toFile'>;
  auditSearch: Pick<ReturnType<typeof createAuditSearch>, 'search'>;
  jobs: JobService;
  jobExport: JobExport;
  runs: RunManager;
  runStarts: RunStarts;
  runResults: ReturnType<typeof createRunResultsExport>;
  workspace: Workspace;
  network: NetworkSettingsService;
  networkTest: NetworkTester;
  garageRefresh: GarageRefreshSettingsService;
  technicianSetting: TechnicianSettingService;
  updateSettings: UpdateSettingsService;
  language: LanguageSettingsService;
  shopIdentity: ShopIdentitySetting;
  shopVisit: ShopVisitSetting;
  applyTheme: (theme: 'system' | 'light' | 'dark') => void;
  now: () => Date;
}

export function handlerMap(s: HandledServices): Handlers {
  const active = (): Promise<ActiveContext> => s.profiles.active();
  const activeId = () => s.workspace.activeId();
  const garageVins = async (profileId: string) =>
    (await s.garageStore.list(profileId)).map((entry) => entry.vin);
  const { templates, claims } = s.workspace;
  return {
    ...appHandlers({
      appInfo: s.appInfo,
      isDemo: async () => (await s.profileStore.active()).demo,
      diagnostics: s.diagnostics,
      updates: s.updates,
    }),
    ...profileHandlers(s.profiles),
    ...garageHandlers({ garage: s.garage, activeId, notice: (id) => s.garageStore.notice(id) }),
    ...vehicleReadHandlers({ reads: s.reads, active }),
    ...vehicleWriteHandlers({ writes: s.writes, active, checkClaim: claims.check }),
    ...vehicleAccessHandlers({
      access: s.access,
      templates,
      active,
      checkClaim: claims.check,
      checkPolicy: s.workspace.policy.check,
      compareGarage: (profileId, name) =>
        compareGarageToTemplate({
          templates,
          garage: s.garageStore,
          cache: s.cache,
          profileId,
          name,
          now: s.now,
        }),
    }),
    ...accountHandlers({ account: s.account, active }),
    ...fleetHandlers({ fleet: s.fleet, active, garageVins }),
    ...auditHandlers({ audit: s.audit, auditExport: s.auditExport, auditSearch: s.auditSearch }),
    ...jobHandlers({
      jobs: s.jobs,
      jobExport: s.jobExport,
      activeId,
      technician: {
        view: async () => s.workspace.jobs.technicianView(await activeId()),
        set: async (name) => {
          await s.technicianSetting.set({ name });
          return s.workspace.jobs.technicianView(await activeId());
        },
      },
    }),
    ...runHandlers({
      runs: s.runs,
      starts: s.runStarts,
      results: s.runResults,
      active,
      garageVins,
      alertsAndCertificates: () => s.garageRefresh.current().alertsAndCertificates,
    }),
    ...shopHandlers({ shop: s.workspace.shop, claims }),
    ...deskHandlers({ desk: s.workspace.desk, runs: () => s.runs.list() }),
    ...policyHandlers({
      policy: s.workspace.policy,
      starts: s.runStarts,
      active,
      templates,
      writes: createApprovedWrites({
        access: s.access,
        approvals: s.workspace.policy,
        checkClaim: claims.check,
      }),
    }),
    ...settingsHandlers({
      network: s.network,
      networkTest: s.networkTest,
      garageRefresh: s.garageRefresh,
      updates: s.updateSettings,
      language: s.language,
      shopIdentity: s.shopIdentity,
      shopVisit: s.shopVisit,
      applyTheme: s.applyTheme,
    }),
  };
}

/** The handlers, each answering "shutting down" instead of starting work once `stopped()` says so. */
export function refusingOnceStopped(handlers: Handlers, stopped: () => boolean): Handlers {
  const guard =
    <Op extends OperationName>(operation: Op) =>
    (...args: ParsedArgs<Op>): Promise<ResultOf<Op>> =>
      stopped() ? Promise.resolve(err('internal', tm('errors.shuttingDown'))) : handlers[operation](...args);
  // Each guard is typed by its own operation; TypeScript cannot follow the loop over the table's
  // names into Handlers, so the collection is said to be Handlers once (it holds every operation).
  return Object.fromEntries(OPERATION_NAMES.map((operation) => [operation, guard(operation)])) as Handlers;
}
