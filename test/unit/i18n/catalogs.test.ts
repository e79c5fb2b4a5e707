// The catalogs stay in step: German has every English key and no other, each message asks for the
// same arguments in both, every message parses, no key is defined in two sections, and the
// pseudo-locale is English accented, lengthened and bracketed with the arguments left alone.
import { describe, expect, it } from 'vitest';
import { catalogFor } from '../../../electron/shared/i18n/catalogs';
import { DE_SECTIONS, de } from '../../../electron/shared/i18n/de';
import { EN_SECTIONS, en } from '../../../electron/shared/i18n/en';
import { argumentNames, parseMessage } from '../../../electron/shared/i18n/message-format';
import { PSEUDO_GROWTH } from '../../../electron/shared/i18n/pseudo-locale';
import { createTranslator } from '../../../electron/shared/i18n/translator';

const sorted = (names: string[]) => [...names].sort();

describe('the message catalogs', () => {
  it('German has exactly the English keys, section by section', () => {
    expect(Object.keys(DE_SECTIONS).sort()).toEqual(Object.keys(EN_SECTIONS).sort());
    for (const [name, section] of Object.entries(EN_SECTIONS)) {
      const german = DE_SECTIONS[name as keyof typeof DE_SECTIONS];
      expect(Object.keys(german).sort(), name).toEqual(Object.keys(section).sort());
    }
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  it('defines each key in one section only (a spread would silently keep the last)', () => {
    const counted = Object.values(EN_SECTIONS).reduce((sum, section) => sum + Object.keys(section).length, 0);
    expect(Object.keys(en)).toHaveLength(counted);
  });

  it('every message parses, and asks for the same arguments in English and German', () => {
    const mismatched: string[] = [];
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const english = sorted(argumentNames(parseMessage(en[key])));
      const german = sorted(argumentNames(parseMessage(de[key])));
      if (english.join() !== german.join()) mismatched.push(`${key}: ${english.join()} ≠ ${german.join()}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('German says something of its own for most messages (not English left in place)', () => {
    // A sentence: three words or more outside its arguments. Single words may be the same in both
    // (Garage, Version, Live); a sentence left in English is a forgotten translation.
    const sentence = (text: string) =>
      (text.replace(/\{[^{}]*\}/g, '').match(/\p{L}{3,}/gu) ?? []).length >= 3;
    const same = (Object.keys(en) as (keyof typeof en)[]).filter(
      (key) => sentence(en[key]) && en[key] === de[key],
    );
    expect(same).toEqual([]);
  });
});

describe('the pseudo-locale', () => {
  const pseudo = catalogFor('en-XA');
  const english = createTranslator({ language: 'en', formatLocale: 'en' });
  const xa = createTranslator({ language: 'en-XA', formatLocale: 'en' });

  it('has every English key, bracketed and with no plain ASCII letter outside its arguments', () => {
    expect(Object.keys(pseudo).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const said = xa.t(key, {});
      expect(said.startsWith('['), key).toBe(true);
      expect(said.endsWith(']'), key).toBe(true);
      // Unfilled arguments read `{name}`, and markup tags stay tags: neither is a word to accent.
      expect(said.replace(/\{[A-Za-z0-9_]+\}|<\/?(b|code)>/g, ''), key).not.toMatch(/[A-Za-z]/);
    }
  });

  it('keeps each message’s arguments, plural and select, and is about 40 % longer', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(sorted(argumentNames(parseMessage(pseudo[key]))), key).toEqual(
        sorted(argumentNames(parseMessage(en[key]))),
      );
    }
    const letters = (text: string) => text.replace(/[^\p{L}]/gu, '').length;
    const message = 'menu.refreshVehicle';
    expect(letters(xa.t(message))).toBeGreaterThanOrEqual(
      Math.floor(letters(english.t(message)) * (1 + PSEUDO_GROWTH)),
    );
    expect(xa.t('tray.underWay', { count: 2 })).toContain('2');
    expect(xa.t('tray.underWay', { count: 2 })).toContain('ŕûûñšš');
  });
});
