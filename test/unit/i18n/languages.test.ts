import { describe, expect, it } from 'vitest';
import { languageName, resolveLanguage } from '../../../electron/shared/i18n/languages';

describe('the display language', () => {
  it('follows the system: German for any German locale, English where there is no catalog', () => {
    expect(resolveLanguage('system', 'de-AT')).toEqual({ language: 'de', formatLocale: 'de-AT' });
    expect(resolveLanguage('system', 'de_CH.UTF-8')).toEqual({ language: 'de', formatLocale: 'de-CH' });
    expect(resolveLanguage('system', 'fr-FR')).toEqual({ language: 'en', formatLocale: 'fr-FR' });
    expect(resolveLanguage('system', null)).toEqual({ language: 'en', formatLocale: undefined });
  });

  it('takes a chosen language with the system’s region for dates and numbers', () => {
    expect(resolveLanguage('en', 'de-DE')).toEqual({ language: 'en', formatLocale: 'en-DE' });
    expect(resolveLanguage('de', 'en-US')).toEqual({ language: 'de', formatLocale: 'de-US' });
    expect(resolveLanguage('de', 'de-AT')).toEqual({ language: 'de', formatLocale: 'de-AT' });
    expect(resolveLanguage('de', null)).toEqual({ language: 'de', formatLocale: 'de' });
  });

  it('speaks the pseudo-locale only when the system names it', () => {
    expect(resolveLanguage('system', 'en-XA')).toEqual({ language: 'en-XA', formatLocale: 'en' });
    expect(resolveLanguage('en', 'en-XA').language).toBe('en');
  });

  it('names each language in itself', () => {
    expect(languageName('de')).toBe('Deutsch');
    expect(languageName('en')).toBe('English');
  });
});
