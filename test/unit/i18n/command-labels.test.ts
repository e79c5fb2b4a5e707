// The window names each command from the catalogs; main's records and run titles still use the
// shared tables' English labels. The English catalog says exactly what those tables say, so a button
// found by its label in one place is found by the same label in the other.
import { describe, expect, it } from 'vitest';
import { RUN_COMMAND_NAMES, runCommandSpec } from '../../../electron/shared/bulk-commands';
import { en } from '../../../electron/shared/i18n/en';
import { de } from '../../../electron/shared/i18n/de';

describe('command labels in the catalogs', () => {
  it('English says what the shared command tables say, and German says its own', () => {
    for (const name of RUN_COMMAND_NAMES) {
      expect(en[`command.${name}`]).toBe(runCommandSpec(name).label);
      expect(de[`command.${name}`]).not.toBe('');
    }
    expect(de['command.set_charge_limit']).toBe('Ladelimit einstellen');
  });
});
