// The typed name and the database role that wrote a row: the role beside the name only where the
// two differ, in English and German.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import { nameWithRole, roleDiffers } from '../../../electron/shared/typed-name-role';

beforeAll(() => loadCatalog('de'));

describe('the role beside the typed name', () => {
  it('shows the role where it differs from the name', () => {
    expect(roleDiffers('Ana', 'tech_bob')).toBe(true);
    expect(nameWithRole('Ana', 'tech_bob')).toBe('Ana (role tech_bob)');
    // Nothing but the role says who logged in: a name in other letters is another name.
    expect(nameWithRole('Cleo', 'cleo')).toBe('Cleo (role cleo)');
  });

  it('shows the name alone where the role is the same, or not known', () => {
    expect(roleDiffers('ben', 'ben')).toBe(false);
    expect(nameWithRole('ben', 'ben')).toBe('ben');
    expect(nameWithRole('Ana', undefined)).toBe('Ana');
    expect(nameWithRole('Ana', null)).toBe('Ana');
    expect(nameWithRole('Ana', '')).toBe('Ana');
  });

  it('says it in German', () => {
    const say = createTranslator({ language: 'de', formatLocale: 'de-DE' }).t;
    expect(nameWithRole('Ana', 'tech_bob', say)).toBe('Ana (Rolle tech_bob)');
  });
});
