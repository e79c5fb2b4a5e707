// A service that quotes the bearer token back — in an error, a command reason, a release note, a
// telemetry field — must never get it into a message, a result or anything kept. The echoes come
// from a raw node:http server: the simulator never misbehaves this way.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createVehicleApiClient, type VehicleApiClient } from '../../electron/main/api';
import { SERVER_TEXT_MAX } from '../../electron/main/api/errors';
import { caught } from './support';

const VIN = '5YJ3E1EA8TF473723';
const TOKEN = 'Zq9x/Wv3+KpL7mNc2RtY8bHd4FgJ6sQe1UaX5oEi0TzBnMkVyCwP~rG2';

let server: Server;
let client: VehicleApiClient;
let reply: { status: number; body: string } = { status: 200, body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = createVehicleApiClient({
    baseUrl: `http://127.0.0.1:${port}`,
    getToken: async () => TOKEN,
    sleep: async () => {},
    retry: { maxRetries: 0 },
  });
});

afterAll(async () => {
  await client.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** Every run of `n` consecutive characters of `secret` found in `text`. */
function pieces(text: string, secret: string, n = 5): string[] {
  const found: string[] = [];
  for (let i = 0; i + n <= secret.length; i++) {
    if (text.includes(secret.slice(i, i + n))) found.push(secret.slice(i, i + n));
  }
  return found;
}

const commandResult = (reason: string) => JSON.stringify({ result: false, reason });

describe('a token the service echoes in an error', () => {
  // The service's text is quoted up to SERVER_TEXT_MAX characters: place the token at every offset
  // from well before the cut to past it.
  const offsets = Array.from({ length: 90 }, (_, i) => SERVER_TEXT_MAX - 70 + i);

  it.each(offsets)('is masked before the text is cut (token at offset %i)', async (offset) => {
    reply = { status: 400, body: JSON.stringify({ error: '.'.repeat(offset) + TOKEN + ' rest' }) };
    const error = await caught(client.command(VIN, 'close_windows'));
    expect(error.kind).toBe('rejected');
    expect(pieces(error.message, TOKEN)).toEqual([]);
  });

  it.each(offsets)('is masked in a server error too (token at offset %i)', async (offset) => {
    reply = { status: 503, body: JSON.stringify({ message: 'x '.repeat(offset / 2) + TOKEN }) };
    const error = await caught(client.telemetryConfig(VIN));
    expect(error.kind).toBe('server_error');
    expect(pieces(error.message, TOKEN)).toEqual([]);
  });

  it('is masked when the service itself cut it short, or escaped it in JSON', async () => {
    reply = { status: 400, body: `{"error":"bad token ${TOKEN.slice(0, 20)}…"}` };
    expect((await caught(client.command(VIN, 'open_charge_port'))).message).not.toContain(TOKEN.slice(0, 12));
    const escaped = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    reply = { status: 400, body: `{"error":"token ${escaped} refused"}` };
    const error = await caught(client.command(VIN, 'open_charge_port'));
    expect(pieces(error.message, TOKEN)).toEqual([]);
    expect(error.message).toContain('[REDACTED]');
  });
});

describe('a token the service echoes in a successful answer', () => {
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const echoes: [string, string, string][] = [
    ['as is', TOKEN, TOKEN],
    ['URL-encoded', encodeURIComponent(TOKEN), encodeURIComponent(TOKEN).slice(0, 40)],
    ['base64', base64(TOKEN), base64(TOKEN).slice(4, 40)],
    // Inside a longer base64 value, at each of the three byte alignments.
    ['base64 after 7 bytes', base64(`Bearer ${TOKEN}`), base64(`Bearer ${TOKEN}`).slice(12, 50)],
    ['base64 after 8 bytes', base64(`Bearer  ${TOKEN}`), base64(`Bearer  ${TOKEN}`).slice(12, 50)],
    ['base64 after 9 bytes', base64(`Bearer   ${TOKEN}`), base64(`Bearer   ${TOKEN}`).slice(12, 50)],
    [
      'base64url',
      base64(`x${TOKEN}`).replace(/\+/g, '-').replace(/\//g, '_'),
      base64(`x${TOKEN}`).replace(/\+/g, '-').replace(/\//g, '_').slice(4, 40),
    ],
    ['hex', Buffer.from(TOKEN).toString('hex'), Buffer.from(TOKEN).toString('hex').slice(0, 60)],
    ['a long prefix', TOKEN.slice(0, 30), TOKEN.slice(0, 30)],
  ];

  it.each(echoes)('never returns it %s in a command reason', async (_how, echo, telltale) => {
    reply = { status: 200, body: commandResult(`vehicle refused ${echo}; retry`) };
    const result = await client.command(VIN, 'close_windows');
    expect(result.reason).toContain('[REDACTED]');
    expect(result.reason).not.toContain(telltale);
  });

  it.each(echoes)('never returns it %s in release notes', async (_how, echo, telltale) => {
    reply = {
      status: 200,
      body: JSON.stringify({
        deployed_version: '2026.14.3',
        staged_version: null,
        release_notes: [
          {
            title: `Notes ${echo}`,
            subtitle: null,
            description: 'A'.repeat(300) + echo,
            customer_version: '2026.14.3',
            image_url: `https://cdn.example.com/a.png?t=${echo}`,
            light_image_url: null,
          },
        ],
      }),
    };
    const text = JSON.stringify(await client.releaseNotes(VIN));
    expect(text).not.toContain(telltale);
    expect(pieces(text, TOKEN, 8)).toEqual([]);
  });

  it('never returns it in a telemetry field name or value', async () => {
    reply = {
      status: 200,
      body: JSON.stringify({
        synced: true,
        config: {
          hostname: `${TOKEN}.example.com`,
          ca: base64(TOKEN),
          exp: 1,
          port: 443,
          fields: { [TOKEN]: { interval_seconds: 10 } },
          alert_types: [encodeURIComponent(TOKEN)],
        },
        update_available: false,
      }),
    };
    const text = JSON.stringify(await client.telemetryConfig(VIN));
    expect(pieces(text, TOKEN, 8)).toEqual([]);
    expect(text).not.toContain(base64(TOKEN).slice(0, 40));
    expect(text).not.toContain(encodeURIComponent(TOKEN).slice(0, 30));
  });
});
