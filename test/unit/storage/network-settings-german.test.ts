// Why a damaged network.json is not used reads in the language main speaks when Settings → Network
// asks, not in the one it spoke at start (the file is read before the language setting is).
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { speak } from '../../../electron/main/i18n/main-words';
import { createNetworkSettings } from '../../../electron/main/services/network-settings';
import { NETWORK_SETTINGS_FILE } from '../../../electron/main/storage/network-settings-store';
import type { ProxyCredentialsVault } from '../../../electron/main/vault/proxy-credentials';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { useTempFolder } from './temp-folder';

// The system's proxy needs no credentials: a read or a write of the keychain fails the test.
const NO_KEYCHAIN = new Proxy({} as ProxyCredentialsVault, {
  get: (_, name) => () => {
    throw new Error(`the keychain was asked (${String(name)})`);
  },
});

describe('a damaged network.json in German', () => {
  const dir = useTempFolder();
  beforeAll(() => loadCatalog('de'));
  afterEach(() => speak({ language: 'en', formatLocale: undefined }));

  async function loaded(text: string) {
    await fs.writeFile(join(dir.path, NETWORK_SETTINGS_FILE), text);
    const logged: string[] = [];
    const network = createNetworkSettings({
      dataDir: dir.path,
      vault: NO_KEYCHAIN,
      onProblem: (message) => logged.push(message),
    });
    await network.load();
    return { network, logged };
  }

  it.each([
    ['not json', 'network.json: ist kein JSON; es gelten die Proxy-Einstellungen des Systems'],
    ['[]', 'network.json: ist kein Objekt; es gelten die Proxy-Einstellungen des Systems'],
    [
      '{"mode":"pac"}',
      'network.json: „mode“ muss einer dieser Werte sein: system, direct, manual; es gelten die Proxy-Einstellungen des Systems',
    ],
    [
      '{"proxy":42}',
      'network.json: „proxy“ muss eine Proxy-Adresse oder „direct“ sein; es gelten die Proxy-Einstellungen des Systems',
    ],
  ])('%s: Settings says why in German, the log in English', async (text, german) => {
    const { network, logged } = await loaded(text);
    speak({ language: 'de', formatLocale: 'de-DE' });
    expect((await network.view()).problem).toBe(german);
    expect(logged).toEqual([
      expect.stringMatching(/^network\.json: .+; the system's proxy settings are used$/),
    ]);
    expect(network.proxy()).toBeNull();
  });

  it("a manual proxy's bad address: the address's own problem, in German too", async () => {
    const { network } = await loaded('{"mode":"manual","proxy":"http://proxy.corp:3128/pac.js"}');
    speak({ language: 'de', formatLocale: 'de-DE' });
    expect((await network.view()).problem).toBe(
      'network.json: Die Proxy-Adresse besteht nur aus Schema, Host und Port, ohne Pfad; es gelten die Proxy-Einstellungen des Systems',
    );
    speak({ language: 'en', formatLocale: undefined });
    expect((await network.view()).problem).toMatch(
      /^network\.json: .+; the system's proxy settings are used$/,
    );
  });
});
