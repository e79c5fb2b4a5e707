// The two-person rule's refusals as the shop database codes them: read from an error's hint and
// detail, worded from the catalogs whatever the server's English said, and a hint the app does not
// know (or a detail that is not JSON) never taken for one.
import { beforeAll, describe, expect, it } from 'vitest';
import { toShopError } from '../../../electron/main/shop/errors';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { createTranslator } from '../../../electron/shared/i18n/translator';
import { shopRefusalOf, shopRefusalText } from '../../../electron/shared/shop-refusals';

const NOW = Date.parse('2026-05-04T10:00:00Z');

describe('a coded refusal', () => {
  beforeAll(() => loadCatalog('de'));

  it('is read from the hint and the detail, and nothing else is', () => {
    expect(shopRefusalOf('vg:status', '{"status": "sent"}')).toEqual({
      code: 'status',
      particulars: { status: 'sent' },
    });
    expect(shopRefusalOf('vg:expired', 'not json')).toEqual({ code: 'expired', particulars: {} });
    expect(shopRefusalOf('vg:drop_tables', '{}')).toBeNull();
    expect(shopRefusalOf('Check the grants.', '{}')).toBeNull();
    expect(shopRefusalOf(undefined, undefined)).toBeNull();
  });

  it('is worded from the catalogs, in English and in German', () => {
    const de = createTranslator({ language: 'de', formatLocale: 'de-DE' });
    const expired = { code: 'expired' as const, particulars: { at: '2026-05-04T09:55:00Z' } };
    expect(shopRefusalText(expired, NOW)).toBe('This request expired 5 minutes ago; ask again.');
    expect(shopRefusalText(expired, NOW, de.t)).toBe(
      'Diese Anfrage ist vor 5 Minuten abgelaufen; bitte erneut anfragen.',
    );
    const sent = { code: 'status' as const, particulars: { status: 'sent' } };
    expect(shopRefusalText(sent, NOW, de.t)).toBe(
      'Diese Anfrage wurde bereits gesendet; sie wird nur einmal gesendet.',
    );
    expect(shopRefusalText({ code: 'status', particulars: { status: 42 } }, NOW)).toBe(
      'This request cannot be acted on now.',
    );
  });

  it('reaches the window as the catalog’s sentence, not inside the server’s', () => {
    const error = toShopError({
      code: 'VGR01',
      message: 'This request is sent.',
      hint: 'vg:status',
      detail: '{"status": "sent"}',
    });
    expect(error).toMatchObject({
      kind: 'rejected',
      refusal: 'status',
      message: 'This request was already sent; it is sent once.',
    });
    const uncoded = toShopError({ code: 'VGR01', message: 'This request is sent.' });
    expect(uncoded.refusal).toBeNull();
  });
});
