// Values of the shapes the cache stores, and tiny valid image files.
import type { ReleaseNotes, TelemetryConfig } from '../../../../electron/shared/wire';
import { vinWithCheckDigit } from '../../../../electron/shared/vin';

export const VIN = vinWithCheckDigit('5YJ3E1EA0KF000001');
export const VIN_2 = vinWithCheckDigit('5YJYGDEE0MF000002');

export function telemetry(port = 443): TelemetryConfig {
  return {
    synced: true,
    config: {
      hostname: 'telemetry.example.com',
      ca: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
      exp: 1753759258,
      port,
      fields: { BatteryLevel: { interval_seconds: 60 }, Location: { interval_seconds: 10 } },
      alert_types: ['service'],
    },
    update_available: false,
  };
}

export function releaseNotes(title = 'Charging stats'): ReleaseNotes {
  return {
    deployed_version: '2025.14.3',
    staged_version: null,
    release_notes: [
      {
        title,
        subtitle: null,
        description: 'Shows charging statistics.',
        customer_version: '2025.14.3',
        image_url: 'https://cdn.example.com/notes/charging.png',
        light_image_url: null,
      },
    ],
  };
}

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);
export const GIF = Buffer.from('GIF89a' + '\u0000'.repeat(20), 'latin1');
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(16),
]);
export const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
);
