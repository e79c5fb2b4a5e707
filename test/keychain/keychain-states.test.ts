// The keychain's state named truly, against the real Secret Service: a locked collection is
// "locked" (the token is still there: unlock and try again), never "no token stored"; a daemon that
// ended mid-session "stopped" (restart the app), never "install gnome-keyring" when it is installed.
// Each case runs in a Secret Service of its own: locking it or ending it must not disturb other tests.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ErrorInfo } from '../../electron/shared/result';
import type { Profile } from '../../electron/shared/types';
import { TSX_NODE_ARGS } from '../support/tsx-node';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

type Answer = { ok: true } | { ok: false; error: ErrorInfo } | Profile;

function scenario(mode: 'locked' | 'stopped'): Promise<Record<string, Answer>> {
  return new Promise((resolve, reject) => {
    execFile(
      path.join(root, 'test/support/with-keyring.sh'),
      [process.execPath, ...TSX_NODE_ARGS, path.join(here, 'keychain-states-scenario.ts'), mode],
      { cwd: root, timeout: 60_000, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        const line = stdout.trim().split('\n').at(-1) ?? '';
        if (error || !line.startsWith('{'))
          reject(new Error(`scenario ${mode} failed: ${error?.message}\n${stderr}`));
        else resolve(JSON.parse(line) as Record<string, Answer>);
      },
    );
  });
}

const errorOf = (answer: Answer | undefined): ErrorInfo => {
  expect(answer).toMatchObject({ ok: false });
  return (answer as { error: ErrorInfo }).error;
};

describe('the keychain state, named truly', () => {
  it('a locked collection is reported locked, with the token still stored, never as no token', async () => {
    const steps = await scenario('locked');
    expect(steps['setToken']).toMatchObject({ ok: true });
    expect(steps['before']).toMatchObject({ ok: true }); // the token worked before the lock
    const read = errorOf(steps['read']);
    expect(read.kind).toBe('keychain_unavailable');
    expect(read.message).toMatch(/^The system keychain is locked, so the token could not be read\./);
    expect(read.message).toContain('then try again');
    expect(read.message).not.toMatch(/No API token|install/i);
    // Settings cannot tell whether a token is stored, and says why instead of "no token".
    expect(steps['listed']).toMatchObject({
      hasToken: false,
      keychainProblem: expect.stringMatching(/^The system keychain is locked/),
    });
    const save = errorOf(steps['save']);
    expect(save.message).toMatch(/^The system keychain is locked, so the token could not be saved\./);
  }, 90_000);

  it('a daemon that ended mid-session is reported stopped, and not as missing', async () => {
    const steps = await scenario('stopped');
    expect(steps['before']).toMatchObject({ ok: true });
    const read = errorOf(steps['read']);
    expect(read.kind).toBe('keychain_unavailable');
    expect(read.message).toMatch(/stopped while Vehicle Garage was running/);
    expect(read.message).toContain('gnome-keyring'); // named: it is what this machine runs
    expect(read.message).not.toMatch(/\binstall\b|No API token/i);
  }, 90_000);
});
