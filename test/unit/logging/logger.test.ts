// The logger as configured for the app, run under Node (electron-log/node shares the main
// logger's transports and hooks): a token logged in any shape never reaches the file, the file
// rotates, and error-level lines land, redacted, in the recent-errors buffer.
import log from 'electron-log/node';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureLogger } from '../../../electron/main/logging/configure-logger';
import { createRecentErrors } from '../../../electron/main/logging/recent-errors';
import { registerSecret, knownSecrets } from '../../../electron/main/logging/redact';

const TOKEN = 'vg_live_logger_7c6b5a4d3e2f';
const OPAQUE = 'opaque!registered#value';

describe('configured logger', () => {
  let dir: string;
  let logger: ReturnType<typeof log.create>;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'garage-log-'));
    logger = log.create({ logId: `test-${Math.random()}` });
    logger.transports.file.resolvePathFn = () => path.join(dir, 'main.log');
  });
  afterEach(async () => {
    knownSecrets.unregister(OPAQUE);
    await rm(dir, { recursive: true, force: true });
  });

  it('writes no token to the file, whatever the shape', async () => {
    const recentErrors = createRecentErrors();
    const { filePath } = configureLogger(logger, { recentErrors, consoleLevel: false });
    expect(filePath).toBe(path.join(dir, 'main.log'));
    registerSecret(OPAQUE);

    logger.info(`GET https://fleet.example.com/api?access_token=${TOKEN}`);
    logger.info('request', { headers: { Authorization: `Bearer ${TOKEN}` }, vin: '5YJ3' });
    logger.warn(`{"accessToken":"${TOKEN}"}`);
    logger.info('vault stored', OPAQUE);
    logger.error('IPC profiles.setToken failed', new Error(`keychain refused Bearer ${TOKEN}`));

    const text = await readFile(path.join(dir, 'main.log'), 'utf8');
    expect(text).toContain('access_token=[REDACTED]');
    expect(text).toContain('5YJ3');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(OPAQUE);

    const errors = recentErrors.list();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain(
      'IPC profiles.setToken failed: Error: keychain refused Bearer [REDACTED]',
    );
  });

  it('rotates the file past its size limit', async () => {
    configureLogger(logger, { recentErrors: createRecentErrors(), maxSizeBytes: 2_000, consoleLevel: false });
    for (let i = 0; i < 60; i += 1) logger.info(`line ${i} ${'x'.repeat(60)}`);
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(['main.log', 'main.old.log']);
    expect((await readFile(path.join(dir, 'main.log'))).length).toBeLessThanOrEqual(2_000);
  });
});
