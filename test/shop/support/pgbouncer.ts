// A real PgBouncer (Debian's `pgbouncer` package) in front of the run's PostgreSQL, in the pool mode
// a test asks for, as a shop's IT might put one. It signs every client in to the server as one
// login (`auth_type = any`): the pooling, not the sign-in, is what the tests look at. PgBouncer will
// not run as root, so it runs as the postgres account, which owns its temporary folder.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';
import { waitFor } from '../../support/wait-for';
import type { Login } from './pg-admin';

export interface Bouncer {
  port: number;
  stop(): Promise<void>;
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startPgBouncer(login: Login, poolMode: 'session' | 'transaction'): Promise<Bouncer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vg-pgbouncer-'));
  const port = await freePort();
  const { host, port: serverPort, database, user } = login.settings;
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `${database} = host=${host} port=${serverPort} dbname=${database} user=${user} password=${login.password}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      `pool_mode = ${poolMode}`,
      // The app sets it at sign-in; PgBouncer refuses a parameter it is not told to pass over.
      'ignore_startup_parameters = statement_timeout',
      'max_client_conn = 50',
      'default_pool_size = 5',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  chmodSync(dir, 0o755);
  if (asRoot) {
    chownSync(dir, idOf('-u'), idOf('-g'));
    chmodSync(ini, 0o644);
  }
  const child: ChildProcess = spawn('pgbouncer', asRoot ? ['-u', 'postgres', ini] : [ini], {
    stdio: 'ignore',
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitFor(
    async () => {
      if (exited) throw new Error('pgbouncer exited');
      return canConnect(port);
    },
    `PgBouncer listening on ${port}`,
    { timeoutMs: 10_000, intervalMs: 50 },
  );
  return {
    port,
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The postgres account's user or group id. */
function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}
