// The shop connection file in Settings → Shop: an admin's app writes the saved settings' server,
// database, TLS mode, CA certificate and garage to a file (no user, no password); a desk's app reads
// one, keeps its CA as a file of its own in the data folder, and gives the window the settings to
// fill in (the person then adds their own role, password and name, and saves as usual).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ShopConnectionFileImport } from '../../../shared/shop';
import { tm } from '../../i18n/main-words';
import {
  CONNECTION_FILE_MAX,
  connectionFileText,
  parseConnectionFile,
  readCaFile,
  resolveSettings,
  ShopError,
} from '../../shop';
import { writeFileAtomic } from '../../storage/atomic-file';
import { isProfileId } from '../../storage/profile-id';
import { readRegularFile, RegularFileError } from '../../storage/regular-file';
import { connectionOf } from './connection-settings';
import type { LinkState } from './link-state';

export interface ConnectionFileOps {
  /** Writes the saved settings' connection file where the save dialog says; its path, or null. */
  exportConnectionFile(profileId: string): Promise<string | null>;
  /** Reads the file the open dialog picks; the settings it gives, or null when cancelled. */
  importConnectionFile(profileId: string): Promise<ShopConnectionFileImport | null>;
}

export const CONNECTION_FILE_NAME = 'shop-connection.json';
/** The CA certificates read from connection files, one per profile, in the data folder. */
export const IMPORTED_CA_FOLDER = 'shop-ca';

export function createConnectionFileOps(
  state: LinkState,
  /** Marks a path as one main chose (the settings then accept it as the CA file). */
  chosen: (profileId: string, path: string) => void,
): ConnectionFileOps {
  const { deps } = state;
  return {
    async exportConnectionFile(profileId) {
      if (!deps.chooseSaveFile) throw new ShopError('invalid_settings', tm('shopIt.noChoosing'));
      const settings = await deps.settings.get(profileId);
      const { host, port, database, sslmode, caFile } = resolveSettings(connectionOf(settings));
      const link = state.linked();
      const garage = link?.profileId === profileId ? link.session.db()?.garageId : undefined;
      const text = connectionFileText({
        host,
        port,
        database,
        sslmode,
        ...(caFile ? { ca: await readCaFile(caFile) } : {}),
        ...(garage ? { garage } : {}),
      });
      const path = await deps.chooseSaveFile(CONNECTION_FILE_NAME);
      if (path === null) return null;
      await writeFileAtomic(path, text);
      return path;
    },
    async importConnectionFile(profileId) {
      if (!deps.chooseConnectionFile) throw new ShopError('invalid_settings', tm('shopIt.noChoosing'));
      if (!isProfileId(profileId)) throw new ShopError('invalid_settings', tm('errors.unknownProfileId'));
      const path = await deps.chooseConnectionFile();
      if (path === null) return null;
      let content: string;
      try {
        content = (await readRegularFile(path, CONNECTION_FILE_MAX)).toString('utf8');
      } catch (error) {
        if (error instanceof RegularFileError)
          throw new ShopError('invalid_settings', tm('shopIt.fileRefused', { reason: error.message }));
        throw error;
      }
      const file = parseConnectionFile(content);
      let caFile: string | undefined;
      if (file.ca) {
        const folder = join(deps.dataDir, IMPORTED_CA_FOLDER);
        await mkdir(folder, { recursive: true });
        caFile = join(folder, `${profileId}.pem`);
        await writeFileAtomic(caFile, file.ca);
        chosen(profileId, caFile);
      }
      return {
        connection: {
          host: file.host,
          port: file.port,
          database: file.database,
          sslmode: file.sslmode,
          ...(caFile ? { caFile } : {}),
        },
        garage: file.garage ?? null,
      };
    },
  };
}
