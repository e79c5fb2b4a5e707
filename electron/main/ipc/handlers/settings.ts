// settings.*: the app's own settings kept in main. The proxy's credentials go in, never out.
import { ok } from '../../../shared/result';
import type { GarageRefreshSettingsService } from '../../services/garage-refresh-settings';
import type { LanguageSettingsService } from '../../services/language-settings';
import type { NetworkSettingsService } from '../../services/network-settings';
import type { NetworkTester } from '../../services/network-test';
import type { ShopIdentitySetting } from '../../services/shop-identity-setting';
import type { ShopVisitSetting } from '../../services/shop-visit-setting';
import type { UpdateSettingsService } from '../../updates/update-settings';
import type { HandlerGroup } from './types';

export function settingsHandlers(deps: {
  network: NetworkSettingsService;
  networkTest: NetworkTester;
  garageRefresh: GarageRefreshSettingsService;
  updates: UpdateSettingsService;
  language: LanguageSettingsService;
  shopIdentity: ShopIdentitySetting;
  shopVisit: ShopVisitSetting;
  /** Native menus and dialogs follow the window's theme (Electron's nativeTheme in the app). */
  applyTheme: (theme: 'system' | 'light' | 'dark') => void;
}): HandlerGroup<
  | 'settings.network'
  | 'settings.setNetwork'
  | 'settings.testNetwork'
  | 'settings.garageRefresh'
  | 'settings.setGarageRefresh'
  | 'settings.updates'
  | 'settings.setUpdates'
  | 'settings.language'
  | 'settings.setLanguage'
  | 'settings.setTheme'
  | 'settings.shopIdentity'
  | 'settings.setShopIdentity'
  | 'settings.shopVisit'
  | 'settings.setShopVisit'
> {
  const { network, networkTest, garageRefresh, updates, language } = deps;
  return {
    'settings.network': async () => ok(await network.view()),
    'settings.setNetwork': async (input) => ok(await network.set(input)),
    'settings.testNetwork': async (input) => ok(await networkTest.test(input)),
    'settings.garageRefresh': async () => ok(await garageRefresh.view()),
    'settings.setGarageRefresh': async (input) => ok(await garageRefresh.set(input)),
    'settings.updates': async () => ok(await updates.view()),
    'settings.setUpdates': async (input) => ok(await updates.set(input)),
    'settings.language': async () => ok(await language.view()),
    'settings.setLanguage': async (input) => ok(await language.set(input)),
    'settings.setTheme': async (theme) => (deps.applyTheme(theme), ok(null)),
    'settings.shopIdentity': async () => ok(await deps.shopIdentity.view()),
    'settings.setShopIdentity': async (input) => ok(await deps.shopIdentity.set(input)),
    'settings.shopVisit': async () => ok(await deps.shopVisit.view()),
    'settings.setShopVisit': async (input) => ok(await deps.shopVisit.set(input)),
  };
}
