// Profile names that only look alike are refused next to an existing one; the stored form has no
// invisible characters and plain spaces.
import { describe, expect, it } from 'vitest';
import { normalizeProfileName, profileNameKey } from '../../../electron/main/storage/profile-name';
import { createProfilesStore } from '../../../electron/main/storage/profiles-store';
import { AppError } from '../../../electron/shared/result';
import { manualClock, useTempFolder } from './temp-folder';

const LOOK_ALIKES: [string, string][] = [
  ['Work\u200Bshop', 'zero-width space'],
  ['Work\u2060shop', 'word joiner'],
  ['W\u043Erkshop', 'Cyrillic o'],
  ['Workshop'.replace('o', '\u03BF'), 'Greek omicron'],
  ['\u202EWorkshop\u202C', 'bidi override'],
  ['\u2066Workshop\u2069', 'bidi isolate'],
  ['Ｗｏｒｋｓｈｏｐ', 'full-width letters'],
  ['Wórkshop'.normalize('NFD'), 'decomposed accent'],
];

describe('profile name look-alikes', () => {
  it('stores the name without invisible characters, with plain single spaces, NFKC', () => {
    expect(normalizeProfileName('  Work\u200Bshop\u00A0\u00A0fleet\u202F2 ')).toBe('Workshop fleet 2');
    expect(normalizeProfileName('Cafe\u0301')).toBe('Café');
    expect(normalizeProfileName('\u202Eabc')).toBe('abc');
  });

  it('gives the same skeleton to names that only look alike', () => {
    const key = profileNameKey('Workshop');
    for (const [name, why] of LOOK_ALIKES) expect(profileNameKey(name), why).toBe(key);
    expect(profileNameKey('Café fleet')).toBe(profileNameKey('Cafe\u0301 fleet'));
    expect(profileNameKey('Café\u00A0fleet')).toBe(profileNameKey('Cafe fleet'));
    expect(profileNameKey('Wе Fleet')).toBe(profileNameKey('We Fleet')); // Cyrillic е
    expect(profileNameKey('Modern')).toBe(profileNameKey('Modem'));
    expect(profileNameKey('Workshop A')).not.toBe(profileNameKey('Workshop B'));
  });

  describe('in the profiles store', () => {
    const dir = useTempFolder();
    const clock = manualClock();

    it.each([
      ['Shop\u200B 1', 'zero-width space'],
      ['Shop\u00A01', 'no-break space'],
      ['Sh\u043Ep 1', 'Cyrillic o'],
      ['\u202EShop 1', 'bidi override'],
      ['Shóp 1'.normalize('NFD'), 'decomposed accent'],
    ])('refuses %j (%s) next to "Shop 1", saying which it looks like', async (name) => {
      let n = 0;
      const store = createProfilesStore({ dataDir: dir.path, now: clock.now, newId: () => `id-${++n}` });
      await store.create({ name: 'Shop 1' });
      const error = await store.create({ name }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).info.issues?.[0]?.path).toBe('name');
      expect((error as AppError).message).toMatch(/looks like the existing profile "Shop 1"|already exists/);
    });

    it('still accepts a name that reads differently', async () => {
      let n = 0;
      const store = createProfilesStore({ dataDir: dir.path, now: clock.now, newId: () => `id-${++n}` });
      await store.create({ name: 'Shop 1' });
      expect((await store.create({ name: 'Shop 2' })).name).toBe('Shop 2');
    });
  });
});
