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
  /**
   * The next statement matching `to` sent on a connection that earlier sent one matching `after`
   * (any connection when none is given) reaches the server, which does it, but its answer never
   * comes back: that connection is dropped when the server answers. Settles once it has happened.
   */
  loseAnswer(rule: { to: RegExp; after?: RegExp }): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let losing: { to: RegExp; after?: RegExp; done: () => void } | null = null;
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
        // This connection has sent the statement `after` names, and the one whose answer is lost.
        let armed = false;
        let swallowing: (() => void) | null = null;
        incoming.on('data', (chunk: Buffer) => {
          if (frozen.has(incoming)) return;
          const text = chunk.toString('latin1');
          if (losing && !swallowing) {
            if (losing.after?.test(text)) armed = true;
            else if ((armed || !losing.after) && losing.to.test(text)) {
              swallowing = losing.done;
              losing = null;
            }
          }
          outgoing.write(chunk);
        });
        outgoing.on('data', (chunk: Buffer) => {
          if (swallowing) {
            // The server has done it and answers: the answer goes nowhere, and nor does the link.
            const done = swallowing;
            drop();
            done();
            return;
          }
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
    loseAnswer: (rule) => new Promise<void>((done) => (losing = { ...rule, done })),
    freeze() {
      for (const socket of sockets) frozen.add(socket);
    },
    restore: listen,
    close: stop,
  };
}
