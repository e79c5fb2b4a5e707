// The part of ICU MessageFormat the catalogs use, on the platform's Intl: `{name}`, `{n, number}`,
// `{n, plural, =0 {…} one {# car} other {# cars}}` (with `#` the number) and
// `{kind, select, a {…} other {…}}`, nested at will. Quoting as ICU does: an apostrophe starts a
// quote only before `{`, `}` (or `#` inside a plural), and `''` is one apostrophe, so "the vehicle's
// state" needs no escaping. A library would add a parser of its own to the renderer's bundle for
// these five forms; this one is small and shared by main and the renderer alike.

export type MessageValue = string | number;
export type MessageParams = Readonly<Record<string, MessageValue>>;

export type MessagePart =
  | string
  | { kind: 'arg'; name: string }
  | { kind: 'number'; name: string }
  | { kind: 'pound' }
  | { kind: 'plural'; name: string; options: Readonly<Record<string, MessagePart[]>> }
  | { kind: 'select'; name: string; options: Readonly<Record<string, MessagePart[]>> };

export class MessageSyntaxError extends Error {}

const NAME = /[A-Za-z0-9_]/;
const SPACE = /\s/;

/** Parses one message; throws MessageSyntaxError saying where it is malformed. */
export function parseMessage(source: string): MessagePart[] {
  let at = 0;
  const fail = (what: string): never => {
    throw new MessageSyntaxError(`${what} at ${at} in "${source}"`);
  };
  const skipSpace = () => {
    while (at < source.length && SPACE.test(source[at]!)) at++;
  };
  const word = (): string => {
    const start = at;
    while (at < source.length && NAME.test(source[at]!)) at++;
    if (at === start) fail('A name is expected');
    return source.slice(start, at);
  };

  function text(inPlural: boolean): MessagePart[] {
    const parts: MessagePart[] = [];
    let literal = '';
    const flush = () => {
      if (literal !== '') parts.push(literal);
      literal = '';
    };
    while (at < source.length) {
      const c = source[at]!;
      if (c === "'") {
        const next = source[at + 1];
        if (next === "'") {
          literal += "'";
          at += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          // A quoted stretch, up to the next lone apostrophe ('' inside is one apostrophe).
          at++;
          while (at < source.length) {
            if (source[at] === "'") {
              if (source[at + 1] === "'") {
                literal += "'";
                at += 2;
                continue;
              }
              break;
            }
            literal += source[at];
            at++;
          }
          if (at >= source.length) fail('An unclosed quote');
          at++;
        } else {
          literal += c;
          at++;
        }
      } else if (c === '{') {
        flush();
        at++;
        parts.push(argument(inPlural));
      } else if (c === '}') {
        break;
      } else if (c === '#' && inPlural) {
        flush();
        parts.push({ kind: 'pound' });
        at++;
      } else {
        literal += c;
        at++;
      }
    }
    flush();
    return parts;
  }

  function argument(inPlural: boolean): MessagePart {
    skipSpace();
    const name = word();
    skipSpace();
    if (source[at] === '}') {
      at++;
      return { kind: 'arg', name };
    }
    if (source[at] !== ',') fail('"," or "}" is expected');
    at++;
    skipSpace();
    const type = word();
    skipSpace();
    if (type === 'number') {
      if (source[at] !== '}') fail('"}" is expected after "number"');
      at++;
      return { kind: 'number', name };
    }
    if (type !== 'plural' && type !== 'select') return fail(`An unknown argument type "${type}"`);
    if (source[at] !== ',') fail(`"," is expected after "${type}"`);
    at++;
    const options: Record<string, MessagePart[]> = {};
    for (;;) {
      skipSpace();
      if (source[at] === '}') {
        at++;
        break;
      }
      const exact = source[at] === '=';
      if (exact) at++;
      const key = (exact ? '=' : '') + word();
      skipSpace();
      if (source[at] !== '{') fail(`"{" is expected after "${key}"`);
      at++;
      options[key] = text(type === 'plural' || inPlural);
      if (source[at] !== '}') fail(`"}" is expected to close "${key}"`);
      at++;
    }
    if (!options['other']) fail(`"${name}" needs an "other" case`);
    return { kind: type, name, options };
  }

  const parts = text(false);
  if (at < source.length) fail('An unmatched "}"');
  return parts;
}

/** The names a message asks for, in the order they first appear (plural and select included). */
export function argumentNames(parts: readonly MessagePart[]): string[] {
  const names = new Set<string>();
  const walk = (list: readonly MessagePart[]) => {
    for (const part of list) {
      if (typeof part === 'string' || part.kind === 'pound') continue;
      names.add(part.name);
      if (part.kind === 'plural' || part.kind === 'select') Object.values(part.options).forEach(walk);
    }
  };
  walk(parts);
  return [...names];
}

/** Writes parts back as a message `parseMessage` reads to the same parts. */
export function serializeMessage(parts: readonly MessagePart[], inPlural = false): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return quoteText(part, inPlural);
      switch (part.kind) {
        case 'arg':
          return `{${part.name}}`;
        case 'number':
          return `{${part.name}, number}`;
        case 'pound':
          return '#';
        case 'plural':
        case 'select': {
          const nested = part.kind === 'plural' || inPlural;
          const options = Object.entries(part.options)
            .map(([key, value]) => `${key} {${serializeMessage(value, nested)}}`)
            .join(' ');
          return `{${part.name}, ${part.kind}, ${options}}`;
        }
      }
    })
    .join('');
}

function quoteText(text: string, inPlural: boolean): string {
  const special = inPlural ? /[{}#]/ : /[{}]/;
  let out = '';
  for (const c of text) {
    if (c === "'") out += "''";
    else if (special.test(c)) out += `'${c}'`;
    else out += c;
  }
  return out;
}

/** The Intl pieces a message is formatted with: plural categories and number digits. */
export interface MessageLocale {
  plural(n: number): Intl.LDMLPluralRule;
  number(n: number): string;
}

export function messageLocale(language: string, formatLocale: string | undefined): MessageLocale {
  const rules = new Intl.PluralRules(language);
  const digits = new Intl.NumberFormat(formatLocale);
  return { plural: (n) => rules.select(n), number: (n) => digits.format(n) };
}

/**
 * The message with its arguments in place. Numbers are written in the locale's digits; an argument
 * not given is left as `{name}`, visible, rather than an empty gap that reads as a sentence.
 */
export function formatMessage(
  parts: readonly MessagePart[],
  params: MessageParams,
  locale: MessageLocale,
): string {
  const render = (list: readonly MessagePart[], pound: number | null): string => {
    let out = '';
    for (const part of list) {
      if (typeof part === 'string') {
        out += part;
        continue;
      }
      if (part.kind === 'pound') {
        out += pound === null ? '#' : locale.number(pound);
        continue;
      }
      const value = params[part.name];
      if (value === undefined) {
        out += `{${part.name}}`;
        continue;
      }
      switch (part.kind) {
        case 'arg':
          out += typeof value === 'number' ? locale.number(value) : value;
          break;
        case 'number':
          out += locale.number(Number(value));
          break;
        case 'plural': {
          const n = Number(value);
          const branch = part.options[`=${n}`] ?? part.options[locale.plural(n)] ?? part.options['other']!;
          out += render(branch, n);
          break;
        }
        case 'select':
          out += render(part.options[String(value)] ?? part.options['other']!, pound);
          break;
      }
    }
    return out;
  };
  return render(parts, null);
}
