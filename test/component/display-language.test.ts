// Settings → Display language: main's answer decides what the window speaks, a choice is kept by
// main and the window switches at once, without a reload; dates and counts follow the locale.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LanguageView } from '../../electron/shared/i18n/languages';
import SettingsView from '../../renderer/src/components/settings/SettingsView.svelte';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import { connectStores, displayLanguage, profiles, vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';

const demo = {
  id: 'demo',
  name: 'Demo garage',
  baseUrl: 'http://127.0.0.1:1',
  demo: true,
  hasToken: true,
  active: true,
};
const english: LanguageView = { choice: 'system', language: 'en', formatLocale: 'en-US' };
const german: LanguageView = { choice: 'de', language: 'de', formatLocale: 'de-DE' };

describe('the display language', () => {
  beforeEach(() => {
    profiles.all = [demo];
  });

  it('switches the whole window live when Deutsch is chosen, and back', async () => {
    let kept = english;
    const { calls } = installFakeGarage({
      'settings.language': () => ({ ok: true, value: kept }),
      'settings.setLanguage': (args) => {
        const { language } = args[0] as { language: 'system' | 'en' | 'de' };
        kept = language === 'de' ? german : { ...english, choice: language };
        return { ok: true, value: kept };
      },
    });
    await displayLanguage.load();
    render(SettingsView);
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    // Each language is named in itself; System says which one it is now.
    expect(screen.getByRole('radio', { name: 'System (English)' })).toBeTruthy();

    await fireEvent.click(screen.getByRole('radio', { name: 'Deutsch' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Einstellungen' })).toBeTruthy());
    expect(calls.find((c) => c.operation === 'settings.setLanguage')?.args).toEqual([{ language: 'de' }]);
    expect(screen.getByRole('button', { name: 'Diagnose kopieren' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Dunkel' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');

    await fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Copy diagnostics' })).toBeTruthy();
  });

  it('follows main when the setting changes elsewhere (its settings.changed event)', async () => {
    let kept = english;
    const { emit } = installFakeGarage({
      'settings.language': () => ({ ok: true, value: kept }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    connectStores();
    await displayLanguage.load();
    await vehicleList.load();
    render(GarageSidebar);
    expect(screen.getByRole('button', { name: 'Add vehicle' })).toBeTruthy();
    kept = german;
    emit({ type: 'settings.changed', what: 'language' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fahrzeug hinzufügen' })).toBeTruthy());
    expect(screen.getByRole('searchbox', { name: 'Fahrzeuge suchen' })).toBeTruthy();
  });
});
