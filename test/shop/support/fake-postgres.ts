// A stand-in for a PostgreSQL server someone else runs: it speaks just enough of the protocol to
// take a client's startup message, ask for the password (in clear text or as MD5) and keep what
// came back, then refuse the sign-in as a real server would. It stands for a host the app must
// never hand a stored password to, so a test can read exactly what reached it.
import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import net from 'node:net';

const SSL_REQUEST = 80877103;

export interface FakeSignIn {
  user: string;
  database: string;
  /** What the client answered the password request with: the text, or the MD5 answer; null if none. */
  answer: string | null;
  /** The salt of the MD5 request (null for clear text). */
  salt: Buffer | null;
}

export interface FakePostgres {
  port: number;
  /** Every startup seen, with what the client answered when asked for the password. */
  readonly signIns: FakeSignIn[];
  /** Emits 'sign-in' each time a startup ends (answered or not). */
  readonly events: EventEmitter;
  close(): Promise<void>;
}

/** The MD5 answer libpq sends for `password`: 'md5' + md5(md5(password + user) + salt). */
export function md5Answer(user: string, password: string, salt: Buffer): string {
  const inner = createHash('md5')
    .update(password + user)
    .digest('hex');
  return (
    'md5' +
    createHash('md5')
      .update(Buffer.concat([Buffer.from(inner), salt]))
      .digest('hex')
  );
}

function message(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
}

function authRequest(code: number, salt: Buffer | null): Buffer {
  const body = Buffer.alloc(4);
  body.writeInt32BE(code);
  return message('R', salt ? Buffer.concat([body, salt]) : body);
}

function refusal(): Buffer {
  const field = (code: string, text: string) => Buffer.from(`${code}${text}\0`);
  return message(
    'E',
    Buffer.concat([
      field('S', 'FATAL'),
      field('V', 'FATAL'),
      field('C', '28P01'),
      field('M', 'password authentication failed'),
      Buffer.from('\0'),
    ]),
  );
}

export async function startFakePostgres(ask: 'cleartext' | 'md5'): Promise<FakePostgres> {
  const signIns: FakeSignIn[] = [];
  const events = new EventEmitter();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    let signIn: FakeSignIn | null = null;
    const finish = () => {
      if (!signIn) return;
      signIns.push(signIn);
      const done = signIn;
      signIn = null;
      events.emit('sign-in', done);
    };
    socket.on('close', finish);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (signIn === null) {
          // Untyped: an SSL request or the startup message.
          if (buffered.length < 8) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          const body = buffered.subarray(4, length);
          buffered = buffered.subarray(length);
          if (body.readInt32BE(0) === SSL_REQUEST) {
            socket.write('N');
            continue;
          }
          const parts = body.subarray(4).toString('utf8').split('\0');
          const params = new Map<string, string>();
          for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i]) params.set(parts[i]!, parts[i + 1]!);
          const salt = ask === 'md5' ? randomBytes(4) : null;
          signIn = {
            user: params.get('user') ?? '',
            database: params.get('database') ?? '',
            answer: null,
            salt,
          };
          socket.write(authRequest(ask === 'md5' ? 5 : 3, salt));
          continue;
        }
        if (buffered.length < 5) return;
        const length = buffered.readInt32BE(1);
        if (buffered.length < length + 1) return;
        const type = String.fromCharCode(buffered[0]!);
        const body = buffered.subarray(5, length + 1);
        buffered = buffered.subarray(length + 1);
        if (type === 'p') {
          signIn.answer = body.subarray(0, body.indexOf(0)).toString('utf8');
          socket.end(refusal());
          finish();
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    signIns,
    events,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
