// A throwaway PostgreSQL 15 cluster with TLS on, for checking sslmode verify-full for real (the
// packaged cluster the other shop tests use runs with ssl off). The certificates are made here with
// openssl: a CA, a server certificate for "localhost" only (no IP address in it), signed by that CA,
// and a second, unrelated CA. The cluster is made with Debian's pg_createcluster on a free port,
// started with pg_ctlcluster (initdb refuses root) and dropped by stop(), certificates and all.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';

export interface TlsCluster {
  port: number;
  /** The CA that signed the server's certificate. */
  caFile: string;
  /** A CA that signed nothing the server shows. */
  otherCaFile: string;
  /** A login role (password authentication over TCP) and the database it may open. */
  user: string;
  password: string;
  database: string;
  /** A role that signs in by client certificate only (`cert` in pg_hba.conf), and its files. */
  certUser: string;
  clientCertFile: string;
  /** The client key, encrypted with `keyPassphrase`. */
  clientKeyFile: string;
  keyPassphrase: string;
  stop(): void;
}

const PG_VERSION = '15';

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { stdio: 'pipe', encoding: 'utf8' });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr || String(error)}`);
  }
}

/** Cluster administration needs root (CI runs as root; a developer needs password-less sudo). */
function asRoot(command: string, args: string[]): string {
  if (process.getuid?.() === 0) return run(command, args);
  return run('sudo', ['-n', command, ...args]);
}

function makeCa(dir: string, name: string): { key: string; cert: string } {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.crt`);
  run('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=Vehicle Garage test ${name}`,
  ]); // prettier-ignore
  return { key, cert };
}

/**
 * A key and a certificate for `subject`, signed by `ca`, with the given extensions; the key is
 * encrypted with `passphrase` when one is given.
 */
function makeSignedCert(
  dir: string,
  ca: { key: string; cert: string },
  name: string,
  subject: string,
  extensions: string,
  passphrase?: string,
): { key: string; cert: string } {
  const key = path.join(dir, `${name}.key`);
  const csr = path.join(dir, `${name}.csr`);
  const cert = path.join(dir, `${name}.crt`);
  const ext = path.join(dir, `${name}.ext`);
  writeFileSync(ext, extensions);
  const keyProtection = passphrase ? ['-passout', `pass:${passphrase}`] : ['-nodes'];
  run('openssl', [
    'req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', ...keyProtection,
    '-keyout', key, '-out', csr, '-subj', subject,
  ]); // prettier-ignore
  run('openssl', [
    'x509', '-req', '-in', csr, '-CA', ca.cert, '-CAkey', ca.key, '-CAcreateserial',
    '-out', cert, '-days', '2', '-extfile', ext,
  ]); // prettier-ignore
  return { key, cert };
}

export async function startTlsCluster(): Promise<TlsCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vg-tls-'));
  const name = `vgtls_${process.pid}_${randomBytes(3).toString('hex')}`;
  let created = false;
  const stop = () => {
    if (created) {
      try {
        asRoot('pg_dropcluster', [PG_VERSION, name, '--stop']);
      } catch {
        // Already gone; nothing else to drop.
      }
      created = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const ca = makeCa(dir, 'ca');
    const other = makeCa(dir, 'other-ca');
    const server = makeSignedCert(
      dir,
      ca,
      'server',
      '/CN=localhost',
      'subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n',
    );
    const certUser = `${name}_cert`;
    const keyPassphrase = randomBytes(9).toString('base64url');
    const client = makeSignedCert(
      dir,
      ca,
      'client',
      `/CN=${certUser}`,
      'extendedKeyUsage=clientAuth\n',
      keyPassphrase,
    );
    // The server reads its key as the postgres account, which must own it and alone read it.
    const postgresUid = Number(run('id', ['-u', 'postgres']).trim());
    const postgresGid = Number(run('id', ['-g', 'postgres']).trim());
    chmodSync(dir, 0o755);
    chownSync(server.key, postgresUid, postgresGid);
    chmodSync(server.key, 0o600);
    chmodSync(server.cert, 0o644);
    chmodSync(ca.cert, 0o644);

    const port = await freePort();
    asRoot('pg_createcluster', [
      PG_VERSION, name, '--port', String(port),
      '-o', 'listen_addresses=localhost', '-o', 'max_connections=20',
    ]); // prettier-ignore
    created = true;
    // pg_createcluster takes ssl from its own defaults (the snake-oil certificate), not from -o.
    const tls: [string, string][] = [
      ['ssl', 'on'],
      ['ssl_cert_file', server.cert],
      ['ssl_key_file', server.key],
      // The CA a client certificate must come from.
      ['ssl_ca_file', ca.cert],
    ];
    for (const [key, value] of tls) asRoot('pg_conftool', [PG_VERSION, name, 'set', key, value]);
    // The certificate role signs in by its certificate alone, over TLS; the first matching line wins.
    const hba = `/etc/postgresql/${PG_VERSION}/${name}/pg_hba.conf`;
    const rules = readFileSync(hba, 'utf8');
    writeFileSync(hba, `hostssl all ${certUser} all cert\n${rules}`);
    asRoot('pg_ctlcluster', [PG_VERSION, name, 'start']);

    const user = `${name}_tech`;
    const password = randomBytes(12).toString('base64url');
    const sql = `CREATE ROLE ${user} LOGIN PASSWORD '${password}'; CREATE ROLE ${certUser} LOGIN`;
    const psql = [
      'psql',
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-p',
      String(port),
      '-d',
      'postgres',
      '-c',
      sql,
    ];
    if (process.getuid?.() === 0)
      run('su', ['postgres', '-c', psql.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')]);
    else run('sudo', ['-n', '-u', 'postgres', ...psql]);
    return {
      port,
      caFile: ca.cert,
      otherCaFile: other.cert,
      user,
      password,
      database: 'postgres',
      certUser,
      clientCertFile: client.cert,
      clientKeyFile: client.key,
      keyPassphrase,
      stop,
    };
  } catch (error) {
    stop();
    throw error;
  }
}
