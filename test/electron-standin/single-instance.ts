// app.requestSingleInstanceLock, for real: a lock file holding the owner's pid in userData and a
// Unix socket beside it. A second process finds the lock held by a live process, sends its argv,
// cwd and additional data over the socket (the owner emits `second-instance`) and is told no.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface SecondInstanceMessage {
  argv: string[];
  cwd: string;
  additionalData: unknown;
}

export interface SingleInstanceLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(lockPath: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath, 'utf8').split('-').pop());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock, or returns the held lock's notification (already under way) when another owns it. */
export function acquireLock(
  userData: string,
  additionalData: unknown,
  onSecondInstance: (message: SecondInstanceMessage) => void,
): { lock: SingleInstanceLock } | { notified: Promise<void> } {
  mkdirSync(userData, { recursive: true });
  const lockPath = path.join(userData, 'SingletonLock');
  const socketPath = path.join(userData, 'SingletonSocket');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockPath, `${os.hostname()}-${process.pid}`, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(lockPath);
      if (owner !== null && owner !== process.pid && isAlive(owner))
        return { notified: notify(socketPath, additionalData) };
      // A lock left by a crashed process: take it over.
      unlinkSync(lockPath);
      continue;
    }
    return { lock: listen(lockPath, socketPath, onSecondInstance) };
  }
  throw new Error(`Could not take the single-instance lock in ${userData}`);
}

function listen(
  lockPath: string,
  socketPath: string,
  onSecondInstance: (message: SecondInstanceMessage) => void,
): SingleInstanceLock {
  try {
    unlinkSync(socketPath);
  } catch {
    // No stale socket.
  }
  const server = net.createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => {
      socket.end('ACK');
      try {
        onSecondInstance(JSON.parse(text) as SecondInstanceMessage);
      } catch {
        // Not a message from a second instance: ignore it, as Electron does.
      }
    });
  });
  server.listen(socketPath);
  server.unref();
  return {
    release() {
      server.close();
      for (const file of [socketPath, lockPath]) {
        try {
          unlinkSync(file);
        } catch {
          // Already gone.
        }
      }
    },
  };
}

/** What a second process does when the lock is held: hand its launch to the owner. */
export function notifyOwner(userData: string, additionalData: unknown = null): Promise<void> {
  return notify(path.join(userData, 'SingletonSocket'), additionalData);
}

function notify(socketPath: string, additionalData: unknown): Promise<void> {
  const message: SecondInstanceMessage = { argv: process.argv, cwd: process.cwd(), additionalData };
  return new Promise((resolve) => {
    const socket = net.connect(socketPath, () => socket.end(JSON.stringify(message)));
    socket.on('data', () => {});
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}
