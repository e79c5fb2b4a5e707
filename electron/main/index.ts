// Electron glue: the only place that starts the app. Everything it wires is a plain module that
// also runs under Node in tests (see test/support/launch.ts).
import { app, BrowserWindow, dialog, ipcMain, session } from 'electron';
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

const recentErrors = createRecentErrors({ capacity: 20 });
const logger = initLogger({ recentErrors, dev: !app.isPackaged });

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.enableSandbox();

  let window: BrowserWindow | null = null;
  let openWindow: (() => void) | null = null;
  // Set once quitting has begun: from then on every call answers "shutting down", so a relaunch
  // arriving meanwhile gets no window from this process; it restarts the app once quitting is done.
  let quitting = false;
  // Runs go on in main without a window; set once the core exists.
  let runsUnderWay = () => false;
  app.on('second-instance', () => {
    if (quitting) {
      logger.info('Launched again while quitting: the app restarts once pending commands are finished');
      app.relaunch();
      return;
    }
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
      const core = await createCore({
        demo: demo.options,
        dataDir: app.getPath('userData'),
        appInfo: {
          name: app.getName(),
          version: app.getVersion(),
          platform: process.platform,
          arch: process.arch,
        },
        keychain: lazyKeytar(),
        onProblem: (message, error) => logger.warn(message, error),
        recentErrors,
        logFile: logger.filePath,
        runtime: {
          osRelease: os.release(),
          versions: {
            electron: process.versions.electron,
            chrome: process.versions.chrome,
            node: process.versions.node,
          },
        },
        createUpdater: () => createElectronUpdater(logger),
        chooseSaveFile: async (suggestedName) => {
          const options = {
            defaultPath: path.join(app.getPath('documents'), suggestedName),
            filters: [{ name: 'CSV', extensions: ['csv'] }],
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
      const open = () => {
        window = createMainWindow({
          preloadPath: path.join(here, '../preload/index.cjs'),
          entryUrl: devServerUrl ?? APP_ENTRY_URL,
          trustedOrigins,
          devTools: !app.isPackaged,
        });
        window.on('closed', () => (window = null));
      };
      openWindow = open;
      open();
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
        void core.dispose().finally(() => app.quit());
      });
    })
    .catch((error: unknown) => {
      // Without its core the app can do nothing useful: say why (redacted, in the log) and leave.
      logger.error('Vehicle Garage could not start', error);
      dialog.showErrorBox(
        'Vehicle Garage could not start',
        `The app could not open its data folder or start its services. Details are in the log${
          logger.filePath ? `: ${logger.filePath}` : ''
        }.`,
      );
      app.exit(1);
    });

  app.on('window-all-closed', () => {
    // A run goes on with its window closed; launching the app again shows it.
    if (process.platform !== 'darwin' && !runsUnderWay()) app.quit();
  });
}
