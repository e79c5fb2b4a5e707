import type { contextMenu as en } from '../en/context-menu';

export const contextMenu = {
  'contextMenu.noSuggestions': 'Keine Rechtschreibvorschläge',
  'contextMenu.addToDictionary': '„{word}“ zum Wörterbuch hinzufügen',
  'contextMenu.cut': 'Ausschneiden',
  'contextMenu.copy': 'Kopieren',
  'contextMenu.paste': 'Einfügen',
  'contextMenu.selectAll': 'Alles auswählen',
} satisfies Record<keyof typeof en, string>;
