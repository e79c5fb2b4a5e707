// protocol and net. Chromium issues no request for a scheme it does not know, so each privileged
// standard scheme is given a reserved origin (app://garage → https://garage.app.standin.invalid)
// that the window's routing answers by calling the handler registered with protocol.handle. Main
// only ever sees app:// URLs; the page sees the reserved origin in `location` (see README.md).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ElectronStandinUnsupported, strict } from './unsupported';

export const RESERVED_SUFFIX = '.standin.invalid';

type Handler = (request: Request) => Response | Promise<Response>;

interface CustomScheme {
  scheme: string;
  privileges?: { standard?: boolean; secure?: boolean; supportFetchAPI?: boolean };
}

const privileged = new Map<string, CustomScheme>();
const handlers = new Map<string, Handler>();
let ready = false;

/** Called by app when it becomes ready: privileged schemes are fixed from then on, as in Electron. */
export function sealSchemes(): void {
  ready = true;
}

/** app://garage/x → https://garage.app.standin.invalid/x for a standard privileged scheme. */
export function toChromiumUrl(url: string): string {
  const parsed = safeUrl(url);
  if (!parsed) return url;
  const scheme = parsed.protocol.slice(0, -1);
  if (!privileged.get(scheme)?.privileges?.standard) return url;
  const rest = url.slice(url.indexOf('//') + 2);
  const slash = rest.search(/[/?#]/);
  const host = slash === -1 ? rest : rest.slice(0, slash);
  const tail = slash === -1 ? '/' : rest.slice(slash);
  return `https://${host}.${scheme}${RESERVED_SUFFIX}${tail}`;
}

/** The inverse of toChromiumUrl; any other URL is returned unchanged. */
export function fromChromiumUrl(url: string): string {
  const parsed = safeUrl(url);
  if (!parsed || parsed.protocol !== 'https:' || !parsed.hostname.endsWith(RESERVED_SUFFIX)) return url;
  const labels = parsed.hostname.slice(0, -RESERVED_SUFFIX.length).split('.');
  const scheme = labels.pop()!;
  if (!privileged.has(scheme)) return url;
  return `${scheme}://${labels.join('.')}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

export function handlerFor(scheme: string): Handler | undefined {
  return handlers.get(scheme);
}

function safeUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export const protocol = strict('protocol', {
  registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
    if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    for (const entry of schemes) privileged.set(entry.scheme, entry);
  },
  handle(scheme: string, handler: Handler): void {
    if (handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    handlers.set(scheme, handler);
  },
  unhandle(scheme: string): void {
    handlers.delete(scheme);
  },
  isProtocolHandled(scheme: string): boolean {
    return handlers.has(scheme);
  },
});

const FILE_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.cjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
};

/** Node's fetch, plus file: as Chromium's loader answers it, plus the schemes given to protocol.handle. */
async function netFetch(input: string | Request, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input.url;
  const scheme = url.slice(0, url.indexOf(':'));
  if (scheme === 'file') return fetchFile(url);
  const handler = handlers.get(scheme);
  if (handler) return handler(typeof input === 'string' ? new Request(url, init) : input);
  return fetch(input, init);
}

async function fetchFile(url: string): Promise<Response> {
  const filePath = fileURLToPath(url);
  let body: Buffer;
  try {
    body = await readFile(filePath);
  } catch (error) {
    // Chromium's file loader reports a missing file or a folder as ERR_FILE_NOT_FOUND.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR')
      throw new Error('net::ERR_FILE_NOT_FOUND');
    if (code === 'EACCES' || code === 'EPERM') throw new Error('net::ERR_ACCESS_DENIED');
    throw new Error('net::ERR_FAILED');
  }
  const type = FILE_TYPES[path.extname(filePath).toLowerCase()];
  return new Response(new Uint8Array(body), {
    status: 200,
    headers: { 'Content-Length': String(body.length), ...(type ? { 'Content-Type': type } : {}) },
  });
}

export const net = strict('net', {
  fetch: netFetch,
  isOnline: () => true,
  get online() {
    return true;
  },
  request(): never {
    throw new ElectronStandinUnsupported('net.request');
  },
});
