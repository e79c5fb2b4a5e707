// The stand-in `electron` module of the main process: exactly Electron's main-process export names
// (its Main and Common namespaces). What is implemented is what the app's glue uses; every other
// export throws ElectronStandinUnsupported by name when used. See README.md for what it cannot be.
import { app as appStandin } from './app';
import { BrowserWindow as BrowserWindowStandin, type WebContentsStandin } from './browser-window';
import { ipcMain as ipcMainStandin } from './ipc-main';
import { net as netStandin, protocol as protocolStandin } from './protocol';
import { dialog as dialogStandin, session as sessionStandin, shell as shellStandin } from './recorders';
import {
  clipboard as clipboardStandin,
  crashReporter as crashReporterStandin,
  MenuItemStandin,
  MenuStandin,
  NotificationStandin,
  screen as screenStandin,
} from './shell';
import {
  nativeImage as nativeImageStandin,
  nativeTheme as nativeThemeStandin,
  powerMonitor as powerMonitorStandin,
  powerSaveBlocker as powerSaveBlockerStandin,
  TrayStandin,
} from './system';
import { strict, unsupported } from './unsupported';
import { allWindows } from './windows';

export const app = strict('app', appStandin);
export const BrowserWindow = BrowserWindowStandin;
export const ipcMain = ipcMainStandin;
export const protocol = protocolStandin;
export const net = netStandin;
export const session = sessionStandin;
export const dialog = dialogStandin;
export const shell = shellStandin;

const contents = (): WebContentsStandin[] => allWindows().map((window) => window.webContents);
export const webContents = strict('webContents', {
  getAllWebContents: contents,
  getFocusedWebContents: () => allWindows().find((window) => window.isFocused())?.webContents ?? null,
  fromId: (id: number) => contents().find((candidate) => candidate.id === id),
});

export const autoUpdater = unsupported('autoUpdater');
export const BaseWindow = unsupported('BaseWindow');
export const BrowserView = unsupported('BrowserView');
export const clipboard = clipboardStandin;
export const ClipboardItem = unsupported('ClipboardItem');
export const contentTracing = unsupported('contentTracing');
export const crashReporter = crashReporterStandin;
export const desktopCapturer = unsupported('desktopCapturer');
export const globalShortcut = unsupported('globalShortcut');
export const ImageView = unsupported('ImageView');
export const inAppPurchase = unsupported('inAppPurchase');
export const IpcMainServiceWorker = unsupported('IpcMainServiceWorker');
export const Menu = MenuStandin;
export const MenuItem = MenuItemStandin;
export const MessageChannelMain = unsupported('MessageChannelMain');
export const nativeImage = nativeImageStandin;
export const nativeTheme = nativeThemeStandin;
export const netLog = unsupported('netLog');
export const Notification = NotificationStandin;
export const powerMonitor = powerMonitorStandin;
export const powerSaveBlocker = powerSaveBlockerStandin;
export const pushNotifications = unsupported('pushNotifications');
export const safeStorage = unsupported('safeStorage');
export const screen = screenStandin;
export const ShareMenu = unsupported('ShareMenu');
export const sharedTexture = unsupported('sharedTexture');
export const systemPreferences = unsupported('systemPreferences');
export const TouchBar = unsupported('TouchBar');
export const Tray = TrayStandin;
export const utilityProcess = unsupported('utilityProcess');
export const View = unsupported('View');
export const WebContentsView = unsupported('WebContentsView');
export const webFrameMain = unsupported('webFrameMain');
export const WebSocket = unsupported('WebSocket');

// CommonJS consumers (electron-log, electron-updater) get the same object as `require('electron')`.
export default {
  app,
  BrowserWindow,
  ipcMain,
  protocol,
  net,
  session,
  dialog,
  shell,
  webContents,
  autoUpdater,
  BaseWindow,
  BrowserView,
  clipboard,
  ClipboardItem,
  contentTracing,
  crashReporter,
  desktopCapturer,
  globalShortcut,
  ImageView,
  inAppPurchase,
  IpcMainServiceWorker,
  Menu,
  MenuItem,
  MessageChannelMain,
  nativeImage,
  nativeTheme,
  netLog,
  Notification,
  powerMonitor,
  powerSaveBlocker,
  pushNotifications,
  safeStorage,
  screen,
  ShareMenu,
  sharedTexture,
  systemPreferences,
  TouchBar,
  Tray,
  utilityProcess,
  View,
  WebContentsView,
  webFrameMain,
  WebSocket,
};
