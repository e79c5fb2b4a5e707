// A TCP relay between the app and PostgreSQL that a test can cut and restore: a lost database
// without stopping the server other tests share.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones. */
  cut(): Promise<void>;
  /** Open connections stay open but carry nothing more (a silently dead link); new ones work. */
  freeze(): void;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  // Connections frozen stop relaying in both directions, without closing.
  const frozen = new WeakSet<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((incoming) => {
        const outgoing = net.connect(targetPort, targetHost);
        sockets.add(incoming);
        sockets.add(outgoing);
        const drop = () => {
          incoming.destroy();
          outgoing.destroy();
          sockets.delete(incoming);
          sockets.delete(outgoing);
        };
        incoming.on('error', drop).on('close', drop);
        outgoing.on('error', drop).on('close', drop);
        incoming.on('data', (chunk: Buffer) => {
          if (!frozen.has(incoming)) outgoing.write(chunk);
        });
        outgoing.on('data', (chunk: Buffer) => {
          if (!frozen.has(outgoing)) incoming.write(chunk);
        });
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      const current = server;
      server = null;
      current.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    freeze() {
      for (const socket of sockets) frozen.add(socket);
    },
    restore: listen,
    close: stop,
  };
}
