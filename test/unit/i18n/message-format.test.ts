import { describe, expect, it } from 'vitest';
import {
  argumentNames,
  formatMessage,
  messageLocale,
  MessageSyntaxError,
  parseMessage,
  serializeMessage,
} from '../../../electron/shared/i18n/message-format';

const english = messageLocale('en', 'en-US');
const german = messageLocale('de', 'de-DE');
const say = (message: string, params: Record<string, string | number> = {}, locale = english) =>
  formatMessage(parseMessage(message), params, locale);

describe('messages', () => {
  it('puts arguments in place, numbers in the locale’s digits', () => {
    expect(say('Hello {name}', { name: 'Ada' })).toBe('Hello Ada');
    expect(say('{n} vehicles', { n: 1234 })).toBe('1,234 vehicles');
    expect(say('{n, number} Fahrzeuge', { n: 1234 }, german)).toBe('1.234 Fahrzeuge');
  });

  it('chooses the plural form by the language’s rules, exact matches first, # as the number', () => {
    const message = '{n, plural, =0 {no vehicles} one {# vehicle} other {# vehicles}}';
    expect(say(message, { n: 0 })).toBe('no vehicles');
    expect(say(message, { n: 1 })).toBe('1 vehicle');
    expect(say(message, { n: 1000 })).toBe('1,000 vehicles');
    // Polish has more forms than English: "few" for 2–4.
    const polish = messageLocale('pl', 'pl');
    expect(
      formatMessage(parseMessage('{n, plural, one {# auto} few {# auta} other {# aut}}'), { n: 3 }, polish),
    ).toBe('3 auta');
  });

  it('selects by value, falling back to other; nests, and # reaches into a select inside a plural', () => {
    const message = '{kind, select, live {Live} other {Saved, {n, plural, one {# day} other {# days}} old}}';
    expect(say(message, { kind: 'live', n: 3 })).toBe('Live');
    expect(say(message, { kind: 'cache', n: 3 })).toBe('Saved, 3 days old');
    expect(say('{n, plural, other {{k, select, a {# A} other {# B}}}}', { n: 2, k: 'a' })).toBe('2 A');
  });

  it('reads apostrophes as ICU does: plain in words, quoting before braces, doubled for one', () => {
    expect(say("The vehicle's state")).toBe("The vehicle's state");
    expect(say("Write '{name}' literally, it''s fine")).toBe("Write {name} literally, it's fine");
    expect(say("{n, plural, other {'#' {n}}}", { n: 5 })).toBe('# 5');
  });

  it('leaves an argument not given visible, rather than a silent gap', () => {
    expect(say('Hello {name}')).toBe('Hello {name}');
  });

  it('names its arguments and writes itself back to the same parts', () => {
    const message = "{a} {n, plural, one {# x '{'} other {{b} #}} {k, select, x {{c}} other {y}}";
    const parts = parseMessage(message);
    expect(argumentNames(parts)).toEqual(['a', 'n', 'b', 'k', 'c']);
    expect(parseMessage(serializeMessage(parts))).toEqual(parts);
  });

  it('refuses a malformed message, saying where', () => {
    for (const bad of [
      '{',
      '{n, plural, one {x}}',
      '{n, date}',
      'a } b',
      "'{ unclosed",
      '{n, plural, one x}',
    ])
      expect(() => parseMessage(bad), bad).toThrow(MessageSyntaxError);
  });
});
