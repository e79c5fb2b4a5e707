// network.json: the proxy setting as this version writes it, an earlier version's form (a proxy URL
// that may carry credentials, or "direct") read for moving over, and anything else ignored with a
// reason so the app still starts on the system's proxy.
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import {
  NETWORK_SETTINGS_FILE,
  readNetworkSettings,
  writeNetworkSettings,
} from '../../../electron/main/storage/network-settings-store';
import { parseProxyUrl } from '../../../electron/shared/network-settings';
import { useTempFolder } from './temp-folder';

describe('network.json', () => {
  const dir = useTempFolder();
  const write = (text: string) => fs.writeFile(join(dir.path, NETWORK_SETTINGS_FILE), text);
  const fresh = { legacyCredentials: null, legacy: false, problem: null, problemIn: null };

  it('absent: the system’s proxy, no problem', async () => {
    expect(await readNetworkSettings(dir.path)).toEqual({ mode: 'system', proxyUrl: null, ...fresh });
  });

  it('written and read back, never with credentials', async () => {
    await writeNetworkSettings(dir.path, { mode: 'manual', proxyUrl: 'https://proxy.corp:8443' });
    expect(JSON.parse(await fs.readFile(join(dir.path, NETWORK_SETTINGS_FILE), 'utf8'))).toEqual({
      mode: 'manual',
      proxy: 'https://proxy.corp:8443',
    });
    expect(await readNetworkSettings(dir.path)).toEqual({
      mode: 'manual',
      proxyUrl: 'https://proxy.corp:8443',
      ...fresh,
    });
    await writeNetworkSettings(dir.path, { mode: 'direct', proxyUrl: null });
    expect(await readNetworkSettings(dir.path)).toEqual({ mode: 'direct', proxyUrl: null, ...fresh });
  });

  it.each([
    [
      '{"proxy":"http://user:p%40ss@proxy.corp:3128"}',
      'manual',
      'http://proxy.corp:3128',
      { username: 'user', password: 'p@ss' },
    ],
    ['{"proxy":"proxy.corp:3128"}', 'manual', 'http://proxy.corp:3128', null],
    ['{"proxy":"DIRECT"}', 'direct', null, null],
    ['{"proxy":null}', 'system', null, null],
    ['{}', 'system', null, null],
  ])('an earlier version’s %s → %s %s', async (text, mode, proxyUrl, legacyCredentials) => {
    await write(text);
    expect(await readNetworkSettings(dir.path)).toEqual({
      mode,
      proxyUrl,
      legacyCredentials,
      legacy: true,
      problem: null,
      problemIn: null,
    });
  });

  it.each([
    'not json',
    '[]',
    '{"proxy":42}',
    '{"proxy":"ftp://x:21"}',
    '{"proxy":"socks5://x:1080"}',
    '{"proxy":"http://"}',
    '{"mode":"pac"}',
    '{"mode":"manual"}',
    '{"mode":"manual","proxy":"http://proxy.corp:3128/path"}',
  ])('%s is ignored with a reason', async (text) => {
    await write(text);
    const read = await readNetworkSettings(dir.path);
    expect(read).toMatchObject({ mode: 'system', proxyUrl: null, legacyCredentials: null });
    expect(read.problem).toMatch(/network\.json: .+; the system's proxy settings are used/);
  });
});

describe('a manual proxy’s address', () => {
  it.each([
    ['proxy.corp:3128', 'http://proxy.corp:3128'],
    [' HTTPS://Proxy.Corp:443/ ', 'https://proxy.corp'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('%s → %s', (text, url) => {
    expect(parseProxyUrl(text)).toEqual({ url });
  });

  it.each([
    ['', /Enter the proxy/],
    ['socks5://proxy.corp:1080', /http:\/\/ or https:\/\//],
    ['http://user:pw@proxy.corp:3128', /their own fields/],
    ['http://proxy.corp:3128/pac.js', /no path/],
    ['http://', /not a proxy address/],
  ])('%j is refused, saying why', (text, problem) => {
    const parsed = parseProxyUrl(text);
    expect('problem' in parsed && parsed.problem).toMatch(problem);
  });
});
