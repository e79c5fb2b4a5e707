// Who a process is, beyond its pid: pids are reused, so a lock naming a pid is only as good as the
// proof that the live process with that pid is the one that wrote it. Linux answers from /proc
// (start time in clock ticks since boot, and the executable); macOS from `ps`, Windows from
// `tasklist` (the executable's name), each asked only when a lock is contested. Every answer may
// be null (unknown): an unknown is never taken as proof that a holder is gone.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs/promises';
import { uptime } from 'node:os';
import { basename } from 'node:path';

export interface ProcessIdentity {
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat field 22). */
  startTicks: number | null;
  /** The executable's path, when the OS tells it. */
  exe: string | null;
  /** The executable's file name, lower case, without `.exe`. */
  name: string | null;
}

/** When the machine last booted (ms since the epoch): Linux's btime, elsewhere now − uptime. */
export async function bootTimeMs(): Promise<number> {
  if (process.platform === 'linux') {
    try {
      const stat = await fs.readFile('/proc/stat', 'utf8');
      const btime = /^btime\s+(\d+)$/m.exec(stat);
      if (btime) return Number(btime[1]) * 1000;
    } catch {
      // fall through to uptime
    }
  }
  return Date.now() - uptime() * 1000;
}

export function executableName(path: string): string {
  return basename(path.replace(/\\/g, '/'))
    .toLowerCase()
    .replace(/\.exe$/, '');
}

async function linuxStartTicks(pid: number | 'self'): Promise<number | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isSafeInteger(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

async function linuxExe(pid: number | 'self'): Promise<string | null> {
  try {
    return await fs.readlink(`/proc/${pid}/exe`);
  } catch {
    return null; // another user's process: not ours to read
  }
}

function run(command: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 3_000, windowsHide: true }, (error, stdout) =>
      resolve(error ? null : String(stdout)),
    );
  });
}

/** This process's identity, recorded in the lock it writes. */
export async function ownIdentity(): Promise<ProcessIdentity> {
  const exe = process.execPath;
  return {
    startTicks: process.platform === 'linux' ? await linuxStartTicks('self') : null,
    exe,
    name: executableName(exe),
  };
}

/** The live process `pid`'s identity, as far as the OS tells it cheaply. */
export async function liveIdentity(pid: number): Promise<ProcessIdentity> {
  if (process.platform === 'linux') {
    const exe = await linuxExe(pid);
    return { startTicks: await linuxStartTicks(pid), exe, name: exe === null ? null : executableName(exe) };
  }
  if (process.platform === 'darwin') {
    const out = (await run('ps', ['-p', String(pid), '-o', 'comm=']))?.trim();
    return { startTicks: null, exe: out || null, name: out ? executableName(out) : null };
  }
  if (process.platform === 'win32') {
    // "image.exe","1234",...: the image name is the first CSV field.
    const out = await run('tasklist', ['/FI', `PID eq ${pid}`, '/FO', 'CSV', '/NH']);
    const image = out === null ? undefined : /^"([^"]+)"/.exec(out.trim())?.[1];
    return { startTicks: null, exe: null, name: image ? executableName(image) : null };
  }
  return { startTicks: null, exe: null, name: null };
}
