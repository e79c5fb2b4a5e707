// The computer's name for the person logged in: the technician a repair order credits until one is
// typed. Where the system keeps a full name for the login (the comment field of the password
// database, as `finger` shows it) that is used: "Dana Ortiz", not "dortiz" or "root".
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** The full name in a passwd line's comment field (before its first comma), or null. */
export function fullNameFromPasswd(passwd: string, uid: number): string | null {
  for (const line of passwd.split('\n')) {
    const fields = line.split(':');
    if (fields.length < 7 || Number(fields[2]) !== uid) continue;
    const name = (fields[4] ?? '').split(',')[0]?.trim() ?? '';
    return name === '' ? null : name;
  }
  return null;
}

/** The login's full name where the system has one, else the login; never blank. */
export function machineUser(passwdFile = '/etc/passwd'): string {
  let login = '';
  try {
    const info = os.userInfo();
    login = info.username;
    if (info.uid >= 0 && process.platform !== 'win32') {
      const full = fullNameFromPasswd(readFileSync(passwdFile, 'utf8'), info.uid);
      if (full) return full;
    }
  } catch {
    // No passwd entry or file (some containers): the login, or said so, never left blank.
  }
  return login || 'unknown user';
}
