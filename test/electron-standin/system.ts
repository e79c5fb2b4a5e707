// The OS-facing parts of Electron the app uses around runs, links and themes: power save blockers,
// the tray, native images, the native theme and power events. Nothing reaches the OS; what the app
// asked is kept for tests (the live blockers, the trays shown with their menus), and tests raise the
// OS's events themselves (`powerMonitor.emit('resume')`, `tray.click()`).
import { EventEmitter } from 'node:events';
import type { MenuStandin } from './shell';
import { strict } from './unsupported';

type BlockerType = 'prevent-app-suspension' | 'prevent-display-sleep';

const blockers = new Map<number, BlockerType>();
const blockerHistory: { id: number; type: BlockerType; stoppedAt: number | null }[] = [];
let nextBlocker = 1;

export const powerSaveBlocker = strict('powerSaveBlocker', {
  /** Stand-in only: the blockers held now, by id. */
  active: blockers,
  /** Stand-in only: every blocker started, with when it was stopped. */
  history: blockerHistory,
  start(type: BlockerType): number {
    if (type !== 'prevent-app-suspension' && type !== 'prevent-display-sleep') {
      throw new TypeError(`powerSaveBlocker.start: unknown type ${String(type)}`);
    }
    const id = nextBlocker++;
    blockers.set(id, type);
    blockerHistory.push({ id, type, stoppedAt: null });
    return id;
  },
  stop(id: number): boolean {
    const held = blockers.delete(id);
    const entry = blockerHistory.find((each) => each.id === id);
    if (held && entry) entry.stoppedAt = Date.now();
    return held;
  },
  isStarted: (id: number): boolean => blockers.has(id),
});

export class NativeImageStandin {
  readonly representations: { scaleFactor: number; bytes: number }[] = [];
  constructor(
    private readonly png: Buffer | null,
    scaleFactor = 1,
  ) {
    if (png) this.representations.push({ scaleFactor, bytes: png.length });
  }
  isEmpty(): boolean {
    return this.png === null || this.png.length === 0;
  }
  /** Width and height from the PNG header (the image's 1x representation). */
  getSize(): { width: number; height: number } {
    if (!this.png || this.png.length < 24) return { width: 0, height: 0 };
    return { width: this.png.readUInt32BE(16), height: this.png.readUInt32BE(20) };
  }
  addRepresentation(options: { scaleFactor: number; buffer?: Buffer }): void {
    this.representations.push({ scaleFactor: options.scaleFactor, bytes: options.buffer?.length ?? 0 });
  }
  toPNG(): Buffer {
    return this.png ?? Buffer.alloc(0);
  }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const nativeImage = strict('nativeImage', {
  createEmpty: () => new NativeImageStandin(null),
  createFromBuffer(buffer: Buffer, options: { scaleFactor?: number } = {}) {
    // Electron answers an empty image for bytes it cannot decode; the stand-in reads PNG only.
    return new NativeImageStandin(
      buffer.subarray(0, 8).equals(PNG_MAGIC) ? buffer : null,
      options.scaleFactor,
    );
  },
  createFromDataURL(url: string) {
    const match = /^data:image\/png;base64,(.*)$/.exec(url);
    return new NativeImageStandin(match ? Buffer.from(match[1]!, 'base64') : null);
  },
});

export class TrayStandin extends EventEmitter {
  /** Every tray not destroyed, in the order made. */
  static readonly live: TrayStandin[] = [];
  toolTip = '';
  contextMenu: MenuStandin | null = null;
  private destroyed = false;

  constructor(readonly image: NativeImageStandin) {
    super();
    if (!(image instanceof NativeImageStandin) || image.isEmpty()) {
      throw new TypeError('Tray needs a non-empty image');
    }
    TrayStandin.live.push(this);
  }
  setToolTip(text: string): void {
    this.toolTip = text;
  }
  setContextMenu(menu: MenuStandin | null): void {
    this.contextMenu = menu;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
    TrayStandin.live.splice(TrayStandin.live.indexOf(this), 1);
  }
  /** What a click on the icon does on the desktop. */
  click(): void {
    this.emit('click', { defaultPrevented: false, preventDefault() {} });
  }
}

class NativeThemeStandin extends EventEmitter {
  private source: 'system' | 'light' | 'dark' = 'system';
  /** Stand-in only: every value the app set. */
  readonly sourcesSet: string[] = [];
  /** Stand-in only: what the system prefers when the source is 'system'. */
  systemDark = false;
  get themeSource(): 'system' | 'light' | 'dark' {
    return this.source;
  }
  set themeSource(value: 'system' | 'light' | 'dark') {
    if (value !== 'system' && value !== 'light' && value !== 'dark')
      throw new TypeError(`themeSource: ${value}`);
    this.source = value;
    this.sourcesSet.push(value);
    this.emit('updated');
  }
  get shouldUseDarkColors(): boolean {
    return this.source === 'dark' || (this.source === 'system' && this.systemDark);
  }
  readonly shouldUseHighContrastColors = false;
  readonly shouldUseInvertedColorScheme = false;
}

export const nativeTheme = new NativeThemeStandin();

/** Power events: tests emit 'suspend' and 'resume' as the OS would. */
export const powerMonitor = Object.assign(new EventEmitter(), {
  getSystemIdleState: () => 'active' as const,
  getSystemIdleTime: () => 0,
  isOnBatteryPower: () => false,
});
