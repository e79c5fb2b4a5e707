// One writer per data folder, between real processes: a second is refused with a message naming
// the holder, a killed holder's lock is taken over, and of two starting at once exactly one wins.
// A lock from before the machine's last boot, or whose pid now belongs to another live process,
// is stale too.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { acquireDataLock, LOCK_FILE } from '../../../electron/main/storage/data-lock';
import { bootTimeMs, liveIdentity } from '../../../electron/main/storage/process-identity';
import { useTempFolder } from './temp-folder';
import { TSX_NODE_ARGS } from '../../support/tsx-node';

const fixture = join(__dirname, 'fixtures', 'hold-lock.ts');

interface Holder {
  child: ChildProcess;
  /** The first line it printed: "held" or "refused …". */
  said: Promise<string>;
}

function start(dataDir: string): Holder {
  const child = spawn(process.execPath, [...TSX_NODE_ARGS, fixture, dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // A refused holder exits on its own; its stdin may be closed by the time the test writes to it.
  child.stdin!.on('error', () => {});
  const said = new Promise<string>((resolve) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) resolve(text.split('\n')[0]!);
    });
    child.on('exit', () => resolve(text.split('\n')[0] ?? ''));
  });
  return { child, said };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.on('exit', () => resolve()),
  );

describe('data folder lock', () => {
  const dir = useTempFolder();

  it('refuses a second writer while the first runs, naming it, and takes over once it is killed', async () => {
    const first = start(dir.path);
    expect(await first.said).toBe('held');
    const pid = first.child.pid!;
    await expect(acquireDataLock(dir.path)).rejects.toThrow(
      new RegExp(
        `in use by another copy of Vehicle Garage \\(process ${pid}, since .*\\)\\. Close that copy first`,
      ),
    );
    const second = start(dir.path);
    expect(await second.said).toMatch(new RegExp(`^refused .*process ${pid}`));

    first.child.kill('SIGKILL');
    await exited(first.child);
    // The lock file is still there, but its process is gone: stale, taken over.
    const held = JSON.parse(await fs.readFile(join(dir.path, LOCK_FILE), 'utf8'));
    expect(held.pid).toBe(pid);
    const lock = await acquireDataLock(dir.path);
    expect(JSON.parse(await fs.readFile(lock.path, 'utf8')).pid).toBe(process.pid);
    // Within one process too: a second core on the folder is refused.
    await expect(acquireDataLock(dir.path)).rejects.toThrow(/in use/);
    await lock.release();
    await expect(fs.readdir(dir.path)).resolves.toEqual([]);
  }, 60_000);

  it('lets exactly one of two processes starting at once have the folder, also over a stale lock', async () => {
    for (const stale of [false, true]) {
      if (stale) {
        await fs.writeFile(
          join(dir.path, LOCK_FILE),
          JSON.stringify({
            pid: 2 ** 22 + 17,
            host: (await import('node:os')).hostname(),
            since: 'x',
            nonce: 'old',
          }),
        );
      }
      const a = start(dir.path);
      const b = start(dir.path);
      const said = await Promise.all([a.said, b.said]);
      expect(said.filter((s) => s === 'held')).toHaveLength(1);
      expect(said.filter((s) => s.startsWith('refused'))).toHaveLength(1);
      const holder = said[0] === 'held' ? a : b;
      holder.child.stdin!.write('release\n');
      await Promise.all([exited(a.child), exited(b.child)]);
      expect(await fs.readdir(dir.path)).toEqual([]);
    }
  }, 60_000);

  it('takes over a lock file left empty by a writer that died creating it', async () => {
    const path = join(dir.path, LOCK_FILE);
    await fs.writeFile(path, '');
    await expect(acquireDataLock(dir.path)).rejects.toThrow(/that is starting/);
    const old = new Date(Date.now() - 60_000);
    await fs.utimes(path, old, old);
    const lock = await acquireDataLock(dir.path);
    await lock.release();
  });

  const writeLock = (body: Record<string, unknown>) =>
    fs.writeFile(
      join(dir.path, LOCK_FILE),
      JSON.stringify({ host: hostname(), since: new Date().toISOString(), nonce: 'old', ...body }),
    );

  it('takes over a lock written before the machine last booted, even when its pid is alive', async () => {
    // The parent (the test runner) is alive and runs the same executable: only the boot rule can
    // call its lock stale. Written now, the same lock is refused.
    const pid = process.ppid;
    await writeLock({ pid });
    await expect(acquireDataLock(dir.path)).rejects.toThrow(new RegExp(`process ${pid}`));
    await writeLock({ pid, since: new Date((await bootTimeMs()) - 60_000).toISOString() });
    const lock = await acquireDataLock(dir.path);
    expect(JSON.parse(await fs.readFile(lock.path, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('takes over a lock whose pid is alive but is another program (pid reuse)', async () => {
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await new Promise<void>((resolve, reject) => sleeper.once('spawn', resolve).once('error', reject));
      const pid = sleeper.pid!;
      // As this app would have written it (its executable and start time), and as older locks were.
      const self = await liveIdentity(process.pid);
      for (const recorded of [{ exe: process.execPath, startTicks: self.startTicks }, {}]) {
        await writeLock({ pid, ...recorded });
        const lock = await acquireDataLock(dir.path);
        await lock.release();
      }
    } finally {
      sleeper.kill('SIGKILL');
      await exited(sleeper);
    }
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose pid now runs the same program started at another time',
    async () => {
      const pid = process.ppid;
      const { startTicks } = await liveIdentity(pid);
      expect(startTicks).not.toBeNull();
      await writeLock({ pid, exe: process.execPath, startTicks });
      await expect(acquireDataLock(dir.path)).rejects.toThrow(/in use/);
      await writeLock({ pid, exe: process.execPath, startTicks: startTicks! + 1 });
      const lock = await acquireDataLock(dir.path);
      await lock.release();
    },
  );

  it('names the holder’s executable when it refuses', async () => {
    const first = start(dir.path);
    try {
      expect(await first.said).toBe('held');
      const error = await acquireDataLock(dir.path).catch((e: Error) => e);
      expect(String((error as Error).message)).toContain(`process ${first.child.pid}`);
      expect(String((error as Error).message)).toContain(process.execPath);
    } finally {
      first.child.kill('SIGKILL');
      await exited(first.child);
    }
  }, 60_000);
});
