// A run is work main owns across many vehicles or past one view (a bulk command, "Refresh garage",
// a long command): the renderer starts it, watches it and may cancel it, but never drives it.
// These are the shapes both sides see; main keeps the run itself and its results on disk.

export type RunKind = 'bulk-command' | 'garage-refresh' | 'vehicle-command';

export type RunState = 'running' | 'cancelling' | 'completed' | 'cancelled' | 'failed';

export type RunItemStatus =
  'queued' | 'sending' | 'waiting' | 'succeeded' | 'failed' | 'skipped' | 'not-sent';

/** One vehicle's part of a run. */
export interface RunItem {
  vin: string;
  status: RunItemStatus;
  /** Why it failed or was skipped, in the technician's words. */
  message: string | null;
  /** ISO time this item last changed. */
  at: string | null;
}

/** A run as the renderer sees it at one moment. */
export interface RunSnapshot {
  id: string;
  kind: RunKind;
  profileId: string;
  /** What the run does, in the technician's words ("Set charge limit to 80 %"). */
  title: string;
  state: RunState;
  startedAt: string;
  endedAt: string | null;
  items: RunItem[];
}
