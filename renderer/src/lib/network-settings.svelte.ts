// Settings → Network as main keeps it: the system's proxy, none, or a manual one whose credentials
// are write-only (they go to the system keychain; the window learns only whether some are stored),
// and "Test connection" through the form's setting.
import { t } from './i18n.svelte';
import type { NetworkSettingsInput, NetworkView } from '../../../electron/shared/network-settings';
import { isLoopbackHost } from '../../../electron/shared/base-url';
import { mainApi } from './main-api';
import { SettingsForm } from './settings-form.svelte';

/** Whether "host[:port]" names this machine, which no proxy is used for. */
function onThisMachine(host: string): boolean {
  try {
    return isLoopbackHost(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

export class NetworkSettingsStore extends SettingsForm<NetworkView> {
  /** Reads the setting main keeps (`shown` fills the form); `error` says why when it could not. */
  async load(shown: (view: NetworkView) => void): Promise<void> {
    const result = await mainApi().settings.network();
    if (!result.ok) {
      this.error = result.error;
      return;
    }
    this.view = result.value;
    shown(result.value);
  }

  /** Saves it (credentials: null clears the stored ones); false, with `error`, when main refused. */
  save(input: NetworkSettingsInput, shown: (view: NetworkView) => void): Promise<boolean> {
    return this.saveWith(() => mainApi().settings.setNetwork(input), shown);
  }

  /** Reads the active profile's service through the form's setting; names the host and proxy reached. */
  test(input: NetworkSettingsInput): Promise<void> {
    return this.testWith(
      () => mainApi().settings.testNetwork(input),
      ({ host, proxy, ms, note }, at) => {
        // A service on this machine (the demo's simulator) is reached directly whatever the
        // setting, so a proxy chosen and not used is explained rather than looking ignored.
        const text = proxy
          ? t('network.reachedProxy', { host, proxy, at, ms })
          : input.mode !== 'direct' && onThisMachine(host)
            ? t('network.reachedLoopback', { host, at, ms })
            : t('network.reachedDirect', { host, at, ms });
        return note ? t('network.note', { text, note }) : text;
      },
    );
  }
}
