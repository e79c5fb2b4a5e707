// Error mapping, retry policy, limiter, in-flight guard, capped body reading and image rules.
import { describe, expect, it } from 'vitest';

import {
  errorFromStatus,
  errorFromTransport,
  redactSecret,
  retryAfterSeconds,
  sanitizeText,
  serverErrorText,
  type ErrorContext,
} from '../../electron/main/api/errors';
import {
  allowedImageType,
  checkImageBody,
  validateImageUrl,
} from '../../electron/main/api/images/image-checks';
import { InFlightGuard } from '../../electron/main/api/in-flight';
import { ConcurrencyLimiter } from '../../electron/main/api/limiter';
import { readBodyCapped } from '../../electron/main/api/read-body';
import { backoffMs, retryDecision, withRetry } from '../../electron/main/api/retry';
import { AppError } from '../../electron/shared/result';

const read: ErrorContext = {
  route: 'fleet_telemetry_config',
  requestClass: 'read',
  label: 'api.doing.readTelemetry',
  vin: '5YJ3E1EA7KF317000',
};
const cmd: ErrorContext = {
  route: 'command',
  requestClass: 'command',
  label: 'api.doing.command',
  vin: '5YJ3E1EA7KF317000',
  commandName: 'set_charge_limit',
};

describe('errorFromStatus', () => {
  it('maps statuses to kinds, always with the status', () => {
    const cases: [number, string][] = [
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [408, 'vehicle_offline'],
      [429, 'rate_limited'],
      [400, 'rejected'],
      [422, 'rejected'],
      [500, 'server_error'],
      [502, 'server_error'],
      [302, 'bad_response'],
    ];
    for (const [status, kind] of cases) {
      const e = errorFromStatus(status, {}, '', read);
      expect(e.kind, String(status)).toBe(kind);
      expect(e.info.status).toBe(status);
    }
    expect(errorFromStatus(401, {}, '', read).message).toBe(
      'The service rejected the API token (401). Check or replace the token in Settings.',
    );
    expect(errorFromStatus(408, {}, '', cmd).message).toContain(
      'The vehicle is offline or asleep and could not be woken',
    );
  });

  it('includes a sanitised, capped server error text for other 4xx, never HTML', () => {
    const e = errorFromStatus(
      400,
      {},
      JSON.stringify({ error: 'percent\u0000 out\nof range ' + 'x'.repeat(500) }),
      cmd,
    );
    expect(e.message).toContain('percent out of range');
    expect(e.message).not.toContain('\u0000');
    expect(e.message.length).toBeLessThan(400);
    const html = errorFromStatus(502, {}, '<html><body><h1>502 Bad Gateway</h1></body></html>', read);
    expect(html.kind).toBe('server_error');
    expect(html.message).not.toContain('<');
  });

  it('reads Retry-After seconds, HTTP-date, then RateLimit-Reset', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds({ 'retry-after': '7' }, now)).toBe(7);
    expect(retryAfterSeconds({ 'retry-after': 'Thu, 01 Jan 2026 00:00:12 GMT' }, now)).toBe(12);
    expect(retryAfterSeconds({ 'ratelimit-reset': '3' }, now)).toBe(3);
    expect(retryAfterSeconds({ 'ratelimit-reset': String(now / 1000 + 5) }, now)).toBe(5);
    expect(retryAfterSeconds({}, now)).toBeUndefined();
    expect(retryAfterSeconds({ 'retry-after': 'soon' }, now)).toBeUndefined();
    const e = errorFromStatus(429, { 'retry-after': '9' }, '', read, now);
    expect(e.info.retryAfterSeconds).toBe(9);
  });

  it('server text helpers', () => {
    expect(serverErrorText('{"error":"Invalid access token"}')).toBe('Invalid access token');
    expect(serverErrorText('<html>')).toBeNull();
    expect(serverErrorText('{"error": 5}')).toBeNull();
    expect(sanitizeText('a\u202eb\r\nc', 10)).toBe('a b c');
    expect(sanitizeText('x'.repeat(50), 10)).toHaveLength(10);
  });
});

describe('errorFromTransport', () => {
  it('maps socket errors to network, with the uncertainty note for commands', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(errorFromTransport(refused, read, 1000).kind).toBe('network');
    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    const e = errorFromTransport(reset, cmd, 1000);
    expect(e.kind).toBe('network');
    expect(e.message).toContain('may or may not have reached the vehicle');
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' });
    expect(errorFromTransport(dns, read, 1000).kind).toBe('network');
    const headers = Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(errorFromTransport(headers, read, 1000).kind).toBe('timeout');
    expect(errorFromTransport(new Error('weird'), read, 1000).kind).toBe('internal');
  });

  it('redactSecret removes the token from a message', () => {
    const e = redactSecret(
      new AppError('rejected', 'bad token tok_secret_123 here', { status: 400 }),
      'tok_secret_123',
    );
    expect(e.message).toBe('bad token [REDACTED] here');
    expect(e.info.status).toBe(400);
  });
});

describe('retry policy', () => {
  const policy = { maxRetries: 2, baseDelayMs: 250, maxRetryAfterSeconds: 30, random: () => 0.5 };

  it('retries network, server_error and rate_limited at most twice', () => {
    for (const kind of ['network', 'server_error', 'rate_limited'] as const) {
      const e = new AppError(kind, 'x');
      expect(retryDecision(e, 0, policy).retry).toBe(true);
      expect(retryDecision(e, 1, policy).retry).toBe(true);
      expect(retryDecision(e, 2, policy).retry).toBe(false);
    }
    for (const kind of ['unauthorized', 'timeout', 'bad_response', 'not_found', 'rejected'] as const) {
      expect(retryDecision(new AppError(kind, 'x'), 0, policy).retry).toBe(false);
    }
  });

  it('backs off exponentially with jitter and honours Retry-After up to the limit', () => {
    expect(backoffMs(0, policy)).toBe(250);
    expect(backoffMs(1, policy)).toBe(500);
    expect(backoffMs(1, { ...policy, random: () => 0 })).toBe(375);
    expect(retryDecision(new AppError('rate_limited', 'x', { retryAfterSeconds: 4 }), 0, policy)).toEqual({
      retry: true,
      delayMs: 4000,
    });
    expect(retryDecision(new AppError('rate_limited', 'x', { retryAfterSeconds: 31 }), 0, policy).retry).toBe(
      false,
    );
  });

  it('withRetry sleeps between attempts and gives up with the last error', async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new AppError('server_error', 'x', { status: 500 });
        },
        policy,
        async (ms) => {
          waits.push(ms);
        },
      ),
    ).rejects.toMatchObject({ kind: 'server_error' });
    expect(calls).toBe(3);
    expect(waits).toEqual([250, 500]);
  });
});

describe('ConcurrencyLimiter', () => {
  it('never exceeds the cap and runs queued tasks FIFO', async () => {
    const limiter = new ConcurrencyLimiter(3);
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const tasks = Array.from({ length: 8 }, (_, i) =>
      limiter.run(
        () =>
          new Promise<void>((resolve) => {
            order.push(i);
            gates.push(resolve);
          }),
      ),
    );
    await Promise.resolve();
    expect(limiter.inFlight).toBe(3);
    expect(limiter.queued).toBe(5);
    while (gates.length > 0) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
      expect(limiter.inFlight).toBeLessThanOrEqual(3);
    }
    await Promise.all(tasks);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(limiter.maxObservedInFlight).toBe(3);
    expect(limiter.stats).toEqual({ inFlight: 0, queued: 0, maxObservedInFlight: 3 });
  });

  it('releases the slot when a task fails and can reject the queue', async () => {
    const limiter = new ConcurrencyLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limiter.inFlight).toBe(0);
    let release!: () => void;
    const running = limiter.run(() => new Promise<void>((r) => (release = r)));
    const queued = limiter.run(() => Promise.resolve('never'));
    limiter.rejectQueued(new Error('closed'));
    await expect(queued).rejects.toThrow('closed');
    release();
    await running;
  });
});

describe('InFlightGuard', () => {
  it('refuses a second entry until released', () => {
    const g = new InFlightGuard();
    const release = g.tryEnter('a');
    expect(release).not.toBeNull();
    expect(g.tryEnter('a')).toBeNull();
    expect(g.tryEnter('b')).not.toBeNull();
    release?.();
    release?.();
    expect(g.tryEnter('a')).not.toBeNull();
  });
});

describe('readBodyCapped', () => {
  async function* chunks(n: number, size: number): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < n; i++) yield new Uint8Array(size).fill(65);
  }

  it('reads a body under the cap', async () => {
    const bytes = await readBodyCapped(chunks(3, 10), { maxBytes: 30 });
    expect(bytes.byteLength).toBe(30);
  });

  it('stops past the cap, destroys the stream and fails with bad_response', async () => {
    let destroyed = false;
    let produced = 0;
    const body = Object.assign(
      (async function* () {
        for (;;) {
          produced++;
          yield new Uint8Array(1024);
        }
      })(),
      { destroy: () => (destroyed = true) },
    );
    await expect(readBodyCapped(body, { maxBytes: 4096 })).rejects.toMatchObject({ kind: 'bad_response' });
    expect(destroyed).toBe(true);
    expect(produced).toBeLessThan(10);
  });

  it('refuses an announced oversize body before reading and says 5 MiB', async () => {
    const err = await readBodyCapped(chunks(1, 1), { contentLength: String(6 * 1024 * 1024) }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect(err.message).toContain('response larger than 5 MiB');
  });

  it('without throwOnOverflow returns the first bytes (error bodies)', async () => {
    const bytes = await readBodyCapped(chunks(5, 10), { maxBytes: 25, throwOnOverflow: false });
    expect(bytes.byteLength).toBe(25);
  });
});

describe('image rules', () => {
  const local = { allowLocal: true };
  const remote = { allowLocal: false };

  it('allows https, and http only to this machine when the service itself is local', () => {
    expect(validateImageUrl('https://cdn.example.com/a.png', remote).hostname).toBe('cdn.example.com');
    expect(validateImageUrl('http://127.0.0.1:8080/a.png', local).port).toBe('8080');
    expect(validateImageUrl('http://localhost/a.png', local).hostname).toBe('localhost');
    expect(validateImageUrl('http://[::1]/a.png', local).hostname).toBe('[::1]');
    for (const bad of [
      'http://example.com/a.png',
      'file:///etc/passwd',
      'data:image/png;base64,AA',
      'ftp://x/a',
      '',
      'https://u:p@x/a.png',
    ]) {
      expect(() => validateImageUrl(bad, local), bad).toThrow(AppError);
    }
  });

  it('refuses this machine and the local network for a remote service (no SSRF through notes)', () => {
    for (const bad of [
      'http://127.0.0.1:8080/admin/reboot',
      'https://127.0.0.1/a.png',
      'https://localhost/a.png',
      'https://[::1]/a.png',
      'https://10.1.2.3/a.png',
      'https://172.20.0.1/a.png',
      'https://192.168.1.1/a.png',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/a.png',
      'https://0.0.0.0/a.png',
      'https://[::ffff:127.0.0.1]/a.png',
      'https://[fd00::1]/a.png',
      'https://[fe80::1]/a.png',
    ]) {
      expect(() => validateImageUrl(bad, remote), bad).toThrow(AppError);
    }
    expect(validateImageUrl('https://8.8.8.8/a.png', remote).hostname).toBe('8.8.8.8');
  });

  it('accepts only the listed image types and checks the bytes', () => {
    expect(allowedImageType('image/PNG; charset=binary')).toBe('image/png');
    expect(allowedImageType('image/svg+xml')).toBe('image/svg+xml');
    expect(allowedImageType('text/html')).toBeNull();
    expect(allowedImageType('image/bmp')).toBeNull();
    expect(allowedImageType(undefined)).toBeNull();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(checkImageBody('image/png', png, 200)).toBe('image/png');
    expect(checkImageBody('image/jpeg', png, 200)).toBe('image/png');
    expect(() => checkImageBody('image/png', new TextEncoder().encode('<html>'), 200)).toThrow(AppError);
    expect(
      checkImageBody(
        'image/svg+xml',
        new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="x"></svg>'),
        200,
      ),
    ).toBe('image/svg+xml');
    expect(() => checkImageBody('image/svg+xml', new TextEncoder().encode('<html></html>'), 200)).toThrow(
      AppError,
    );
  });
});
