// The name a connection shows the server: the technician and the machine, in ASCII the server keeps
// as it is, within the 63 bytes it keeps at all.
import { describe, expect, it } from 'vitest';
import { applicationNameOf } from '../../../electron/main/shop/application-name';
import { resolveSettings } from '../../../electron/main/shop/config';

describe('application_name', () => {
  it('names the technician and the machine', () => {
    expect(applicationNameOf('Ana', 'bay-1')).toBe('Vehicle Garage: Ana @ bay-1');
  });

  it('keeps accented names readable in ASCII', () => {
    expect(applicationNameOf('Jürgen Groß', 'Werkbank Süd')).toBe(
      'Vehicle Garage: Jurgen Gross @ Werkbank Sud',
    );
    expect(applicationNameOf('李雷', 'bay')).toBe('Vehicle Garage: ?? @ bay');
  });

  it('fits 63 bytes, shortening both names fairly and the short one not at all', () => {
    const long = applicationNameOf('A'.repeat(80), 'B'.repeat(80));
    expect(Buffer.byteLength(long)).toBe(63);
    expect(long).toBe(`Vehicle Garage: ${'A'.repeat(22)} @ ${'B'.repeat(22)}`);
    const shortMachine = applicationNameOf('Maximiliane-Sophie Hohenberger-Castellanos', 'pc7');
    expect(Buffer.byteLength(shortMachine)).toBeLessThanOrEqual(63);
    expect(shortMachine).toMatch(/ @ pc7$/);
    expect(shortMachine).toContain('Maximiliane-Sophie Hohenberger');
  });

  it('cuts a name given whole on a character, never inside one', () => {
    const settings = resolveSettings({
      host: 'h',
      user: 'u',
      database: 'd',
      applicationName: 'ü'.repeat(40),
    });
    expect(settings.applicationName).toBe('ü'.repeat(31));
  });
});
