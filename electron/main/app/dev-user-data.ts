// Where a development run keeps its data: `VG_USER_DATA_DIR` lets a test of the real Electron binary
// (npm run test:electron) start on an empty data folder of its own, never the developer's. An
// installed app ignores it, like the other development switches (demo-settings.ts): where a
// technician's garage, audit log and keychain entries live is not set by the environment.
import path from 'node:path';

export const DEV_USER_DATA_ENV = 'VG_USER_DATA_DIR';

export function devUserDataDir(
  env: Readonly<Record<string, string | undefined>>,
  isPackaged: boolean,
): string | null {
  const dir = env[DEV_USER_DATA_ENV]?.trim();
  if (!dir || isPackaged || !path.isAbsolute(dir)) return null;
  return dir;
}
