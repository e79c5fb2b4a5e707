// "Refresh garage": one read per vehicle (its state from the service's copy, use_cache=true, which
// never wakes a car and also says whether it sleeps), a few at a time. The client in main paces
// the reads by the service's rate limit; a 429 that still gets through is waited out here and the
// read sent again (a read is safe to repeat). Stops early when every further read would fail the
// same way (no token, refused token) or the service stops answering.
import type { GarageApi } from '../../../electron/shared/ipc/api';
import type { ErrorInfo, ErrorKind } from '../../../electron/shared/result';
import { runBulk } from './bulk-runner';

/** As many reads under way as the client in main sends at once: more would only queue there. */
export const REFRESH_CONCURRENCY = 6;
/** After this many failures in a row of the kinds below, the service is taken as not answering. */
export const UNREACHABLE_AFTER = 6;

/** Failures that every other vehicle would meet too. */
const FATAL: ReadonlySet<ErrorKind> = new Set([
  'no_token',
  'unauthorized',
  'forbidden',
  'keychain_unavailable',
]);
const UNREACHABLE: ReadonlySet<ErrorKind> = new Set(['network', 'timeout', 'server_error']);

export type RefreshAnswer = { ok: true } | { ok: false; error: ErrorInfo; retryAfter: number | null };

export interface RefreshProgress {
  total: number;
  /** Reads that ended (refreshed or failed). */
  done: number;
  failed: number;
  /** Epoch ms every read waits until, while the service asks to slow down; else null. */
  waitingUntil: number | null;
}

export interface RefreshOutcome extends RefreshProgress {
  refreshed: number;
  /** Vehicles not read because the run was cancelled or stopped. */
  notRead: number;
  failures: { vin: string; error: ErrorInfo }[];
  /** Why the run stopped before the end on its own; null when it ran through or was cancelled. */
  stoppedBecause: ErrorInfo | null;
  cancelled: boolean;
}

export interface RefreshGarageOptions {
  api: Pick<GarageApi, 'vehicles'>;
  vins: readonly string[];
  signal?: AbortSignal;
  concurrency?: number;
  onProgress?: (progress: RefreshProgress) => void;
  now?: () => number;
  /**
   * Also read each vehicle's firmware alerts and telemetry configuration (its certificate expiry):
   * three requests a vehicle instead of one, so the list can show alerts and expiring certificates
   * without opening any vehicle. The state alone carries neither.
   */
  alertsAndCertificates?: boolean;
}

/** What the run needs of any read's envelope. */
type ReadEnvelope = { ok: true; stale?: { kind: string; message: string } } | { ok: false; error: ErrorInfo };

/** One read of the run, reduced to what the run needs (the answer itself is kept by main). */
function answerOf(result: ReadEnvelope): RefreshAnswer {
  if (!result.ok) {
    const retryAfter = result.error.kind === 'rate_limited' ? (result.error.retryAfterSeconds ?? 1) : null;
    return { ok: false, error: result.error, retryAfter };
  }
  // A saved copy standing in for a failed read is not a refresh.
  if (result.stale) {
    const error: ErrorInfo = { kind: result.stale.kind as ErrorKind, message: result.stale.message };
    return { ok: false, error, retryAfter: error.kind === 'rate_limited' ? 1 : null };
  }
  return { ok: true };
}

/** One vehicle: its state, then (when asked) its alerts and telemetry; the first failure ends it. */
async function readOne(
  api: Pick<GarageApi, 'vehicles'>,
  vin: string,
  alertsAndCertificates: boolean,
): Promise<RefreshAnswer> {
  const state = answerOf(await api.vehicles.state(vin, { refresh: true }));
  if (!state.ok || !alertsAndCertificates) return state;
  const alerts = answerOf(await api.vehicles.firmwareAlerts(vin, { refresh: true }));
  if (!alerts.ok) return alerts;
  return answerOf(await api.vehicles.telemetryConfig(vin, { refresh: true }));
}

export async function refreshGarage(options: RefreshGarageOptions): Promise<RefreshOutcome> {
  const { api, vins, onProgress } = options;
  const now = options.now ?? Date.now;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) stop.abort();

  const progress: RefreshProgress = { total: vins.length, done: 0, failed: 0, waitingUntil: null };
  const failures: RefreshOutcome['failures'] = [];
  let stoppedBecause: ErrorInfo | null = null;
  let unreachableRun = 0;

  const states = await runBulk<string, RefreshAnswer>({
    items: vins,
    send: (vin) => readOne(api, vin, options.alertsAndCertificates ?? false),
    concurrency: options.concurrency ?? REFRESH_CONCURRENCY,
    signal: stop.signal,
    now,
    retryAfter: (answer) => (answer.ok ? null : answer.retryAfter),
    onWait: (until) => {
      progress.waitingUntil = until;
      onProgress?.({ ...progress });
    },
    onUpdate: (index, state) => {
      if (state.status === 'running' && progress.waitingUntil !== null && progress.waitingUntil <= now()) {
        progress.waitingUntil = null;
      }
      if (state.status !== 'done' && state.status !== 'failed') return;
      progress.done++;
      const answer: RefreshAnswer =
        state.status === 'done'
          ? state.result
          : { ok: false, error: { kind: 'internal', message: String(state.error) }, retryAfter: null };
      if (answer.ok) unreachableRun = 0;
      else {
        progress.failed++;
        failures.push({ vin: vins[index]!, error: answer.error });
        unreachableRun = UNREACHABLE.has(answer.error.kind) ? unreachableRun + 1 : 0;
        if (FATAL.has(answer.error.kind) || unreachableRun >= UNREACHABLE_AFTER) {
          stoppedBecause ??= answer.error;
          stop.abort();
        }
      }
      onProgress?.({ ...progress });
    },
  });
  options.signal?.removeEventListener('abort', onAbort);
  const notRead = states.filter((s) => s.status === 'cancelled' || s.status === 'queued').length;
  progress.waitingUntil = null;
  return {
    ...progress,
    refreshed: progress.done - progress.failed,
    notRead,
    failures,
    stoppedBecause,
    cancelled: options.signal?.aborted === true && stoppedBecause === null,
  };
}
