// Fault injection: tests make a route (or a VIN, or one command) misbehave the way real networks and
// proxies do, to check that the client fails gracefully.
import type { ServiceCommandName } from '../../shared/workshop-commands';
import type { FaultKind, FaultSpec, RouteName } from './api';
import { error, json, rawJson, type Reply } from './reply';

// prettier-ignore
export const FAULT_KINDS: readonly FaultKind[] = [
  'status500', 'html502', 'malformed_json', 'wrong_shape', 'reset', 'hang', 'oversized',
  'status401', 'status403', 'status404', 'status408', 'status429', 'refused',
];

/** Bigger than the client's 5 MiB response cutoff. */
export const OVERSIZED_BYTES = 5 * 1024 * 1024 + 512 * 1024;

interface Entry {
  spec: FaultSpec;
  remaining: number;
}

export class FaultRegistry {
  private entries: Entry[] = [];

  get size(): number {
    return this.entries.length;
  }

  add(spec: FaultSpec): () => void {
    if (!FAULT_KINDS.includes(spec.fault)) throw new RangeError(`unknown fault kind ${String(spec.fault)}`);
    const times = spec.times ?? Infinity;
    if (!(times > 0)) throw new RangeError('times must be positive');
    const entry: Entry = { spec: { ...spec }, remaining: times };
    this.entries.push(entry);
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
    };
  }

  clear(): void {
    this.entries = [];
  }

  /** The first fault that matches this request, counting it as used. */
  take(route: RouteName, vin: string | null, command: string | null): FaultSpec | null {
    for (const entry of this.entries) {
      const { spec } = entry;
      if (spec.route !== undefined && spec.route !== '*' && spec.route !== route) continue;
      if (
        spec.command !== undefined &&
        (route !== 'command' || spec.command !== (command as ServiceCommandName))
      )
        continue;
      if (spec.vin !== undefined && spec.vin !== vin) continue;
      entry.remaining -= 1;
      if (entry.remaining <= 0) this.entries = this.entries.filter((e) => e !== entry);
      return spec;
    }
    return null;
  }
}

let oversized: Buffer | null = null;

function oversizedBody(): Buffer {
  // Valid JSON, so only the size cutoff can reject it.
  oversized ??= Buffer.from(`{"result":true,"padding":"${'x'.repeat(OVERSIZED_BYTES)}"}`);
  return oversized;
}

const HTML_502 = `<!DOCTYPE html>
<html><head><title>502 Bad Gateway</title></head>
<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>
`;

export function faultReply({ fault: kind, reason, headers }: FaultSpec): Reply {
  switch (kind) {
    case 'status500':
      return error(500, 'Internal server error');
    case 'html502':
      return { kind: 'send', status: 502, contentType: 'text/html; charset=utf-8', body: HTML_502 };
    case 'malformed_json':
      return rawJson(200, '{"result": true, "reason": ');
    case 'wrong_shape':
      // Valid JSON that matches none of the service's response shapes.
      return json(200, { status: 'ok', data: [{ id: 1, value: 'unexpected' }] });
    case 'reset':
      return { kind: 'reset' };
    case 'hang':
      return { kind: 'hang' };
    case 'oversized':
      return rawJson(200, oversizedBody());
    case 'status401':
      return error(401, 'Invalid access token', { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    case 'status403':
      return error(403, 'This vehicle has not granted access to this account');
    case 'status404':
      return error(404, 'Vehicle not found');
    case 'status408':
      return error(408, 'Vehicle is offline or asleep and could not be woken');
    case 'status429':
      return error(
        429,
        'Too many requests',
        headers ?? {
          'Retry-After': '1',
          'RateLimit-Limit': '1',
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': '1',
        },
      );
    case 'refused':
      return json(200, { result: false, reason: reason ?? 'refused' });
  }
}
