// Diagnostics count the service's refusals: 400, 401 and 408 answers in a session are recent errors.
import { describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../../../electron/main/ipc/register-handlers';
import { createDiagnostics, keychainBackendFor } from '../../../electron/main/logging/diagnostics';
import { countsAsRecentError, recordErrorAnswer } from '../../../electron/main/logging/error-answers';
import { createRecentErrors } from '../../../electron/main/logging/recent-errors';
import { AppError, err } from '../../../electron/shared/result';

const at = new Date('2026-05-04T10:00:00.000Z');
const origin = 'app://garage';
const event = { senderFrame: { url: `${origin}/index.html`, parent: null } };

describe('failed answers as recent errors', () => {
  it('counts 400, 401 and 408 answers, returned or thrown, in the diagnostics text', async () => {
    const recentErrors = createRecentErrors({ now: () => at });
    const answers = [
      err('rejected', 'The service rejected “Set charging amps” (400).', { status: 400 }),
      err('unauthorized', 'The service refused the access token (401).', { status: 401 }),
    ];
    let call = 0;
    const handlers = {
      'vehicles.list': async () => {
        if (call === 2)
          throw new AppError('vehicle_offline', 'The vehicle is offline (408).', { status: 408 });
        return answers[call++]!;
      },
    } as unknown as Handlers;
    const options = {
      trustedOrigins: [origin],
      onErrorAnswer: (op: string, info: Parameters<typeof recordErrorAnswer>[2]) =>
        recordErrorAnswer(recentErrors, op, info),
    };
    const handle = dispatch('vehicles.list', handlers, options);
    for (let i = 0; i < 3; i++) {
      if (i === 2) call = 2;
      expect((await handle(event)).ok).toBe(false);
    }
    const diagnostics = createDiagnostics({
      runtime: {
        name: 'Vehicle Garage',
        version: '1.2.3',
        platform: 'linux',
        arch: 'x64',
        osRelease: '6',
        versions: {},
      },
      keychainBackend: keychainBackendFor('linux'),
      dataDir: '/tmp/garage',
      logFile: null,
      updateFeedConfigured: false,
      activeProfile: async () => null,
      recentErrors,
      now: () => at,
    });
    const text = await diagnostics.text();
    expect(text).toContain('Recent errors (3):');
    expect(text).toContain('vehicles.list: 400 rejected');
    expect(text).toContain('vehicles.list: 401 unauthorized');
    expect(text).toContain('vehicles.list: 408 vehicle_offline');
  });

  it('leaves out what the technician fixes by typing, and a busy vehicle', () => {
    expect(countsAsRecentError({ kind: 'invalid_input', message: 'x' })).toBe(false);
    expect(countsAsRecentError({ kind: 'busy', message: 'x' })).toBe(false);
    expect(countsAsRecentError({ kind: 'network', message: 'x' })).toBe(true);
    expect(countsAsRecentError({ kind: 'keychain_unavailable', message: 'x' })).toBe(true);
  });
});
