// The settings main keeps in its data folder, each read before anything that follows it: the
// network's proxy before the first request (the client asks it on every request), the garage
// refresh before the start-up refresh, and the display language before main's first words (a menu,
// an error message).
import type { DomainEvents } from '../events/domain-events';
import { knownSecrets } from '../logging/redact';
import { createGarageRefreshSettings } from '../services/garage-refresh-settings';
import { createLanguageSettings } from '../services/language-settings';
import { createNetworkSettings } from '../services/network-settings';
import { createShopIdentitySetting } from '../services/shop-identity-setting';
import { createShopVisitSetting } from '../services/shop-visit-setting';
import { createTechnicianSetting } from '../services/technician-setting';
import type { CorruptReport } from '../storage/atomic-file';
import { createUpdateSettings } from '../updates/update-settings';
import type { Keychain } from '../vault/keychain-port';
import { createProxyCredentialsVault } from '../vault/proxy-credentials';

export interface SettingsDeps {
  dataDir: string;
  keychain: Keychain;
  service: string | undefined;
  /** The system's locale, when the OS names one: the language spoken until one is chosen. */
  systemLocale: string | null;
  onCorrupt: (report: CorruptReport) => void;
  onProblem: (message: string, error: unknown) => void;
  facts: DomainEvents;
}

export async function loadSettings(deps: SettingsDeps) {
  const { dataDir, keychain, service, systemLocale, onCorrupt, onProblem, facts } = deps;
  const kept = { dataDir, onCorrupt, onProblem, facts };
  const vault = createProxyCredentialsVault({ keychain, service, registry: knownSecrets });
  const network = createNetworkSettings({ dataDir, vault, onProblem, facts });
  const garageRefresh = createGarageRefreshSettings(kept);
  const updates = createUpdateSettings(kept);
  const technician = createTechnicianSetting(kept);
  const language = createLanguageSettings({ ...kept, systemLocale });
  const shopIdentity = createShopIdentitySetting(kept);
  const shopVisit = createShopVisitSetting(kept);
  await network.load();
  await garageRefresh.load();
  await updates.load();
  await technician.load();
  await language.load();
  await shopIdentity.load();
  await shopVisit.load();
  return { network, garageRefresh, updates, technician, language, shopIdentity, shopVisit };
}
