// What a shared desk reads of time: its own type, so the link's state and the desk both name it
// without importing each other.
export interface DeskClock {
  now?: () => Date;
  /** How often the idle time is looked at (ms). */
  checkMs?: number;
  /** The computer's own idle time in seconds (Electron's powerMonitor), when it can tell. */
  systemIdleSeconds?: () => number;
}
