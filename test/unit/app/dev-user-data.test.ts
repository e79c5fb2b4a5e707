// A development run may be pointed at its own data folder; an installed app never is.
import { describe, expect, it } from 'vitest';
import { devUserDataDir } from '../../../electron/main/app/dev-user-data';

describe('the development data folder switch', () => {
  it('moves a development run to an absolute folder', () => {
    expect(devUserDataDir({ VG_USER_DATA_DIR: '/tmp/garage-test' }, false)).toBe('/tmp/garage-test');
  });

  it('is ignored by an installed app, when relative, and when unset', () => {
    expect(devUserDataDir({ VG_USER_DATA_DIR: '/tmp/garage-test' }, true)).toBeNull();
    expect(devUserDataDir({ VG_USER_DATA_DIR: 'relative/dir' }, false)).toBeNull();
    expect(devUserDataDir({}, false)).toBeNull();
  });
});
