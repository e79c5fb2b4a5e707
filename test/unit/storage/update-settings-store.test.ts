// The update choice on disk: written whole, read back; a damaged or strange file never silences
// updates for good (the default, checking and telling, is read instead, and the file set aside).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readUpdateSettings,
  UPDATE_SETTINGS_FILE,
  writeUpdateSettings,
} from '../../../electron/main/storage/update-settings-store';
import { useTempFolder } from './temp-folder';

describe('updates.json', () => {
  const temp = useTempFolder();
  const folder = () => temp.path;

  it('reads the default before any choice, then what was written', async () => {
    expect(await readUpdateSettings(folder())).toEqual({ mode: 'notify' });
    await writeUpdateSettings(folder(), { mode: 'off' });
    expect(JSON.parse(await readFile(path.join(folder(), UPDATE_SETTINGS_FILE), 'utf8'))).toEqual({
      mode: 'off',
    });
    expect(await readUpdateSettings(folder())).toEqual({ mode: 'off' });
  });

  it('sets a damaged or unknown choice aside and reads the default', async () => {
    const reports: unknown[] = [];
    await writeFile(path.join(folder(), UPDATE_SETTINGS_FILE), '{"mode":"always"}');
    expect(await readUpdateSettings(folder(), { onCorrupt: (report) => reports.push(report) })).toEqual({
      mode: 'notify',
    });
    expect(reports).toHaveLength(1);
    expect(
      (await readdir(folder())).some(
        (name) => name.startsWith(UPDATE_SETTINGS_FILE) && name !== UPDATE_SETTINGS_FILE,
      ),
    ).toBe(true);
  });
});
