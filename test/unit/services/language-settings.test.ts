// Settings → Display language as main keeps it: the system's language until one is chosen, the
// choice written to language.json and told as `setting.saved`, and main's own words (the menu, the
// run notices, the quit prompt) speaking it from then on, also after a restart.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { menuTemplate } from '../../../electron/main/app/menu-template';
import { closedDuringRunNotice } from '../../../electron/main/app/background-runs';
import { createDomainEvents } from '../../../electron/main/events/domain-events';
import { mainWords, speak } from '../../../electron/main/i18n/main-words';
import { quitPrompt } from '../../../electron/main/runs/quit-prompt';
import { createLanguageSettings } from '../../../electron/main/services/language-settings';
import { LANGUAGE_SETTINGS_FILE } from '../../../electron/main/storage/language-settings-store';
import { emptyCounts } from '../../../electron/shared/runs';
import { useTempFolder } from '../storage/temp-folder';

const labels = () =>
  menuTemplate({ platform: 'linux', packaged: true, appName: 'Vehicle Garage' }).map((menu) => menu.label);

describe('the display language', () => {
  const temp = useTempFolder();
  afterEach(() => speak({ language: 'en', formatLocale: undefined }));

  it("speaks the system's language until one is chosen", async () => {
    const settings = createLanguageSettings({ dataDir: temp.path, systemLocale: 'de-AT' });
    await settings.load();
    expect(await settings.view()).toEqual({ choice: 'system', language: 'de', formatLocale: 'de-AT' });
    expect(labels()).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe']);
  });

  it('keeps a choice, tells it, and main speaks it at once and after a restart', async () => {
    const facts = createDomainEvents();
    const saved: string[] = [];
    facts.on('setting.saved', ({ what }) => saved.push(what));
    const settings = createLanguageSettings({ dataDir: temp.path, systemLocale: 'en-US', facts });
    await settings.load();
    expect(labels()).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);

    expect(await settings.set({ language: 'de' })).toEqual({
      choice: 'de',
      language: 'de',
      formatLocale: 'de-US',
    });
    expect(saved).toEqual(['language']);
    expect(labels()[0]).toBe('Datei');
    expect(closedDuringRunNotice(2, 'linux')).toEqual({
      title: 'Vehicle Garage läuft weiter',
      body: '2 Läufe werden bei geschlossenem Fenster zu Ende geführt. Öffnen Sie das Fenster wieder über das Vehicle-Garage-Symbol im Infobereich.',
    });
    const prompt = quitPrompt([
      { id: 'r', title: 'Ladelimit 80 %', counts: { ...emptyCounts(), queued: 1200, sending: 2 } } as never,
    ]);
    expect(prompt?.message).toBe('Ein Lauf ist noch in Arbeit');
    // German digits for the counts: the region's grouping.
    expect(prompt?.detail).toContain('• Ladelimit 80 %: 1.200 noch nicht gesendet, 2 werden gerade gesendet');
    expect(JSON.parse(await readFile(path.join(temp.path, LANGUAGE_SETTINGS_FILE), 'utf8'))).toEqual({
      language: 'de',
    });

    speak({ language: 'en', formatLocale: undefined });
    const again = createLanguageSettings({ dataDir: temp.path, systemLocale: 'en-US' });
    await again.load();
    expect(mainWords().language).toBe('de');
    expect(labels()[0]).toBe('Datei');
  });

  it('reads a damaged file as System, and says so', async () => {
    await writeFile(path.join(temp.path, LANGUAGE_SETTINGS_FILE), '{"language":"fr"}');
    const corrupt: unknown[] = [];
    const settings = createLanguageSettings({
      dataDir: temp.path,
      systemLocale: 'en-GB',
      onCorrupt: (report) => corrupt.push(report),
    });
    await settings.load();
    expect(await settings.view()).toEqual({ choice: 'system', language: 'en', formatLocale: 'en-GB' });
    expect(corrupt).toHaveLength(1);
  });
});
