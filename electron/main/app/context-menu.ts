// The right-click menu of the page, from what Chromium says was clicked: in a text field the
// spell checker's suggestions for a misspelled word and "Add to dictionary" first, then Cut, Copy,
// Paste and Select all (each enabled as the field allows); Copy on selected text; nothing
// elsewhere, in main's language. Plain data so a unit test covers the cases; adapters/menu.ts shows it.
import { tm } from '../i18n/main-words';

export interface ContextFacts {
  isEditable: boolean;
  selectionText: string;
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
  /** The word under the pointer the spell checker does not know, or '' (Electron's params). */
  misspelledWord?: string;
  dictionarySuggestions?: readonly string[];
}

export interface ContextItem {
  role?: 'cut' | 'copy' | 'paste' | 'selectAll';
  label?: string;
  type?: 'separator';
  enabled?: boolean;
  /** Replaces the misspelled word with this suggestion. */
  replaceWith?: string;
  /** Adds the misspelled word to the user's dictionary. */
  learnWord?: string;
}

const SUGGESTIONS_SHOWN = 5;

function spellingItems(facts: ContextFacts): ContextItem[] {
  const word = facts.misspelledWord?.trim() ?? '';
  if (word === '') return [];
  const suggestions = (facts.dictionarySuggestions ?? []).slice(0, SUGGESTIONS_SHOWN);
  return [
    ...(suggestions.length > 0
      ? suggestions.map((suggestion) => ({ label: suggestion, replaceWith: suggestion }))
      : [{ label: tm('contextMenu.noSuggestions'), enabled: false }]),
    { label: tm('contextMenu.addToDictionary', { word }), learnWord: word },
    { type: 'separator' },
  ];
}

export function contextMenuItems(facts: ContextFacts): ContextItem[] {
  if (facts.isEditable) {
    return [
      ...spellingItems(facts),
      { role: 'cut', label: tm('contextMenu.cut'), enabled: facts.editFlags.canCut },
      { role: 'copy', label: tm('contextMenu.copy'), enabled: facts.editFlags.canCopy },
      { role: 'paste', label: tm('contextMenu.paste'), enabled: facts.editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', label: tm('contextMenu.selectAll'), enabled: facts.editFlags.canSelectAll },
    ];
  }
  if (facts.selectionText.trim() !== '')
    return [{ role: 'copy', label: tm('contextMenu.copy'), enabled: true }];
  return [];
}
