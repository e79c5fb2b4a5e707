// What the IPC edge says of an argument zod refuses by its own checks (a wrong type, a string too
// long, an unknown key, a value not among the options), in main's language: zod's English wording
// word for word, from the catalogs. A schema's own message (electron/shared/ipc/schema-words.ts)
// comes before these, as zod gives a schema's message precedence over the parse's.
import type { z } from 'zod';
import { tm } from '../i18n/main-words';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/** A value as zod quotes it in a message: strings in double quotes. */
const quoted = (value: unknown): string => (typeof value === 'string' ? `"${value}"` : String(value));

/** The kind of a value a message names as received. */
function receivedType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'NaN';
  if (typeof input === 'number' && !Number.isFinite(input)) return String(input);
  if (input instanceof Date) return 'date';
  return typeof input;
}

const UNITS: Readonly<Record<string, string>> = {
  string: 'characters',
  file: 'bytes',
  array: 'items',
  set: 'items',
  map: 'entries',
};

function sizeWords(issue: Issue & { code: 'too_big' | 'too_small' }): string {
  const big = issue.code === 'too_big';
  const limit = String(big ? issue.maximum : issue.minimum);
  const bound = issue.exact ? 'exact' : issue.inclusive ? 'inclusive' : 'exclusive';
  const origin = String(issue.origin ?? 'value');
  const unit = UNITS[origin];
  if (unit !== undefined) {
    return tm(big ? 'args.zod.tooBigSized' : 'args.zod.tooSmallSized', { origin, bound, limit, unit });
  }
  return tm(big ? 'args.zod.tooBig' : 'args.zod.tooSmall', { origin, bound, limit });
}

/** zod's own refusal of `issue`, in main's language: the IPC edge's per-parse error map. */
export const argumentWords = (issue: Issue): string => {
  switch (issue.code) {
    case 'invalid_type':
      return tm('args.zod.type', { expected: String(issue.expected), received: receivedType(issue.input) });
    case 'invalid_value':
      return issue.values.length === 1
        ? tm('args.zod.value', { value: quoted(issue.values[0]) })
        : tm('args.zod.option', { values: issue.values.map(quoted).join('|') });
    case 'too_big':
    case 'too_small':
      return sizeWords(issue);
    case 'invalid_format': {
      const format = issue as Issue & {
        prefix?: string;
        suffix?: string;
        includes?: string;
        pattern?: RegExp;
      };
      if (issue.format === 'starts_with') return tm('args.zod.startsWith', { text: String(format.prefix) });
      if (issue.format === 'ends_with') return tm('args.zod.endsWith', { text: String(format.suffix) });
      if (issue.format === 'includes') return tm('args.zod.includes', { text: String(format.includes) });
      if (issue.format === 'regex') return tm('args.zod.pattern', { pattern: String(format.pattern) });
      return tm('args.zod.format', { format: issue.format });
    }
    case 'not_multiple_of':
      return tm('args.zod.multipleOf', { divisor: String(issue.divisor) });
    case 'unrecognized_keys':
      return tm('args.zod.unknownKeys', {
        count: issue.keys.length,
        keys: issue.keys.map(quoted).join(', '),
      });
    case 'invalid_key':
      return tm('args.zod.invalidKey', { origin: String(issue.origin) });
    case 'invalid_union': {
      const options = (issue as { options?: unknown }).options;
      if (Array.isArray(options) && options.length > 0) {
        return tm('args.zod.discriminator', { options: options.map((o) => `'${String(o)}'`).join(' | ') });
      }
      if ((issue as { inclusive?: boolean }).inclusive === false) return tm('args.zod.manyMatched');
      return tm('errors.invalidInput');
    }
    case 'invalid_element':
      return tm('args.zod.invalidElement', { origin: String(issue.origin) });
    default:
      return tm('errors.invalidInput');
  }
};
