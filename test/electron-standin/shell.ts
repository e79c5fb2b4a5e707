// Menu, Notification, crashReporter, screen and clipboard: nothing native is shown; what the app
// built or asked for is kept so a test can read the menu it set, click an item or a notification
// (with the arguments Electron passes), and choose the displays attached.
import { EventEmitter } from 'node:events';
import { strict } from './unsupported';
import { allWindows } from './windows';

// Electron's MenuItem roles (menu-item-roles.ts): an unknown role is a mistake the app must not ship.
const ROLES = new Set([
  'undo',
  'redo',
  'cut',
  'copy',
  'paste',
  'pasteAndMatchStyle',
  'delete',
  'selectAll',
  'reload',
  'forceReload',
  'toggleDevTools',
  'resetZoom',
  'zoomIn',
  'zoomOut',
  'toggleSpellChecker',
  'togglefullscreen',
  'window',
  'minimize',
  'close',
  'help',
  'about',
  'services',
  'hide',
  'hideOthers',
  'unhide',
  'quit',
  'showSubstitutions',
  'toggleSmartQuotes',
  'toggleSmartDashes',
  'toggleTextReplacement',
  'startSpeaking',
  'stopSpeaking',
  'zoom',
  'front',
  'appMenu',
  'fileMenu',
  'editMenu',
  'viewMenu',
  'shareMenu',
  'recentDocuments',
  'toggleTabBar',
  'selectNextTab',
  'selectPreviousTab',
  'showAllTabs',
  'mergeAllWindows',
  'clearRecentDocuments',
  'moveTabToNewWindow',
  'windowMenu',
  'print',
]);

interface ItemOptions {
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  registerAccelerator?: boolean;
  enabled?: boolean;
  visible?: boolean;
  submenu?: ItemOptions[] | MenuStandin;
  click?: (item: MenuItemStandin, window: unknown, event: { triggeredByAccelerator: boolean }) => void;
}

export class MenuItemStandin {
  readonly label: string;
  readonly role: string | undefined;
  readonly type: string;
  readonly accelerator: string | undefined;
  readonly registerAccelerator: boolean;
  readonly enabled: boolean;
  readonly visible: boolean;
  readonly submenu: MenuStandin | undefined;
  private readonly onClick: ItemOptions['click'];

  constructor(options: ItemOptions) {
    if (options.role !== undefined && !ROLES.has(options.role)) {
      throw new Error(`Invalid role: ${options.role}`);
    }
    if (options.type !== 'separator' && !options.label && !options.role && !options.submenu) {
      throw new Error('Invalid template for MenuItem: must have at least one of label, role or type');
    }
    this.label = options.label ?? '';
    this.role = options.role;
    this.type = options.type ?? (options.submenu ? 'submenu' : 'normal');
    this.accelerator = options.accelerator;
    this.registerAccelerator = options.registerAccelerator ?? true;
    this.enabled = options.enabled ?? true;
    this.visible = options.visible ?? true;
    this.submenu =
      options.submenu instanceof MenuStandin
        ? options.submenu
        : options.submenu
          ? MenuStandin.buildFromTemplate(options.submenu)
          : undefined;
    this.onClick = options.click;
  }

  /** What a person clicking it with the mouse does: Electron passes the item, the focused window, the event. */
  click(): void {
    const focused = allWindows().find((window) => window.isFocused()) ?? allWindows()[0];
    this.onClick?.(this, focused, { triggeredByAccelerator: false });
  }
}

export class MenuStandin {
  static applicationMenu: MenuStandin | null = null;
  /** Every popup asked for, newest last, with the options it was given. */
  static readonly popups: { menu: MenuStandin; options: unknown }[] = [];

  readonly items: MenuItemStandin[] = [];

  static buildFromTemplate(template: (ItemOptions | MenuItemStandin)[]): MenuStandin {
    const menu = new MenuStandin();
    for (const entry of template) {
      menu.items.push(entry instanceof MenuItemStandin ? entry : new MenuItemStandin(entry));
    }
    return menu;
  }

  static setApplicationMenu(menu: MenuStandin | null): void {
    MenuStandin.applicationMenu = menu;
  }

  static getApplicationMenu(): MenuStandin | null {
    return MenuStandin.applicationMenu;
  }

  append(item: MenuItemStandin): void {
    this.items.push(item);
  }

  popup(options: unknown = {}): void {
    MenuStandin.popups.push({ menu: this, options });
  }

  closePopup(): void {}

  /** Depth first: every item with a submenu's items after it. */
  allItems(): MenuItemStandin[] {
    return this.items.flatMap((item) => [item, ...(item.submenu?.allItems() ?? [])]);
  }
}

export class NotificationStandin extends EventEmitter {
  /** Every notification shown, in order. */
  static readonly shown: NotificationStandin[] = [];
  static isSupported(): boolean {
    return true;
  }

  readonly title: string;
  readonly body: string;

  constructor(options: { title?: string; body?: string } = {}) {
    super();
    this.title = options.title ?? '';
    this.body = options.body ?? '';
  }

  show(): void {
    NotificationStandin.shown.push(this);
    this.emit('show', { defaultPrevented: false, preventDefault() {} });
  }

  close(): void {
    this.emit('close', { defaultPrevented: false, preventDefault() {} });
  }

  /** What the person clicking it on the desktop does. */
  click(): void {
    this.emit('click', { defaultPrevented: false, preventDefault() {} });
  }
}

export const crashReporterCalls: { method: string; args: unknown[] }[] = [];

export const crashReporter = strict('crashReporter', {
  /** Stand-in only: what the app asked of the crash reporter. */
  calls: crashReporterCalls,
  start: (options: { uploadToServer?: boolean; submitURL?: string }) => {
    // Electron requires a submitURL unless nothing is uploaded.
    if (options.uploadToServer !== false && !options.submitURL) {
      throw new Error('submitURL must be specified when uploadToServer is true');
    }
    crashReporterCalls.push({ method: 'start', args: [options] });
  },
  getLastCrashReport: () => null,
  getUploadedReports: () => [],
  getUploadToServer: () => false,
  setUploadToServer: () => {},
  addExtraParameter: () => {},
  removeExtraParameter: () => {},
  getParameters: () => ({}),
});

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface DisplayStandin {
  id: number;
  bounds: Rect;
  workArea: Rect;
  scaleFactor: number;
}

// One 1920×1080 display with a 40-pixel taskbar, until a test attaches others (the first is primary).
let displays: DisplayStandin[] = [
  {
    id: 1,
    bounds: { x: 0, y: 0, width: 1920, height: 1080 },
    workArea: { x: 0, y: 0, width: 1920, height: 1040 },
    scaleFactor: 1,
  },
];

export const screen = strict('screen', {
  getPrimaryDisplay: () => displays[0]!,
  getAllDisplays: () => [...displays],
  /** Stand-in only: the displays attached, the primary first. */
  attachDisplays: (next: { bounds: Rect; workArea: Rect }[]) => {
    displays = next.map((display, index) => ({ id: index + 1, scaleFactor: 1, ...display }));
  },
  on: () => {},
  removeListener: () => {},
});

let clipboardText = '';
export const clipboard = strict('clipboard', {
  writeText: (text: string) => void (clipboardText = String(text)),
  readText: () => clipboardText,
  clear: () => void (clipboardText = ''),
});
