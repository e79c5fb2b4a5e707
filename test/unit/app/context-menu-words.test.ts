// The right-click menu speaks main's language: German when it speaks German, English as before.
import { afterEach, describe, expect, it } from 'vitest';
import { contextMenuItems } from '../../../electron/main/app/context-menu';
import { speak } from '../../../electron/main/i18n/main-words';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';

afterEach(() => speak({ language: 'en', formatLocale: undefined }));

const field = {
  isEditable: true,
  selectionText: '',
  editFlags: { canCut: true, canCopy: true, canPaste: true, canSelectAll: true },
  misspelledWord: 'Bremsbelege',
  dictionarySuggestions: [],
};

describe('the right-click menu', () => {
  it('is German when main speaks German', async () => {
    await loadCatalog('de');
    speak({ language: 'de', formatLocale: 'de-DE' });
    expect(contextMenuItems(field).map((item) => item.label ?? '-')).toEqual([
      'Keine Rechtschreibvorschläge',
      '„Bremsbelege“ zum Wörterbuch hinzufügen',
      '-',
      'Ausschneiden',
      'Kopieren',
      'Einfügen',
      '-',
      'Alles auswählen',
    ]);
  });

  it('is English as before when main speaks English', () => {
    expect(contextMenuItems({ ...field, isEditable: false, selectionText: 'x' })).toEqual([
      { role: 'copy', label: 'Copy', enabled: true },
    ]);
  });
});
