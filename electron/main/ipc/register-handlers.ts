// The IPC edge of main: one handler per operation, each checking the sender frame, validating its
// arguments against the shared schema, and turning every outcome into a result envelope.
// Takes an `ipcMain`-compatible object so the Electron adapter and the test harness share it.
import { z } from 'zod';
import type { ResultOf } from '../../shared/ipc/api';
import { ARG_SCHEMAS, type ParsedArgs } from '../../shared/ipc/schemas';
import { channelOf, OPERATION_NAMES, type OperationName } from '../../shared/ipc/operations';
import { AppError, err, type ErrorInfo, type Result } from '../../shared/result';
import { isTrustedUrl } from '../app/trusted-origins';
import { refuseIn } from '../../shared/ipc/schema-words';
import { tm } from '../i18n/main-words';
import { argumentWords } from './argument-words';

// The schemas refuse in main's words: whatever language main speaks when an argument is refused.
refuseIn(tm);

/** The part of Electron's IpcMainInvokeEvent the edge relies on. */
export interface IpcEventLike {
  senderFrame: { url: string; parent: unknown } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** One handler per operation of the table: its checked arguments in, its envelope out. */
export type Handlers = {
  [Op in OperationName]: (...args: ParsedArgs<Op>) => Promise<ResultOf<Op>>;
};

export interface RegisterOptions {
  trustedOrigins: readonly string[];
  /** Called with unexpected exceptions (never with secrets in the message: see the logger's redaction). */
  onInternalError?: (operation: OperationName, error: unknown) => void;
  /** Called with every failed answer (diagnostics count the recent ones). */
  onErrorAnswer?: (operation: OperationName, error: ErrorInfo) => void;
}

export function isTrustedSender(event: IpcEventLike, trustedOrigins: readonly string[]): boolean {
  const frame = event.senderFrame;
  // Only the top-level frame of our own origin: no iframe, no navigated-away page.
  return frame !== null && frame.parent === null && isTrustedUrl(frame.url, trustedOrigins);
}

export function invalidInput(error: z.ZodError): Result<never> {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const message = first?.message ?? tm('errors.invalidInput');
  const said = first && first.path ? tm('errors.invalidArgument', { message, path: first.path }) : message;
  return err('invalid_input', said, { issues });
}

export function dispatch(
  operation: OperationName,
  handlers: Handlers,
  options: RegisterOptions,
): (event: IpcEventLike, ...args: unknown[]) => Promise<Result<unknown, object>> {
  const schema = ARG_SCHEMAS[operation] as z.ZodType<unknown[]>;
  const handler = handlers[operation] as (...args: unknown[]) => Promise<Result<unknown, object>>;
  return async (event, ...args) => {
    if (!isTrustedSender(event, options.trustedOrigins)) {
      return err('untrusted_sender', tm('errors.untrustedSender'));
    }
    const parsed = schema.safeParse(args, { error: argumentWords });
    if (!parsed.success) return invalidInput(parsed.error);
    try {
      const result = await handler(...parsed.data);
      if (!result.ok) options.onErrorAnswer?.(operation, result.error);
      return result;
    } catch (error) {
      if (error instanceof AppError) {
        options.onErrorAnswer?.(operation, error.info);
        return { ok: false, error: error.info };
      }
      options.onInternalError?.(operation, error);
      return err('internal', tm('errors.internal'));
    }
  };
}

export function registerIpcHandlers(
  ipc: IpcMainLike,
  handlers: Handlers,
  options: RegisterOptions,
): () => void {
  for (const operation of OPERATION_NAMES) {
    ipc.handle(channelOf(operation), dispatch(operation, handlers, options));
  }
  return () => {
    for (const operation of OPERATION_NAMES) ipc.removeHandler(channelOf(operation));
  };
}
