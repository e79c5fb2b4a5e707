// One endpoint of the client: how its arguments are checked and turned into a call, the answer's
// schema, what is kept of the answer, and what the service's refusals mean for it. The rows live in
// endpoints.ts (the interface's twelve and the public reads) and access-endpoints.ts (drivers,
// invitations, configuration writes, workshop commands); bindEndpoints turns them into methods.
import type { ZodType } from 'zod';

import type { ClientConfig } from './config';
import type { PreparedCall } from './call';
import type { ErrorContext } from './errors';

export type Timeouts = ClientConfig['timeouts'];

export interface EndpointRow<A extends unknown[], W, R> {
  prepare(timeouts: Timeouts, ...args: A): PreparedCall;
  schema: ZodType<W>;
  /** What is kept of a valid answer. */
  finish?: (answer: W) => R;
  /** Rewrites a refusal into what it means for this operation (e.g. a 403 on an owner-only call). */
  explain?: (error: unknown, ctx: ErrorContext) => never;
}

export function row<A extends unknown[], W, R = W>(r: EndpointRow<A, W, R>): EndpointRow<A, W, R> {
  return r;
}
