// One endpoint of the client: what it is doing in a technician's words (the label every message about
// it uses), how its arguments are checked and turned into a call, the answer's schema, what is kept
// of the answer, and what the service's refusals mean for it. The rows live in endpoints.ts (the
// interface's twelve and the public reads) and access-endpoints.ts (drivers, invitations,
// configuration writes, workshop commands); bindEndpoints turns them into the client's methods, and
// the client's type is theirs (EndpointMethods), so a row is the only place an endpoint is named.
import type { ZodType } from 'zod';

import type { MessageKey } from '../i18n/main-words';
import type { ClientConfig } from './config';
import type { PreparedCall } from './call';
import type { ErrorContext } from './errors';
import type { WireRequest } from './requests';

export type Timeouts = ClientConfig['timeouts'];

/** A call as a row prepares it: the row's label is added to its context by bindEndpoints. */
export type RowCall = Omit<PreparedCall, 'ctx'> & { ctx: Omit<ErrorContext, 'label'> };

export interface EndpointRow<A extends unknown[], W, R> {
  /** What the call is doing, for messages ("reading the tyre pressures"): its catalog key. */
  label: MessageKey;
  prepare(timeouts: Timeouts, ...args: A): RowCall;
  schema: ZodType<W>;
  /** What is kept of a valid answer. */
  finish?: (answer: W) => R;
  /** Rewrites a refusal into what it means for this operation (e.g. a 403 on an owner-only call). */
  explain?: (error: unknown, ctx: ErrorContext) => never;
}

export function row<A extends unknown[], W, R = W>(r: EndpointRow<A, W, R>): EndpointRow<A, W, R> {
  return r;
}

/** A read of one vehicle: retried per the read policy, never refused as busy. */
export function vehicleRead(timeouts: Timeouts, vin: string, req: WireRequest): RowCall {
  return {
    req,
    ctx: { route: req.route, requestClass: 'read', vin },
    timeoutMs: timeouts.readMs,
    busyKey: null,
  };
}

/** The client's method for each row of a table. */
export type MethodsOf<Table> = {
  [K in keyof Table]: Table[K] extends EndpointRow<infer A, infer _W, infer R>
    ? (...args: A) => Promise<R>
    : never;
};
