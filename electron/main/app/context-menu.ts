// The right-click menu of the page, from what Chromium says was clicked: Cut, Copy, Paste and
// Select all in a text field (each enabled as the field allows), Copy on selected text, nothing
// elsewhere. Plain data so a unit test covers the cases; adapters/context-menu.ts shows it.

export interface ContextFacts {
  isEditable: boolean;
  selectionText: string;
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

export interface ContextItem {
  role?: 'cut' | 'copy' | 'paste' | 'selectAll';
  label?: string;
  type?: 'separator';
  enabled?: boolean;
}

export function contextMenuItems(facts: ContextFacts): ContextItem[] {
  if (facts.isEditable) {
    return [
      { role: 'cut', label: 'Cut', enabled: facts.editFlags.canCut },
      { role: 'copy', label: 'Copy', enabled: facts.editFlags.canCopy },
      { role: 'paste', label: 'Paste', enabled: facts.editFlags.canPaste },
      { type: 'separator' },
      { role: 'selectAll', label: 'Select all', enabled: facts.editFlags.canSelectAll },
    ];
  }
  if (facts.selectionText.trim() !== '') return [{ role: 'copy', label: 'Copy', enabled: true }];
  return [];
}
