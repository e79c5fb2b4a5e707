// What the composition root is given (the app's adapters, or a test's stand-ins) and what it hands
// back: Electron's index.ts and the Node-level harnesses (test/support/core-harness.ts, test/bench/)
// meet the core only through these two shapes.
import type { CarNotice } from '../reactions/car-alert-notices';
import type { ShopClientFile } from '../../shared/shop';
import type { AppInfo } from '../../shared/types';
import type { ApiClientOptions } from '../api';
import type { EventBus } from '../events/event-bus';
import type { Handlers } from '../ipc/register-handlers';
import type { ChooseRecordFile, JobExport, OpenFile, PrintToPdf } from '../jobs/job-export';
import type { JobService } from '../jobs/job-service';
import type { RuntimeFacts } from '../logging/diagnostics';
import type { RecentErrors } from '../logging/recent-errors';
import type { RunManager } from '../runs/run-manager';
import type { VehicleCommandRunOptions } from '../runs/vehicle-command-run';
import type { ChooseSaveFile } from '../services/audit-export';
import type { DemoGarage } from '../services/demo-garage';
import type { ActiveContext } from '../services/profiles-service';
import type { SimulatorOptions } from '../simulator';
import type { UpdaterLike } from '../updates/update-service';
import type { UpdateSchedule } from '../updates/update-schedule';
import type { Keychain } from '../vault/keychain-port';
import type { DeskClock, ShopControls } from '../workspace';

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
  /**
   * A shared desk's idle lock: its clock, how often it looks, and the computer's idle time
   * (Electron's powerMonitor in the app); tests inject a clock.
   */
  desk?: DeskClock;
  /** The shop session's reconnect backoff (tests shorten it); the session's defaults otherwise. */
  shopBackoff?: { initialMs?: number; maxMs?: number };
  /** Which CA file the shop's TLS trusts: the open dialog in the app, a chosen path in tests. */
  chooseCaFile?: () => Promise<string | null>;
  /** Which client certificate or key the shop's TLS presents: the open dialog in the app, a path in tests. */
  chooseClientFile?: (which: ShopClientFile) => Promise<string | null>;
  /** Which shop connection file to read: the open dialog in the app, a path in tests. */
  chooseConnectionFile?: () => Promise<string | null>;
  /** Which job record file to verify: the open dialog in the app, a chosen path in tests. */
  chooseRecordFile?: ChooseRecordFile;
  /** Prints a job's record page to PDF: a hidden window's printToPDF in the app. */
  printToPdf?: PrintToPdf;
  /** How many log entries one search of every vehicle's history reads at most (tests make it small). */
  auditSearchExamineMax?: number;
  /** Shows a system notification of a car's alert (the notification adapter in the app); absent: none. */
  notify?: (notice: CarNotice) => void;
  /** Whether the app's window has the focus (a car's alert is then not told by notification); default: never. */
  windowFocused?: () => boolean;
  /** Opens a printed record in the computer's viewer to print: shell.openPath in the app. */
  openFile?: OpenFile;
  /** The computer's name for its user, recorded on jobs when no technician is typed; default: the login's full name. */
  technician?: () => string;
  /** How a command to one car reads back one only accepted (tests shorten the waits). */
  vehicleCommand?: VehicleCommandRunOptions;
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
  /**
   * Someone used the app's window (a key, a click, the wheel, a touch, as Chromium delivered it to
   * the page): a shared desk's idle time starts again. Main hears it from the window's own input,
   * which the page's scripts cannot make up.
   */
  windowUsed(): void;
  dispose(): Promise<void>;
}
