// The operation table: every operation the renderer may ask of main, with its kind and the type of
// its answer. Zod-free on purpose: the sandboxed preload bundles this file (the argument schemas,
// with zod, weigh about 460 kB minified and live in ./schemas, typed against this table, so a
// missing or extra schema is a type error). `GarageApi`, the channels, the preload's methods and
// main's handler map are all derived from this table and those schemas.
import type { ShopBoard } from '../shop-board';
import type { DeskView } from '../shop-desk';
import type { LanguageView } from '../i18n/languages';
import type { ApprovalList, ApprovalRequest } from '../approval-request';
import type { PolicyView } from '../shop-policy';
import type { ApprovedWrite } from '../approval-plan';
import type { UpdateSettings } from '../update-settings';
import type {
  AccountVehicles,
  AddManyOutcome,
  AppInfo,
  AuditEntry,
  AuditExportResult,
  AuditSearchAnswer,
  CommandResult,
  ConnectionTest,
  FetchMeta,
  PlateSetResult,
  Profile,
  ReleaseNotesView,
  StateMeta,
  UpdateStatus,
  VehicleEntry,
  VehicleState,
} from '../types';
import type {
  CloseOutcome,
  Job,
  JobExportResult,
  JobPrintResult,
  JobRecord,
  JobVerification,
} from '../jobs/job-record';
import type { RunSnapshot, RunSummary } from '../runs';
import type {
  ClaimView,
  ShopHistoryPage,
  ShopImportResult,
  ShopStatus,
  ShopTestReport,
  ShopView,
  ShopConnectionFileImport,
} from '../shop';
import type { NetworkTest, NetworkView } from '../network-settings';
import type { GarageRefreshSettings } from '../garage-refresh-settings';
import type { ShopIdentity } from '../shop-identity';
import type { ShopVisitSettings } from '../shop-visit';
import type { TechnicianView } from '../technician';
import type { TelemetryTemplate } from '../telemetry-template';
import type {
  AccessResult,
  DriversList,
  Invitation,
  InvitationsList,
  TelemetryWriteResult,
} from '../wire-access';
import type { FleetBatteryHealth, FleetStatus } from '../fleet-wire';
import type { ReadValueOf } from '../vehicle-read-schemas';
import { VEHICLE_READ_NAMES, type VehicleReadName } from '../vehicle-reads';

/**
 * - `read`: asks the service (or the offline cache) and changes nothing the service keeps.
 * - `write`: changes something the service keeps (plate, drive tag); audited, never re-sent.
 * - `run`: starts or controls work main owns across many vehicles or past one view; every command to
 *   a car and its wake-up is one (one pipeline, one lock per car, audited, never re-sent).
 * - `local`: the app's own data and the app itself (profiles, the garage list, the audit log).
 */
export type OperationKind = 'read' | 'write' | 'run' | 'local';

/** Writes answer the service's result, and a warning when it answered but the audit log failed. */
export interface WriteMeta {
  warning?: string;
}

/**
 * One row: the kind at run time; the answer's value and its envelope's extra fields as types only
 * (`types` is a phantom field, never set).
 */
export interface OperationSpec<Kind extends OperationKind, Value, Meta extends object> {
  kind: Kind;
  types?: { value: Value; meta: Meta };
}

const row =
  <Kind extends OperationKind>(kind: Kind) =>
  <Value, Meta extends object = object>(): OperationSpec<Kind, Value, Meta> => ({ kind });

const read = row('read');
const write = row('write');
const local = row('local');
const run = row('run');

/** How an export of a run's results ended: cancelled in the save dialog, or written to `path`. */
export type RunExportResult = { cancelled: true } | { cancelled: false; path: string; rows: number };

/** A vehicle read's operation: `vehicles.<name>`, answering the read's value with its as-of. */
type VehicleReadOperations = {
  [Name in VehicleReadName as `vehicles.${Name}`]: OperationSpec<'read', ReadValueOf<Name>, FetchMeta>;
};

// Every row is a read; the collection is said to be the typed table once.
const vehicleReadOperations = Object.fromEntries(
  VEHICLE_READ_NAMES.map((name) => [`vehicles.${name}`, read()]),
) as VehicleReadOperations;

export const OPERATIONS = {
  'app.info': local<AppInfo>(),
  /** Version, platform, keychain backend and recent errors, without secrets, for a support ticket. */
  'app.diagnostics': local<{ text: string }>(),
  /** Asks the configured update feed; makes no request at all when no feed is configured. */
  'updates.check': local<UpdateStatus>(),
  /** What main's scheduled checks last found (no request); `update.changed` tells each change. */
  'updates.status': local<UpdateStatus>(),
  /** Downloads and installs the available update, restarting the app; only on the technician's consent. */
  'updates.install': local<UpdateStatus>(),
  'profiles.list': local<Profile[]>(),
  'profiles.create': local<Profile>(),
  'profiles.update': local<Profile>(),
  'profiles.remove': local<null>(),
  'profiles.activate': local<Profile>(),
  /** Stores the token in the OS keychain; the token never comes back over IPC. */
  'profiles.setToken': local<Profile>(),
  'profiles.clearToken': local<Profile>(),
  /** One authenticated read with this profile's own address and token; nothing is stored. */
  'profiles.testConnection': read<ConnectionTest>(),
  /** `notice`: what happened to a garage file that could not be read whole (entries set aside). */
  'vehicles.list': local<VehicleEntry[], { notice?: string }>(),
  'vehicles.add': local<VehicleEntry>(),
  /** Each entry is checked on its own; a bad or duplicate one is skipped with its reason. */
  'vehicles.addMany': local<AddManyOutcome>(),
  'vehicles.remove': local<null>(),
  'vehicles.rename': local<VehicleEntry>(),
  /** The reads of the vehicle reads table (vehicle-reads.ts): never wake the car, cached with their as-of. */
  ...vehicleReadOperations,
  'vehicles.releaseNotes': read<ReleaseNotesView, FetchMeta>(),
  'vehicles.setPlate': write<PlateSetResult, WriteMeta>(),
  'vehicles.setDriveTag': write<CommandResult, WriteMeta>(),
  /** `GET /{vin}/state`; cached for offline use with its "as of". Never wakes unless `live`. */
  'vehicles.state': read<VehicleState, StateMeta>(),
  /** `GET /{vin}/drivers`, live only (owner's token; a driver's token gets 403 explained). */
  'vehicles.drivers': read<DriversList, FetchMeta>(),
  /** Removes a driver by `user_id_s`; their phone keys go with them. Audited with before and after. */
  'vehicles.removeDriver': write<AccessResult, WriteMeta>(),
  'vehicles.invitations': read<InvitationsList, FetchMeta>(),
  /** Creates an invitation; the answer carries its `share_link`. */
  'vehicles.createInvitation': write<Invitation, WriteMeta>(),
  'vehicles.revokeInvitation': write<AccessResult, WriteMeta>(),
  /** Writes fields and intervals, or `{ recommended: true }` (the service's recommended set). */
  'vehicles.writeTelemetryConfig': write<TelemetryWriteResult, WriteMeta>(),
  /** Stops all telemetry of the vehicle; needs `{ confirmed: true }`. */
  'vehicles.deleteTelemetryConfig': write<TelemetryWriteResult, WriteMeta>(),
  /** The telemetry templates kept in the data folder. */
  'templates.list': local<TelemetryTemplate[]>(),
  /** Creates or replaces the template of that name. */
  'templates.save': local<TelemetryTemplate>(),
  'templates.remove': local<null>(),
  /**
   * Which vehicles of the garage differ from a template, on the configuration last read (offline
   * cache), never a request per vehicle; `unknown`: never read, so not compared.
   */
  'templates.compareGarage': local<{ template: string; differs: string[]; unknown: string[] }>(),
  /** `GET /vehicles`: the account's vehicles, to import; `last_state` without its `tokens`. */
  'account.vehicles': read<AccountVehicles>(),
  /** Every car's battery health on the account (miles), cached a day with its as-of; reaches no car. */
  'fleet.batteryHealth': read<FleetBatteryHealth, FetchMeta>(),
  /** The Fleet API's readiness of the garage's cars (key paired, signed commands, keys), cached; reaches no car. */
  'fleet.status': read<FleetStatus, FetchMeta>(),
  /** Newest first. `from`/`to`: ISO dates or times, inclusive (a date alone is the whole UTC day). */
  'audit.list': local<AuditEntry[]>(),
  /**
   * Every vehicle's entries whose action, VIN, vehicle name, technician or outcome contains the
   * text (any case; the action and outcome in English or main's language), newest first, limited.
   */
  'audit.search': local<AuditSearchAnswer>(),
  /** Main asks where to save (a dialog) and writes the CSV there; the CSV never comes back. */
  'audit.exportToFile': local<AuditExportResult>(),
  /** Opens a repair-order job on a vehicle of the active profile, with its check-in snapshot. */
  'jobs.open': local<Job>(),
  'jobs.addNote': local<Job>(),
  /** Closes with a check-out snapshot, or answers the warnings still to confirm (nothing closed). */
  'jobs.close': local<CloseOutcome>(),
  'jobs.reopen': local<Job>(),
  /** Keeps the repair order's cause and correction while its job is open (closing keeps them too). */
  'jobs.describe': local<Job>(),
  /** Who the active profile's jobs credit with a note, closing or reopening when no name is given. */
  'jobs.technician': local<TechnicianView>(),
  /** Keeps the technician's name typed on this machine (empty: the computer's name for its user). */
  'jobs.setTechnician': local<TechnicianView>(),
  'jobs.get': local<Job>(),
  /** The vehicle's open job in the active profile, or null. */
  'jobs.openFor': local<Job | null>(),
  /** Newest first; filters on the first opening's date, technician, VIN and repair order. */
  'jobs.list': local<Job[]>(),
  /** The job with its audit entries, their effects, the changes, warnings and digest. */
  'jobs.record': local<JobRecord>(),
  /** Main asks where to save and writes the file; only the path and digest come back. */
  'jobs.exportJson': local<JobExportResult>(),
  'jobs.exportPdf': local<JobExportResult>(),
  /** Main prints the record as the PDF export does and opens it in the computer's viewer to print. */
  'jobs.printPdf': local<JobPrintResult>(),
  /** Main asks which record file (a dialog) and checks it against the log; null when cancelled. */
  'jobs.verify': local<JobVerification | null>(),
  /**
   * Starts a bulk command owned by main: one command and its values to many vehicles, each sent
   * once and audited with the run's id; entries with `skip` are listed but never sent.
   */
  'runs.startBulkCommand': run<RunSnapshot>(),
  /**
   * Applies a saved telemetry template to many vehicles, one configuration write at a time; each
   * car is read first and skipped when it already matches; writes are audited with before and after.
   */
  'runs.startTemplateRollout': run<RunSnapshot>(),
  /** Reads every vehicle of the active profile's garage; a refresh already running is returned. */
  'runs.startGarageRefresh': run<RunSnapshot>(),
  /** Reads every garage vehicle's history again (never waking one), paced; one already running is returned. */
  'runs.startHistoryRefresh': run<RunSnapshot>(),
  /** One command to one vehicle: checks its sleep, wakes it if needed, sends, reads the effect back. */
  'runs.startVehicleCommand': run<RunSnapshot>(),
  /** Every kept run, newest first, without its items. */
  'runs.list': run<RunSummary[]>(),
  'runs.get': run<RunSnapshot>(),
  /** No new sends; sends under way finish and report. */
  'runs.cancel': run<RunSnapshot>(),
  /** One vehicle of a run is not sent, if it has not been yet. */
  'runs.cancelItem': run<RunSnapshot>(),
  /** A new run to the vehicles that failed or were not sent; never those that succeeded. */
  'runs.retryFailed': run<RunSnapshot>(),
  /** Main asks where to save (a dialog) and writes the run's results there as CSV. */
  'runs.exportResults': run<RunExportResult>(),
  /** A profile's shop settings (solo or shop), whether a password is stored, and the connection's state. */
  'shop.get': local<ShopView>(),
  'shop.configure': local<ShopView>(),
  /** Stores the shop database's password in the OS keychain; it never comes back over IPC. */
  'shop.setPassword': local<ShopView>(),
  'shop.clearPassword': local<ShopView>(),
  /**
   * Signs in once with the given (or saved) settings and the password typed with them, or the
   * stored one if it was typed for the database they name; nothing is kept.
   */
  'shop.test': local<ShopTestReport>(),
  /** Main asks for the CA file (a dialog), checks it holds certificates, and gives back its path; null when cancelled. */
  'shop.chooseCaFile': local<string | null>(),
  /** Main asks for the client certificate or its key (a dialog), checks it is PEM, and gives back its path; null when cancelled. */
  'shop.chooseClientFile': local<string | null>(),
  /** Stores the client key's passphrase in the OS keychain; it never comes back over IPC. */
  'shop.setKeyPassphrase': local<ShopView>(),
  'shop.clearKeyPassphrase': local<ShopView>(),
  /** Main writes the saved settings' shop connection file (no user, no password) where its save dialog says; the path, or null. */
  'shop.exportConnectionFile': local<string | null>(),
  /** Main reads a shop connection file its open dialog picks and gives back the settings it holds; null when cancelled. */
  'shop.importConnectionFile': local<ShopConnectionFileImport | null>(),
  /** Uploads this profile's garage and audit history to the shop (idempotent: twice adds nothing). */
  'shop.importLocal': local<ShopImportResult>(),
  /** The active profile's shop connection: state and entries waiting. */
  'shop.status': local<ShopStatus>(),
  /** The shop's audit entries for one vehicle, every technician's, newest first, by pages. */
  'shop.history': local<ShopHistoryPage>(),
  /** The shop's board: every car of the garage with its claim, open job, state, last action and uploads waiting. */
  'shop.board': local<ShopBoard>(),
  /** The active profile's shared desk: off, or who is signed in and whether it is locked (never a password). */
  'desk.get': local<DeskView>(),
  /**
   * Signs a person in at the desk with their database role and the password typed (the one place
   * a shop password crosses IPC); an empty one uses the password remembered for that role, if any.
   */
  'desk.signIn': local<DeskView>(),
  /** The same person again after a lock: the password typed must be the one they signed in with. */
  'desk.unlock': local<DeskView>(),
  /** Closes the person's shop session and forgets their password (unless they asked to remember it). */
  'desk.signOut': local<DeskView>(),
  /** Locks the desk now (the person stays signed in; the window shows the sign-in for them). */
  'desk.lock': local<DeskView>(),
  /** Removes the password remembered on this computer for the person signed in (theirs only). */
  'desk.forgetMe': local<DeskView>(),
  /** Someone used the window: the idle time before the desk locks starts again. */
  'desk.activity': local<null>(),
  /** The proxy setting: the system's, none, or a manual proxy (whether credentials are stored, never them). */
  'settings.network': local<NetworkView>(),
  /** Saves the proxy setting (credentials to the OS keychain); the API client uses it from the next request. */
  'settings.setNetwork': local<NetworkView>(),
  /** One read of the active profile's service through the given (or saved) setting; nothing is kept. */
  'settings.testNetwork': read<NetworkTest>(),
  /** What "Refresh garage" reads besides states (alerts and certificates too, or not); the start-up read follows it. */
  'settings.garageRefresh': local<GarageRefreshSettings>(),
  /** Keeps that choice in main, for every refresh from now on; told as `settings.changed`. */
  'settings.setGarageRefresh': local<GarageRefreshSettings>(),
  /** When the app looks for its own updates: never on its own, to tell, or to download (installing needs consent). */
  'settings.updates': local<UpdateSettings>(),
  /** The window's theme choice, for the native menus and dialogs to follow it (nothing is kept). */
  'settings.setTheme': local<null>(),
  'settings.setUpdates': local<UpdateSettings>(),
  /** The display language chosen (System, English, Deutsch), the one spoken and the locale of dates and numbers. */
  'settings.language': local<LanguageView>(),
  /** Keeps that choice in main: its menus, dialogs and notices follow; told as `settings.changed`. */
  /** The shop's name and address printed on the repair orders of a job that names no shop. */
  'settings.shopIdentity': local<ShopIdentity>(),
  /** Keeps them in main, for every PDF exported from now on. */
  'settings.setShopIdentity': local<ShopIdentity>(),
  /** The shop's lot, price per kWh and whether costs are recorded on the service, for the jobs' visits. */
  'settings.shopVisit': local<ShopVisitSettings>(),
  /** Keeps them in main, for every check-in and close from now on. */
  'settings.setShopVisit': local<ShopVisitSettings>(),
  'settings.setLanguage': local<LanguageView>(),
  /** The shop's policy for dangerous actions and the signed-in role's group (shop mode only). */
  'policy.get': local<PolicyView>(),
  /** Sets the policy's rules; the database lets only an admin's role do it. */
  'policy.save': local<PolicyView>(),
  /** The requests of the two-person rule: the open ones and those decided or sent lately. */
  'approvals.list': local<ApprovalList>(),
  /** A technician asks a foreman for a command the policy keeps from them (the car, values, reason). */
  'approvals.ask': local<ApprovalRequest>(),
  /** A foreman or an admin approves or declines another's request, with a note. */
  'approvals.decide': local<ApprovalRequest>(),
  /** Any other action the policy keeps from this role, asked for: the exact plan, with a reason. */
  'approvals.askFor': local<ApprovalRequest>(),
  /** Carries out an approved write once (a driver removed, an invitation, a telemetry configuration). */
  'approvals.perform': local<ApprovedWrite>(),
  /** Sends an approved request's command, bulk command or roll-out once, as approved (a second press, anywhere, is refused). */
  'runs.startApprovedCommand': run<RunSnapshot>(),
  /** Active claims of the shop's garage (expired ones marked). */
  'claims.list': local<ClaimView[]>(),
  /** "Working on it": refused, naming who has it, when another technician holds the car. */
  'claims.claim': local<ClaimView>(),
  'claims.release': local<null>(),
  /** Ends whoever's claim and claims; recorded. */
  'claims.takeOver': local<ClaimView>(),
};

type Table = typeof OPERATIONS;
export type OperationName = keyof Table;

export type KindOf<Op extends OperationName> = Table[Op]['kind'];
export type ValueOf<Op extends OperationName> = NonNullable<Table[Op]['types']>['value'];
export type MetaOf<Op extends OperationName> = NonNullable<Table[Op]['types']>['meta'];

function isOperationName(name: string): name is OperationName {
  return Object.hasOwn(OPERATIONS, name);
}

/** Every operation, in table order. */
export const OPERATION_NAMES: readonly OperationName[] = Object.freeze(
  Object.keys(OPERATIONS).filter(isOperationName),
);

const CHANNEL_PREFIX = 'garage:';

// One IPC channel per operation (no generic invoke).
export function channelOf(operation: OperationName): string {
  return CHANNEL_PREFIX + operation;
}

export function operationOf(channel: string): OperationName | null {
  if (!channel.startsWith(CHANNEL_PREFIX)) return null;
  const name = channel.slice(CHANNEL_PREFIX.length);
  return isOperationName(name) ? name : null;
}
