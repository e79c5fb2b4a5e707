// Cases the simulator cannot produce, against a tiny raw node:http server (allowed by the brief
// for exactly these): a chunked body that grows past 5 MiB without Content-Length, a body that
// drips slower than the timeout, and image redirects / wrong image types.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createVehicleApiClient, type VehicleApiClient } from '../../electron/main/api';
import { caught } from './support';

const VIN = '5YJ3E1EA8TF473723';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

let server: Server;
let base: string;
let hits: string[] = [];
let chunksSent = 0;

function routes(url: string, res: ServerResponse): void {
  if (url.includes('fleet_telemetry_config')) {
    // Endless chunked JSON: only the client's cap stops it.
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"synced":true,"pad":"');
    const chunk = 'x'.repeat(64 * 1024);
    const pump = (): void => {
      while (!res.destroyed && chunksSent < 200) {
        chunksSent++;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end('"}');
    };
    pump();
    return;
  }
  if (url.includes('release_notes')) {
    // Headers at once, then one byte every 50 ms.
    res.writeHead(200, { 'content-type': 'application/json' });
    const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write(' ')), 50);
    res.on('close', () => clearInterval(t));
    return;
  }
  if (url === '/img/redirect') {
    res.writeHead(302, { location: '/img/ok.png' });
    res.end();
    return;
  }
  if (url === '/img/redirect-away') {
    res.writeHead(302, { location: 'http://example.com/x.png' });
    res.end();
    return;
  }
  if (url === '/img/ok.png') {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PNG);
    return;
  }
  if (url === '/img/mislabelled.jpg') {
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    res.end(PNG);
    return;
  }
  if (url === '/img/page') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html></html>');
    return;
  }
  res.writeHead(404).end();
}

function client(overrides: { readMs?: number } = {}): VehicleApiClient {
  return createVehicleApiClient({
    baseUrl: base,
    getToken: async () => 'tok_raw_server',
    sleep: async () => {},
    timeouts: { readMs: overrides.readMs ?? 5000, imageMs: 2000 },
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    routes(req.url ?? '', res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('body cap and timeouts while reading a body', () => {
  it('stops reading a chunked body past 5 MiB', async () => {
    chunksSent = 0;
    const c = client();
    try {
      const e = await caught(c.telemetryConfig(VIN));
      expect(e.kind).toBe('bad_response');
      expect(e.message).toContain('response larger than 5 MiB');
      expect(e.info.status).toBe(200);
      // 5 MiB is 80 chunks of 64 KiB; the server had more to send but the client hung up.
      expect(chunksSent).toBeLessThan(200);
    } finally {
      await c.close();
    }
  });

  it('a body dripping past the timeout → timeout (not retried)', async () => {
    hits = [];
    const c = client({ readMs: 200 });
    try {
      const started = Date.now();
      expect((await caught(c.releaseNotes(VIN))).kind).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(1500);
      expect(hits).toHaveLength(1);
    } finally {
      await c.close();
    }
  });
});

describe('image fetcher', () => {
  it('follows a same-host redirect and returns the bytes', async () => {
    hits = [];
    const c = client();
    try {
      const img = await c.fetchImage(`${base}/img/redirect`);
      expect(img.contentType).toBe('image/png');
      expect(Buffer.from(img.bytes).equals(PNG)).toBe(true);
      expect(hits).toEqual(['/img/redirect', '/img/ok.png']);
    } finally {
      await c.close();
    }
  });

  it('refuses a redirect to plain http on another host', async () => {
    const c = client();
    try {
      expect((await caught(c.fetchImage(`${base}/img/redirect-away`))).kind).toBe('invalid_input');
    } finally {
      await c.close();
    }
  });

  it('refuses non-image content and reports the real type of a mislabelled image', async () => {
    const c = client();
    try {
      expect((await caught(c.fetchImage(`${base}/img/page`))).kind).toBe('bad_response');
      expect((await c.fetchImage(`${base}/img/mislabelled.jpg`)).contentType).toBe('image/png');
    } finally {
      await c.close();
    }
  });
});
