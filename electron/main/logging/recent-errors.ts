// The last few errors, kept in memory for "Copy diagnostics": a support ticket gets what went wrong
// recently without the technician digging through log files. Entries are redacted when recorded,
// so nothing secret is ever held here.
import { redactSecrets } from './redact';

export interface RecentError {
  at: string;
  message: string;
}

export interface RecentErrors {
  record(error: unknown, context?: string): void;
  /** Oldest first. */
  list(): readonly RecentError[];
  clear(): void;
}

export interface RecentErrorsOptions {
  capacity?: number;
  now?: () => Date;
  redact?: (text: string) => string;
}

const MAX_MESSAGE = 500;

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${error.message}`;
  }
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

export function createRecentErrors(options: RecentErrorsOptions = {}): RecentErrors {
  const capacity = Math.max(1, options.capacity ?? 20);
  const now = options.now ?? (() => new Date());
  const redact = options.redact ?? ((text: string) => redactSecrets(text));
  const entries: RecentError[] = [];
  return {
    record(error, context) {
      // Redact before truncating, so a cut can never leave half a secret unmasked.
      const text = redact(`${context ? `${context}: ` : ''}${describe(error)}`).replace(/\s+/g, ' ');
      entries.push({
        at: now().toISOString(),
        message: text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text,
      });
      if (entries.length > capacity) entries.splice(0, entries.length - capacity);
    },
    list: () => [...entries],
    clear: () => void entries.splice(0),
  };
}
