// The handlers of one group of operations, typed from the one operation table.
import type { Handlers } from '../register-handlers';

export type HandlerGroup<Op extends keyof Handlers> = Pick<Handlers, Op>;

/** A write's envelope carries a warning when the service answered but the audit log failed. */
export const withWarning = (warning: string | undefined): { warning?: string } =>
  warning ? { warning } : {};
