// The page's right-click menu: the spell checker's items and the editing roles
// (electron/main/app/context-menu.ts).
export const contextMenu = {
  'contextMenu.noSuggestions': 'No spelling suggestions',
  'contextMenu.addToDictionary': 'Add “{word}” to dictionary',
  'contextMenu.cut': 'Cut',
  'contextMenu.copy': 'Copy',
  'contextMenu.paste': 'Paste',
  'contextMenu.selectAll': 'Select all',
};
