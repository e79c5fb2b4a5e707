// Where the window opens: the size, position and maximised state it had last time, checked
// against the displays attached now. A window never opens off-screen: saved bounds that no longer
// meet a display's work area (a monitor unplugged, a resolution lowered) fall back to the default
// size centred on the primary display; bounds that still meet one are clamped inside it.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SavedWindowState {
  /** The normal (not maximised) bounds. */
  bounds: Rect;
  maximized: boolean;
}

export interface DisplayArea {
  workArea: Rect;
}

export interface Placement {
  /** Absent: let the OS centre the window. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface SizeRules {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** Of a saved window, at least this much (title bar included) must be on a display to keep its place. */
const MIN_VISIBLE = 64;

const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e6;

/** A saved state read back from disk; anything malformed is null (the default place). */
export function parseWindowState(data: unknown): SavedWindowState | null {
  if (typeof data !== 'object' || data === null) return null;
  const { bounds, maximized } = data as Record<string, unknown>;
  if (typeof bounds !== 'object' || bounds === null) return null;
  const { x, y, width, height } = bounds as Record<string, unknown>;
  if (!isInt(x) || !isInt(y) || !isInt(width) || !isInt(height) || width <= 0 || height <= 0) return null;
  return {
    bounds: { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) },
    maximized: maximized === true,
  };
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), Math.max(low, high));
}

/** Centred default on the primary display (the first one), never larger than its work area. */
function centredDefault(primary: DisplayArea | undefined, size: SizeRules, maximized: boolean): Placement {
  if (!primary) return { width: size.width, height: size.height, maximized };
  const area = primary.workArea;
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  return {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
    maximized,
  };
}

/**
 * Where to open the window. `displays[0]` is the primary display. The display a saved window
 * overlaps most keeps it; its size is cut to that work area (not below the minimum size) and its
 * position moved until the whole window is inside.
 */
export function placeWindow(
  saved: SavedWindowState | null,
  displays: readonly DisplayArea[],
  size: SizeRules,
): Placement {
  if (!saved) return centredDefault(displays[0], size, false);
  let best: { display: DisplayArea; area: number; seen: { width: number; height: number } } | null = null;
  for (const display of displays) {
    const seen = overlap(saved.bounds, display.workArea);
    const area = seen.width * seen.height;
    if (!best || area > best.area) best = { display, area, seen };
  }
  const visible =
    best !== null &&
    best.seen.width >= Math.min(MIN_VISIBLE, saved.bounds.width) &&
    best.seen.height >= Math.min(MIN_VISIBLE, saved.bounds.height);
  if (!best || !visible) return centredDefault(displays[0], size, saved.maximized);
  const area = best.display.workArea;
  const width = clamp(saved.bounds.width, Math.min(size.minWidth, area.width), area.width);
  const height = clamp(saved.bounds.height, Math.min(size.minHeight, area.height), area.height);
  return {
    x: clamp(saved.bounds.x, area.x, area.x + area.width - width),
    y: clamp(saved.bounds.y, area.y, area.y + area.height - height),
    width,
    height,
    maximized: saved.maximized,
  };
}
