// Electron glue: the only place that starts the app. Everything it wires is a plain module that
// also runs under Node in tests (see test/support/launch.ts).
import { app, BrowserWindow, dialog, ipcMain, nativeTheme, powerMonitor, session, shell } from 'electron';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerAppScheme, serveRenderer } from './adapters/protocol';
import { initLogger } from './adapters/logger';
import { hardenSession } from './adapters/session';
import { createElectronUpdater } from './adapters/updater';
import { createMainWindow } from './adapters/window';
import { lazyKeytar } from './vault/keytar-loader';
import { APP_ENTRY_URL, APP_ORIGIN, originOf } from './app/trusted-origins';
import { recordErrorAnswer } from './logging/error-answers';
import { createRecentErrors } from './logging/recent-errors';
import { demoSimulatorSettings } from './app/demo-settings';
import { installApplicationMenu, installContextMenu, type MenuDeps } from './adapters/menu';
import { reportWindowUse } from './adapters/window-use';
import { askRenderer, bringToFront } from './adapters/renderer-requests';
import { placementFor, readWindowState, trackWindowState } from './adapters/window-state';
import { startLocalCrashDumps, superviseRenderer } from './adapters/crash-recovery';
import { createNoticeShower, followRuns, type Notice } from './adapters/run-notifications';
import { followBackgroundRuns, type BackgroundRuns } from './adapters/background-runs';
import { windowOptions } from './app/window-options';
import { APP_USER_MODEL_ID } from './app/app-identity';
import { devUserDataDir } from './app/dev-user-data';
import { createDeepLinkRouter } from './app/deep-link-router';
import { pruneCrashDumps } from './logging/crash-dumps';
import { registerDeepLinkScheme, resolveWith } from './adapters/deep-links';
import { deepLinkInArgs } from '../shared/deep-links';
import { saveFilterFor } from './app/save-filters';
import { startFailedBox } from './app/menu-messages';
import { tm } from './i18n/main-words';
import { createPrintToPdf } from './adapters/print-to-pdf';
import { regionOf } from '../shared/regional-units';
import type { ShellRequest } from '../shared/shell-requests';
import type { UpdateStatus } from '../shared/types';

// The services (core, IPC schemas, undici, zod, the demo simulator) load once the app is ready:
// evaluating this entry stays small, so start-up reaches Electron's ready sooner.
const loadServices = () =>
  Promise.all([
    import('./core'),
    import('./ipc/register-handlers'),
    import('./ipc/event-forwarding'),
    import('./runs/quit-prompt'),
  ]).then(([{ createCore }, { registerIpcHandlers }, { forwardEvents }, { quitPrompt }]) => ({
    createCore,
    registerIpcHandlers,
    forwardEvents,
    quitPrompt,
  }));

const here = path.dirname(fileURLToPath(import.meta.url));
const devServerUrl = !app.isPackaged ? process.env['ELECTRON_RENDERER_URL'] : undefined;
const devServerOrigin = devServerUrl ? originOf(devServerUrl) : null;
const trustedOrigins = devServerOrigin ? [APP_ORIGIN, devServerOrigin] : [APP_ORIGIN];

// Before anything reads userData (the single-instance lock, the logger's folder on Linux).
const devDataDir = devUserDataDir(process.env, app.isPackaged);
if (devDataDir) app.setPath('userData', devDataDir);

const recentErrors = createRecentErrors({ capacity: 20 });
const logger = initLogger({ recentErrors, dev: !app.isPackaged });

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.enableSandbox();
  // Windows files the taskbar pin and notifications under this id: the installer's, not Electron's.
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  startLocalCrashDumps();

  let window: BrowserWindow | null = null;
  /** One existing file the technician picks in an open dialog; null when cancelled. */
  const chooseOneFile = async (options: Electron.OpenDialogOptions): Promise<string | null> => {
    const open = { ...options, properties: ['openFile' as const] };
    const choice = await (window ? dialog.showOpenDialog(window, open) : dialog.showOpenDialog(open));
    return choice.canceled ? null : (choice.filePaths[0] ?? null);
  };
  let background: BackgroundRuns | null = null;
  let openWindow: ((firstRequest?: ShellRequest) => void) | null = null;
  // A car's alert before the window's opener exists is not shown (no window could open it).
  let showCarNotice: ((notice: Notice) => void) | null = null;
  // Links from other programs wait for the garage to be readable, then open in the window.
  let resolveLink: (raw: string) => Promise<ShellRequest> = async () => {
    throw new Error('The app is still starting.');
  };
  let showRequest: (request: ShellRequest) => void = () => {};
  const links = createDeepLinkRouter({
    resolve: (raw) => resolveLink(raw),
    deliver: (request) => showRequest(request),
    onProblem: (message, error) => logger.warn(message, error),
  });
  if (!registerDeepLinkScheme(app, process.argv))
    logger.warn('Could not register as the vehicle-garage:// handler');
  const launchLink = deepLinkInArgs(process.argv);
  if (launchLink) links.receive(launchLink);
  // macOS hands links over as an event, also before the app is ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    links.receive(url);
  });
  // Set once quitting has begun: from then on every call answers "shutting down", so a relaunch
  // arriving meanwhile gets no window from this process; it restarts the app once quitting is done.
  let quitting = false;
  // Runs go on in main without a window; set once the core exists.
  let runsUnderWay = () => false;
  app.on('second-instance', (_event, argv) => {
    if (quitting) {
      logger.info('Launched again while quitting: the app restarts once pending commands are finished');
      app.relaunch();
      return;
    }
    // A link clicked while the app runs arrives as a second launch's arguments (Windows, Linux).
    const link = deepLinkInArgs(argv);
    if (link) return links.receive(link);
    // A second launch brings the window back, or opens one if it was closed (macOS keeps running).
    if (!window) return openWindow?.();
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  void app
    .whenReady()
    .then(async () => {
      hardenSession(session.defaultSession, trustedOrigins);
      serveRenderer(path.join(here, '../renderer'));
      const { createCore, registerIpcHandlers, forwardEvents, quitPrompt } = await loadServices();
      const demo = demoSimulatorSettings(process.env, app.isPackaged);
      if (demo.problem) logger.warn(demo.problem);
      const dataDir = app.getPath('userData');
      // Dumps stay on this machine; those older than 30 days go at each start.
      const crashDumpsFolder = app.getPath('crashDumps');
      void pruneCrashDumps(crashDumpsFolder, new Date()).catch((error: unknown) =>
        logger.warn('Could not remove old crash dumps', error),
      );
      const systemLocale = app.getSystemLocale() || null;
      const core = await createCore({
        // The proxy: the app's setting (Settings → Network, read by the core), else the proxy
        // variables, else the system's settings (PAC, OS) as Chromium resolves them for this session.
        client: {
          network: { resolveProxy: (url) => session.defaultSession.resolveProxy(url) },
        },
        demo: demo.options,
        dataDir,
        // The garage's cached states are read at start-up (never waking a car, paced by the
        // service's rate limit), so the list opens on what the cars last said, not "not read yet".
        refreshGarageAtStart: true,
        appInfo: {
          name: app.getName(),
          version: app.getVersion(),
          platform: process.platform,
          arch: process.arch,
          locale: {
            system: systemLocale,
            region: regionOf([systemLocale, ...app.getPreferredSystemLanguages()]),
          },
        },
        keychain: lazyKeytar(),
        onProblem: (message, error) => logger.warn(message, error),
        recentErrors,
        logFile: logger.filePath,
        crashDumpsDir: crashDumpsFolder,
        // The window's Light / Dark / System choice reaches the menus, dialogs and title bar.
        applyTheme: (theme) => (nativeTheme.themeSource = theme),
        runtime: {
          osRelease: os.release(),
          versions: {
            electron: process.versions.electron,
            chrome: process.versions.chrome,
            node: process.versions.node,
          },
        },
        createUpdater: () => createElectronUpdater(logger),
        printToPdf: createPrintToPdf(),
        // A car's alerts are told through the runs' notifications, once the window's opener exists.
        notify: (notice) => showCarNotice?.(notice),
        windowFocused: () => window !== null && !window.isDestroyed() && window.isFocused(),
        openFile: (file) => shell.openPath(file),
        chooseRecordFile: () =>
          chooseOneFile({
            defaultPath: app.getPath('documents'),
            // A record is checked from its JSON or from the PDF that carries it.
            filters: [{ name: tm('dialog.jobRecords'), extensions: ['json', 'pdf'] }],
          }),
        // A shared desk locks after its idle minutes: the computer's own idle time counts any use.
        desk: { systemIdleSeconds: () => powerMonitor.getSystemIdleTime() },
        chooseCaFile: () =>
          chooseOneFile({
            title: tm('dialog.caFileTitle'),
            filters: [
              { name: tm('dialog.caCertificates'), extensions: ['pem', 'crt', 'cer'] },
              { name: tm('dialog.allFiles'), extensions: ['*'] },
            ],
          }),
        chooseClientFile: (which) =>
          chooseOneFile({
            title: tm(which === 'cert' ? 'shopIt.clientCertTitle' : 'shopIt.clientKeyTitle'),
            filters: [
              {
                name: tm(which === 'cert' ? 'shopIt.certificates' : 'shopIt.privateKeys'),
                extensions: which === 'cert' ? ['pem', 'crt', 'cer'] : ['pem', 'key'],
              },
              { name: tm('dialog.allFiles'), extensions: ['*'] },
            ],
          }),
        chooseConnectionFile: () =>
          chooseOneFile({
            title: tm('shopIt.fileTitle'),
            filters: [
              { name: tm('shopIt.fileFilter'), extensions: ['json'] },
              { name: tm('dialog.allFiles'), extensions: ['*'] },
            ],
          }),
        chooseSaveFile: async (suggestedName) => {
          const options = {
            defaultPath: path.join(app.getPath('documents'), suggestedName),
            filters: [saveFilterFor(suggestedName)],
          };
          const choice = await (window
            ? dialog.showSaveDialog(window, options)
            : dialog.showSaveDialog(options));
          return choice.canceled || !choice.filePath ? null : choice.filePath;
        },
      });
      registerIpcHandlers(ipcMain, core.handlers, {
        trustedOrigins,
        onInternalError: (operation, error) => logger.error(`IPC ${operation} failed`, error),
        onErrorAnswer: (operation, error) => recordErrorAnswer(recentErrors, operation, error),
      });
      // Main's events reach the app's own window only (checked as every invoke is).
      forwardEvents(ipcMain, core.events, {
        trustedOrigins,
        onSendError: (error) => logger.warn('An event could not be sent to the window', error),
      });
      const entryUrl = devServerUrl ?? APP_ENTRY_URL;
      let savedPlace = await readWindowState(dataDir);
      const supervisor = superviseRenderer({
        restart: () => void open({ kind: 'restarted' }),
        giveUp: () => app.quit(),
        log: logger,
      });
      const open = (firstRequest?: ShellRequest): BrowserWindow => {
        const size = windowOptions('', { devTools: false });
        const opened = createMainWindow({
          preloadPath: path.join(here, '../preload/index.cjs'),
          entryUrl,
          trustedOrigins,
          devTools: !app.isPackaged,
          // A restarted window takes the dead one's place; a new one the place saved last time.
          placement: placementFor(
            window && !window.isDestroyed()
              ? { bounds: window.getNormalBounds(), maximized: window.isMaximized() }
              : savedPlace,
            size,
          ),
          firstRequest,
        });
        const place = trackWindowState(opened, dataDir, (message, error) => logger.warn(message, error));
        opened.on('close', () => {
          // A window opened again later (macOS keeps running) opens where this one closed.
          if (!opened.isMinimized()) {
            savedPlace = { bounds: opened.getNormalBounds(), maximized: opened.isMaximized() };
          }
          void place.flush();
        });
        opened.on('closed', () => {
          if (window !== opened) return;
          window = null;
          // Runs going on: a way back (tray, Dock) and a notice, and the system kept awake.
          background?.windowClosed();
        });
        background?.windowOpened();
        installContextMenu(opened.webContents, () => opened);
        // A shared desk's idle time starts again at each real use of the window.
        reportWindowUse(opened.webContents, () => core.windowUsed());
        supervisor.watch(opened);
        window = opened;
        return opened;
      };
      const ask = (request: ShellRequest) => askRenderer(window, entryUrl, request);
      const valueOf = async <T>(answer: Promise<{ ok: boolean; value?: unknown }>): Promise<T | null> => {
        const result = await answer;
        return result.ok ? (result.value as T) : null;
      };
      const menuDeps: MenuDeps = {
        platform: process.platform,
        packaged: app.isPackaged,
        appName: app.getName(),
        version: app.getVersion(),
        versions: process.versions,
        logsFolder: logger.filePath ? path.dirname(logger.filePath) : null,
        crashDumpsFolder,
        diagnostics: async () =>
          (await valueOf<{ text: string }>(core.handlers['app.diagnostics']()))?.text ?? null,
        checkForUpdates: () => valueOf<UpdateStatus>(core.handlers['updates.check']()),
        installUpdate: () => valueOf<UpdateStatus>(core.handlers['updates.install']({ consent: true })),
        window: () => window,
        ask,
        onProblem: (message, error) => logger.warn(message, error),
      };
      installApplicationMenu(menuDeps);
      // The menu speaks the display language: a new choice builds it again in that language.
      core.events.subscribe((event) => {
        if (event.type === 'settings.changed' && event.what === 'language') installApplicationMenu(menuDeps);
      });
      const openNoticeTarget = (target: ShellRequest) => {
        // A window opened for the purpose takes the request with its first load.
        if (!window) return void open(target);
        bringToFront(window);
        ask(target);
      };
      // Runs are announced on core's event bus: a notice when one ends out of sight, and progress.
      followRuns({
        bus: core.events,
        window: () => window,
        open: openNoticeTarget,
        onProblem: (message, error) => logger.warn(message, error),
      });
      const carNotices = createNoticeShower(openNoticeTarget);
      showCarNotice = (notice) => {
        try {
          carNotices(notice);
        } catch (error) {
          logger.warn('Could not show a notification', error);
        }
      };
      background = followBackgroundRuns({
        bus: core.events,
        underWay: () => core.runs.underWay(),
        platform: process.platform,
        showWindow: () => {
          if (!window) return void open();
          bringToFront(window);
        },
        quit: () => app.quit(),
        onProblem: (message, error) => logger.warn(message, error),
      });
      // The app's own updates: looked for now, every few hours, and when the computer wakes.
      core.updates.start();
      powerMonitor.on('resume', () => core.updates.resumed());
      openWindow = open;
      resolveLink = resolveWith(core.handlers);
      showRequest = (request) => {
        if (!window) return void open(request);
        bringToFront(window);
        ask(request);
      };
      // A link the app was started with opens the first window on what it names.
      await links.start();
      if (!window) open();
      app.on('activate', () => {
        if (!quitting && BrowserWindow.getAllWindows().length === 0) open();
      });
      runsUnderWay = () => core.runs.underWay().length > 0;
      // With no window left (closed while a run went on), the app quits once its runs have ended.
      core.events.subscribe((event) => {
        if (event.type === 'run.changed' && event.run.endedAt && !window && !runsUnderWay()) {
          if (process.platform !== 'darwin') app.quit();
        }
      });
      let stopRuns = false;
      // Quitting during a run asks first and says what it stops; then the cache index is flushed
      // and connections closed before the process goes away.
      app.on('before-quit', (event) => {
        if (quitting) return;
        event.preventDefault();
        const prompt = stopRuns ? null : quitPrompt(core.runs.underWay());
        if (prompt) {
          const options = { type: 'warning' as const, ...prompt, defaultId: 0, cancelId: 0, noLink: true };
          void (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options)).then(
            ({ response }) => {
              stopRuns = response === 1;
              if (stopRuns) app.quit();
            },
          );
          return;
        }
        quitting = true;
        background?.stop();
        void core.dispose().finally(() => app.quit());
      });
    })
    .catch((error: unknown) => {
      // Without its core the app can do nothing useful: say why (redacted, in the log) and leave.
      logger.error('Vehicle Garage could not start', error);
      // A second copy holding the folder is named (pid, since when, which program): the user can act.
      // Matched by name: storage/data-lock.ts stays out of the startup imports.
      const box = startFailedBox();
      const why =
        error instanceof Error && error.name === 'DataFolderInUseError' ? error.message : box.message;
      dialog.showErrorBox(
        box.title,
        logger.filePath
          ? tm('start.detailsAt', { why, path: logger.filePath })
          : tm('start.details', { why }),
      );
      app.exit(1);
    });

  app.on('window-all-closed', () => {
    // A run goes on with its window closed; launching the app again shows it.
    if (process.platform !== 'darwin' && !runsUnderWay()) app.quit();
  });
}
