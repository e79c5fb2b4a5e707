// A telemetry write in the exports' words: the fields sent, whether the car took it, and the expiry
// as a day (never the service's Unix seconds or the JSON the entry keeps).
import { describe, expect, it } from 'vitest';
import { valuesText } from '../../../electron/shared/audit-words';

describe('telemetry writes in words', () => {
  it('names the fields, the car’s answer and the expiry day', () => {
    const text = valuesText('writeTelemetryConfig', {
      fields: { Gear: { interval_seconds: 7 } },
      before: { synced: true, exp: 1_790_000_000, fields: {} },
      after: { synced: false, exp: 1_796_083_200, fields: { Gear: { interval_seconds: 7 } } },
    });
    expect(text).toBe(
      'Gear every 7 s, the car does not report it in use yet, configuration expires 2026-12-01',
    );
  });

  it('says the recommended set, and why the car was not read back', () => {
    expect(
      valuesText('writeTelemetryConfig', {
        recommended: true,
        before: { unknown: 'offline' },
        after: { unknown: 'The vehicle is offline.' },
      }),
    ).toBe('the recommended fields, not read back: The vehicle is offline.');
    expect(valuesText('deleteTelemetryConfig', { after: { synced: false, exp: 1_796_083_200 } })).toBe(
      'the car does not report it in use yet, configuration expires 2026-12-01',
    );
  });
});
