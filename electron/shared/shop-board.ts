// The shop's board as main hands it to the window: every car of the shop's garage with who holds
// it, its open job, what the shop knows of its state (each value with its own age and reader), its
// last action, and what this machine still has to upload for it. Plain types and the reading's
// values, shared by main, preload and renderer.
import type { SleepState } from './types';

/** One value the shop knows of a car: what, read when (the service's time of it), by whom, how. */
export interface BoardValue<T> {
  value: T;
  readAt: string;
  /** Which read gave it (`state`, `status`, `firmware-alerts`, …). */
  source: string;
  /** The name typed on the machine that read it. */
  technician: string;
  /** The database role that wrote the reading (the server's word); null when unknown. */
  role: string | null;
}

/** The values a reading may carry; a reading carries only those its read confirmed. */
export interface ReadingValues {
  sleep?: SleepState;
  /** Percent. */
  batteryLevel?: number;
  /** The service's `charging_state` ("Charging", "Complete", "Disconnected", "Stopped", …). */
  charging?: string;
  /** Active firmware alerts. */
  alertCount?: number;
  tyresLow?: boolean;
}

export type BoardState = { [K in keyof ReadingValues]?: BoardValue<NonNullable<ReadingValues[K]>> };

export interface BoardCar {
  vin: string;
  nickname: string | null;
  plate: string | null;
  claim: {
    by: string;
    role: string | null;
    since: string;
    expiresAt: string;
    /** Held by the role this app signed in as (never compared by typed name). */
    mine: boolean;
  } | null;
  job: {
    id: string;
    repairOrder: string;
    technician: string;
    role: string | null;
    openedAt: string;
  } | null;
  state: BoardState;
  lastAction: {
    time: string;
    operation: string;
    outcome: string;
    technician: string;
    role: string | null;
  } | null;
  /** Entries of this machine's outbox for the car, not in the shop yet. */
  waiting: number;
}

export interface ShopBoard {
  cars: BoardCar[];
  /** When the shop database answered (its clock): what "as of" says. */
  asOf: string;
  /** The database role this app signed in as. */
  role: string;
}

const SLEEP_STATES: readonly string[] = ['awake', 'asleep', 'offline'];

/**
 * A reading's values kept only when they are what they claim (the database stores any JSON): a
 * colleague's app, or a role at psql, may write anything into a reading.
 */
export function readingValuesOf(raw: unknown): ReadingValues {
  if (!raw || typeof raw !== 'object') return {};
  const source = raw as Record<string, unknown>;
  const out: ReadingValues = {};
  if (typeof source['sleep'] === 'string' && SLEEP_STATES.includes(source['sleep']))
    out.sleep = source['sleep'] as SleepState;
  const level = source['batteryLevel'];
  if (typeof level === 'number' && Number.isFinite(level) && level >= 0 && level <= 100)
    out.batteryLevel = level;
  if (typeof source['charging'] === 'string' && source['charging'].length <= 40)
    out.charging = source['charging'];
  const alerts = source['alertCount'];
  if (typeof alerts === 'number' && Number.isInteger(alerts) && alerts >= 0) out.alertCount = alerts;
  if (typeof source['tyresLow'] === 'boolean') out.tyresLow = source['tyresLow'];
  return out;
}
