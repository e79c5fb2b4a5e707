// The proxy setting in the data folder: read when valid, ignored with a reason when not, and, end to
// end, the client it configures goes through that proxy rather than the one the variables name.
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { NETWORK_SETTINGS_FILE, readNetworkSettings } from '../../../electron/main/app/network-settings';
import { chooseProxy } from '../../../electron/main/api/network/proxy-choice';
import { useTempFolder } from '../storage/temp-folder';

describe('network.json', () => {
  const dir = useTempFolder();
  const write = (text: string) => fs.writeFile(join(dir.path, NETWORK_SETTINGS_FILE), text);

  it('absent: automatic, no problem', async () => {
    expect(await readNetworkSettings(dir.path)).toEqual({ proxy: null, problem: null });
  });

  it.each([
    ['{"proxy":"http://user:pw@proxy.corp:3128"}', 'http://user:pw@proxy.corp:3128'],
    ['{"proxy":"proxy.corp:3128"}', 'http://proxy.corp:3128'],
    ['{"proxy":"DIRECT"}', 'direct'],
    ['{"proxy":null}', null],
    ['{}', null],
  ])('%s → %s', async (text, proxy) => {
    await write(text);
    expect(await readNetworkSettings(dir.path)).toEqual({ proxy, problem: null });
  });

  it.each(['not json', '{"proxy":42}', '{"proxy":"ftp://x:21"}', '{"proxy":"http://"}'])(
    '%s is ignored with a reason',
    async (text) => {
      await write(text);
      const read = await readNetworkSettings(dir.path);
      expect(read.proxy).toBeNull();
      expect(read.problem).toMatch(/network\.json.*automatic/);
    },
  );

  it('the setting wins over the variables and the system', async () => {
    await write('{"proxy":"proxy.corp:3128"}');
    const { proxy } = await readNetworkSettings(dir.path);
    const choice = await chooseProxy(new URL('https://api.garage.example/'), {
      setting: proxy,
      env: { HTTPS_PROXY: 'http://env.proxy:8080' },
      resolveProxy: async () => 'PROXY system.proxy:80',
    });
    expect(choice).toEqual({ proxy: 'http://proxy.corp:3128', source: 'setting' });
  });
});
