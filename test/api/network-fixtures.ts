// Real sockets for the network tests: a private certificate authority made with the openssl CLI,
// a TLS front that puts the simulator behind https with a certificate that CA signed, and a CONNECT
// proxy (node:http 'connect' + net.connect) that may ask for credentials and knows host names this
// machine's DNS does not. Not a test file itself.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { connect as netConnect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';

export interface PrivateCa {
  caPem: string;
  keyPem: string;
  certPem: string;
}

/** A CA and a server certificate it signed for `names` (DNS names and IP addresses). */
export function makePrivateCa(names: { dns: string[]; ip: string[] }): PrivateCa {
  const dir = mkdtempSync(join(tmpdir(), 'vg-ca-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      at('ca.key'),
      '-out',
      at('ca.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=Vehicle Garage Test Company CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      at('server.key'),
      '-out',
      at('server.csr'),
      '-subj',
      `/CN=${names.dns[0] ?? names.ip[0]}`,
    );
    const san = [...names.dns.map((n) => `DNS:${n}`), ...names.ip.map((n) => `IP:${n}`)].join(',');
    writeFileSync(at('ext.cnf'), `subjectAltName=${san}\nextendedKeyUsage=serverAuth\n`);
    openssl(
      'x509',
      '-req',
      '-in',
      at('server.csr'),
      '-CA',
      at('ca.pem'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-out',
      at('server.pem'),
      '-days',
      '2',
      '-extfile',
      at('ext.cnf'),
    );
    return {
      caPem: readFileSync(at('ca.pem'), 'utf8'),
      keyPem: readFileSync(at('server.key'), 'utf8'),
      certPem: readFileSync(at('server.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closer(server: Server, sockets: Set<Socket>): () => Promise<void> {
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}

export interface TlsFront {
  port: number;
  close(): Promise<void>;
}

/** https on 127.0.0.1 with `ca`'s server certificate, passing the bytes to `targetPort` (the simulator). */
export async function startTlsFront(ca: PrivateCa, targetPort: number): Promise<TlsFront> {
  const sockets = new Set<Socket>();
  const server = createTlsServer({ key: ca.keyPem, cert: ca.certPem }, (socket) => {
    const upstream = netConnect(targetPort, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  const close = closer(server, sockets);
  return { port: await listen(server), close };
}

export interface ConnectProxy {
  port: number;
  url: string;
  /** Every CONNECT target asked ("garage.test:443"), and the Proxy-Authorization sent with it. */
  connects: { target: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A CONNECT proxy. `hosts` maps names only the proxy knows to a local port; other names are looked
 * up normally, and a name that does not resolve is answered 502. With `credentials`, a CONNECT
 * without the matching Basic Proxy-Authorization is answered 407.
 */
export async function startConnectProxy(options: {
  hosts: Record<string, number>;
  credentials?: { user: string; password: string };
}): Promise<ConnectProxy> {
  const connects: ConnectProxy['connects'] = [];
  const sockets = new Set<Socket>();
  const server = createHttpServer((_req, res) => res.writeHead(405).end());
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`
    : null;
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    const authorization = req.headers['proxy-authorization'];
    connects.push({ target, authorization });
    client.on('error', () => {});
    if (expected !== null && authorization !== expected) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const [host = '', port = '443'] = target.split(/:(?=\d+$)/);
    const mapped = options.hosts[host];
    const upstream = mapped === undefined ? netConnect(Number(port), host) : netConnect(mapped, '127.0.0.1');
    upstream.on('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => {
      if (client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
    });
  });
  const close = closer(server as unknown as Server, sockets);
  const port = await listen(server as unknown as Server);
  return { port, url: `http://127.0.0.1:${port}`, connects, close };
}

/** A port on 127.0.0.1 where nothing listens. */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
