// Whether the service is reachable, as the last reads and commands tell. Commands are disabled while
// it is not, with the reason shown.
import type { ErrorInfo } from '../../../electron/shared/result';
import type { FetchMeta } from '../../../electron/shared/types';
import { isUnreachable } from './errors';
import { garageApi } from './garage';

export interface Unreachable {
  kind: string;
  reason: string;
  since: string;
}

class Connection {
  unreachable = $state<Unreachable | null>(null);
  checking = $state(false);

  /** A read's envelope: live clears the flag; cache served because the network failed sets it. */
  noteRead(meta: FetchMeta): void {
    if (meta.source === 'live') this.unreachable = null;
    else if (meta.stale && isUnreachable(meta.stale.kind)) this.mark(meta.stale.kind, meta.stale.message);
  }

  noteError(error: ErrorInfo): void {
    if (isUnreachable(error.kind)) this.mark(error.kind, error.message);
    else if (error.status !== undefined) this.noteAnswer();
  }

  /** Any answer from the service (even a refusal) proves it is reachable. */
  noteAnswer(): void {
    this.unreachable = null;
  }

  /** Asks the service again for one vehicle's telemetry; resolves true when it answered live. */
  async check(vin: string): Promise<boolean> {
    this.checking = true;
    try {
      const result = await garageApi().vehicles.telemetryConfig(vin, { refresh: true });
      if (result.ok) this.noteRead(result);
      else this.noteError(result.error);
      return this.unreachable === null;
    } finally {
      this.checking = false;
    }
  }

  private mark(kind: string, reason: string): void {
    this.unreachable = { kind, reason, since: this.unreachable?.since ?? new Date().toISOString() };
  }
}

export const connection = new Connection();
