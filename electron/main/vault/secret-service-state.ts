// What the Linux Secret Service cannot tell through keytar: whether the default collection is
// locked (a locked collection answers "no such item", exactly like an empty one) and whether a
// Secret Service program is installed at all (so a stopped one is not mistaken for a missing one).
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export type LockState = 'locked' | 'unlocked' | 'unknown';

const DEFAULT_COLLECTION = '/org/freedesktop/secrets/aliases/default';
const PROBE_TIMEOUT_MS = 3000;

function run(file: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: PROBE_TIMEOUT_MS }, (error, stdout) => resolve(error ? null : stdout));
  });
}

/** The default collection's `Locked` property, asked over the session bus (dbus-send, else gdbus). */
export async function secretServiceLockState(): Promise<LockState> {
  const sent = await run('dbus-send', [
    '--session',
    '--print-reply',
    `--reply-timeout=${PROBE_TIMEOUT_MS}`,
    '--dest=org.freedesktop.secrets',
    DEFAULT_COLLECTION,
    'org.freedesktop.DBus.Properties.Get',
    'string:org.freedesktop.Secret.Collection',
    'string:Locked',
  ]);
  const answer =
    sent ??
    (await run('gdbus', [
      'call',
      '--session',
      '--dest',
      'org.freedesktop.secrets',
      '--object-path',
      DEFAULT_COLLECTION,
      '--method',
      'org.freedesktop.DBus.Properties.Get',
      'org.freedesktop.Secret.Collection',
      'Locked',
    ]));
  const locked = answer === null ? null : /\b(?:boolean )?<?(true|false)>?/.exec(answer)?.[1];
  return locked === 'true' ? 'locked' : locked === 'false' ? 'unlocked' : 'unknown';
}

// Programs that provide the Secret Service on Linux desktops, and the name a technician knows.
const PROVIDERS: [string, string][] = [
  ['gnome-keyring-daemon', 'gnome-keyring'],
  ['kwalletd6', 'KWallet'],
  ['kwalletd5', 'KWallet'],
  ['keepassxc', 'KeePassXC'],
];

/** The name of an installed Secret Service program (found on PATH), or null. */
export function installedSecretService(searchPath = process.env['PATH'] ?? ''): string | null {
  const dirs = [...searchPath.split(path.delimiter).filter(Boolean), '/usr/bin', '/usr/libexec'];
  for (const [program, name] of PROVIDERS) {
    for (const dir of dirs) {
      try {
        accessSync(path.join(dir, program), constants.X_OK);
        return name;
      } catch {
        // not here
      }
    }
  }
  return null;
}
