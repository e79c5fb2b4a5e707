// A link another program sent that cannot be opened is refused in the window's language, with the
// VIN's problem in the same language as the sentence around it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDeepLink } from '../../electron/shared/deep-links';
import { applyLanguage, resetLanguage, t } from '../../renderer/src/lib/i18n.svelte';
import { refusedLinkMessage } from '../../renderer/src/lib/link-words';

describe('a refused link in German', () => {
  beforeEach(() => applyLanguage({ language: 'de', formatLocale: 'de-DE' }));
  afterEach(() => resetLanguage());

  it('says why, naming the garage', () => {
    const link = parseDeepLink('vehicle-garage://vehicle/5YJ3E1EA7KF31700', t);
    if (link.kind !== 'refused') throw new Error('the short VIN was not refused');
    expect(refusedLinkMessage({ ...link, kind: 'link-refused' }, null)).toBe(
      'Ein Link konnte nicht geöffnet werden: „5YJ3E1EA7KF31700“ ist keine FIN (Die FIN hat 16 Zeichen; sie braucht 17).',
    );
    expect(
      refusedLinkMessage({ kind: 'link-refused', reason: 'unknown-job', shown: 'RO-9' }, 'Werkstatt Nord'),
    ).toBe(
      'Ein Link nennt die Auftragsnummer „RO-9“, aber in dieser Garage (Werkstatt Nord) gibt es keinen Auftrag damit.',
    );
  });

  it('stays word for word in English', () => {
    resetLanguage();
    expect(refusedLinkMessage({ kind: 'link-refused', reason: 'unknown-vehicle', shown: 'X' }, 'Bay 2')).toBe(
      'A link names the vehicle X, which is not in this garage (Bay 2). Add it to the garage, or switch to the profile that has it.',
    );
    expect(refusedLinkMessage({ kind: 'link-refused', reason: 'malformed-vin', shown: 'AB' }, null)).toBe(
      'A link could not be opened: "AB" is not a VIN (it needs 17 characters).',
    );
  });
});
