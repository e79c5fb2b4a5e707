// The app's keyboard shortcuts, listed once: the renderer's key handler matches them, the
// application menu shows them as accelerators, and Help → Keyboard shortcuts lists them.

export type ShortcutAction =
  'focus-search' | 'quick-open' | 'refresh-vehicle' | 'open-settings' | 'show-shortcuts';

export interface Shortcut {
  action: ShortcutAction;
  /** What it does, in the technician's words. */
  label: string;
  /** Electron accelerators: the first is shown in the menu; every one works. */
  accelerators: readonly string[];
}

export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'focus-search', label: 'Search the garage', accelerators: ['CmdOrCtrl+F'] },
  { action: 'quick-open', label: 'Go to a vehicle by VIN, nickname or plate', accelerators: ['CmdOrCtrl+K'] },
  {
    action: 'refresh-vehicle',
    label: "Refresh the open vehicle's data",
    accelerators: ['CmdOrCtrl+R', 'F5'],
  },
  { action: 'open-settings', label: 'Open Settings', accelerators: ['CmdOrCtrl+,'] },
  { action: 'show-shortcuts', label: 'Show keyboard shortcuts', accelerators: ['CmdOrCtrl+/'] },
];

/** The parts of a KeyboardEvent a shortcut is matched on. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

interface Parsed {
  key: string;
  primary: boolean;
}

function parse(accelerator: string): Parsed {
  const parts = accelerator.split('+');
  const key = parts.pop()!.toLowerCase();
  return { key, primary: parts.includes('CmdOrCtrl') };
}

/**
 * The shortcut a key press means on this platform, or null. Cmd on macOS and Ctrl elsewhere; a
 * press with Alt, Shift or the other platform's modifier is not one (Ctrl+Shift+R stays a reload
 * in a development build, Cmd+Ctrl+F stays the OS's full screen).
 */
export function shortcutFor(press: KeyPress, mac: boolean): Shortcut | null {
  if (press.altKey || press.shiftKey) return null;
  const primary = mac ? press.metaKey : press.ctrlKey;
  const other = mac ? press.ctrlKey : press.metaKey;
  if (other) return null;
  const key = press.key.toLowerCase();
  for (const shortcut of SHORTCUTS) {
    for (const accelerator of shortcut.accelerators) {
      const parsed = parse(accelerator);
      if (parsed.key === key && parsed.primary === primary) return shortcut;
    }
  }
  return null;
}

/** "Ctrl+K" / "⌘K", "F5": an accelerator as the platform writes it. */
export function acceleratorText(accelerator: string, mac: boolean): string {
  const parts = accelerator.split('+');
  const key = parts.pop()!;
  const mods = parts.map((part) => (part === 'CmdOrCtrl' ? (mac ? '⌘' : 'Ctrl') : part));
  return mac ? `${mods.join('')}${key}` : [...mods, key].join('+');
}
