// One profile's shop settings as Settings edits them: where it keeps its garage and history (solo or
// a shop's PostgreSQL database), the write-only database password, "Test connection" and the upload
// of the garage on joining. Main keeps the settings and the password (in the keychain); Settings
// makes one of these per profile it shows.
import { t } from './i18n.svelte';
import type {
  ShopClientFile,
  ShopConnectionFileImport,
  ShopSettingsInput,
  ShopView,
} from '../../../electron/shared/shop';
import { mainApi } from './main-api';
import { SettingsForm } from './settings-form.svelte';
import type { ToastTone } from './toasts.svelte';

export interface ShopSettingsDeps {
  profileId(): string;
  notify(message: string, tone: ToastTone): void;
}

export class ProfileShopSettings extends SettingsForm<ShopView> {
  private readonly deps: ShopSettingsDeps;

  constructor(deps: ShopSettingsDeps) {
    super();
    this.deps = deps;
  }

  /** Reads the settings main keeps (`shown` fills the form; nothing when they could not be read). */
  async load(shown: (view: ShopView) => void): Promise<void> {
    const result = await mainApi().shop.get(this.deps.profileId());
    if (!result.ok) return;
    this.view = result.value;
    shown(result.value);
  }

  /** Saves the settings; false, with `error`, when main refused them. */
  save(input: ShopSettingsInput, shown: (view: ShopView) => void): Promise<boolean> {
    return this.saveWith(() => mainApi().shop.configure(this.deps.profileId(), input), shown);
  }

  /** The password goes to the system keychain; only whether one is stored comes back. */
  async setPassword(value: string): Promise<void> {
    this.busy = true;
    this.error = null;
    const result = await mainApi().shop.setPassword(this.deps.profileId(), value);
    this.busy = false;
    if (!result.ok) return void (this.error = result.error);
    this.view = result.value;
    this.deps.notify(t('shop.passwordSaved'), 'success');
  }

  async clearPassword(): Promise<void> {
    this.busy = true;
    const result = await mainApi().shop.clearPassword(this.deps.profileId());
    this.busy = false;
    if (!result.ok) return void (this.error = result.error);
    this.view = result.value;
  }

  /**
   * Connects with the form's settings (not saved) and says who the server signed in, and the
   * schema; with `password`, the one typed in the form (main uses the stored one only for the
   * database it was typed for).
   */
  test(input: ShopSettingsInput, password?: string): Promise<void> {
    return this.testWith(
      () =>
        password === undefined
          ? mainApi().shop.test(this.deps.profileId(), { ...input, mode: 'shop' })
          : mainApi().shop.test(this.deps.profileId(), { ...input, mode: 'shop' }, password),
      ({ role, serverVersion, schemaVersion, appSchemaVersion }, at) => {
        const schema =
          schemaVersion === 0
            ? t('shop.schemaMissing')
            : t('shop.schemaOf', { version: String(schemaVersion), appVersion: String(appSchemaVersion) });
        return t('shop.connectedAs', { at, role, server: serverVersion, schema });
      },
    );
  }

  /** Main's dialog picks the CA file and checks it; its path, or null when cancelled or refused (`error`). */
  async chooseCaFile(): Promise<string | null> {
    this.error = null;
    const result = await mainApi().shop.chooseCaFile(this.deps.profileId());
    if (!result.ok) {
      this.error = result.error;
      return null;
    }
    return result.value;
  }

  /** Main's dialog picks the client certificate or its key and checks it; its path, or null. */
  async chooseClientFile(which: ShopClientFile): Promise<string | null> {
    this.error = null;
    const result = await mainApi().shop.chooseClientFile(this.deps.profileId(), which);
    if (!result.ok) {
      this.error = result.error;
      return null;
    }
    return result.value;
  }

  /** The client key's passphrase goes to the system keychain; only whether one is stored comes back. */
  async setKeyPassphrase(value: string): Promise<void> {
    this.busy = true;
    this.error = null;
    const result = await mainApi().shop.setKeyPassphrase(this.deps.profileId(), value);
    this.busy = false;
    if (!result.ok) return void (this.error = result.error);
    this.view = result.value;
    this.deps.notify(t('shopItWin.passphraseSaved'), 'success');
  }

  async clearKeyPassphrase(): Promise<void> {
    this.busy = true;
    const result = await mainApi().shop.clearKeyPassphrase(this.deps.profileId());
    this.busy = false;
    if (!result.ok) return void (this.error = result.error);
    this.view = result.value;
  }

  /** Main reads the connection file its dialog picks; the settings it holds, or null (cancelled or refused). */
  async importConnectionFile(): Promise<ShopConnectionFileImport | null> {
    this.error = null;
    const result = await mainApi().shop.importConnectionFile(this.deps.profileId());
    if (!result.ok) {
      this.error = result.error;
      return null;
    }
    if (result.value !== null)
      this.deps.notify(
        t('shopItWin.fileRead', {
          garage: result.value.garage ?? '',
          named: result.value.garage ? 'yes' : 'no',
        }),
        'success',
      );
    return result.value;
  }

  /** Main writes the saved settings' connection file where its save dialog says. */
  async exportConnectionFile(): Promise<void> {
    this.error = null;
    const result = await mainApi().shop.exportConnectionFile(this.deps.profileId());
    if (!result.ok) return void (this.error = result.error);
    if (result.value !== null)
      this.deps.notify(t('shopItWin.fileWritten', { path: result.value }), 'success');
  }

  /** Uploads this computer's garage, history and templates to the shop; nothing is added twice. */
  async importLocal(): Promise<void> {
    this.busy = true;
    const result = await mainApi().shop.importLocal(this.deps.profileId());
    this.busy = false;
    if (!result.ok) return void (this.error = result.error);
    const { vehiclesAdded, entriesUploaded, templatesAdded } = result.value;
    const counts = { vehicles: vehiclesAdded, entries: entriesUploaded, templates: templatesAdded };
    this.deps.notify(
      templatesAdded > 0 ? t('shop.uploadedWithTemplates', counts) : t('shop.uploaded', counts),
      'success',
    );
  }
}
