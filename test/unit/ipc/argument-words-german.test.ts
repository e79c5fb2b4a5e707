// The IPC edge refuses a bad argument in main's language: zod's own checks (a wrong type, a string
// too long, an unknown key, a value not among the options) and the schemas' own messages read in
// German when main speaks German, and in English, word for word as zod says them, otherwise.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { speak } from '../../../electron/main/i18n/main-words';
import { registerIpcHandlers, type Handlers } from '../../../electron/main/ipc/register-handlers';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { channelOf, OPERATION_NAMES } from '../../../electron/shared/ipc/operations';
import { ok } from '../../../electron/shared/result';
import { IpcBridge } from '../../support/ipc-bridge';

const ORIGIN = 'app://garage';
const mainFrame = { senderFrame: { url: `${ORIGIN}/index.html`, parent: null } };

function edge() {
  const handlers = Object.fromEntries(
    OPERATION_NAMES.map((op) => [op, async (...args: unknown[]) => ok(args)]),
  ) as unknown as Handlers;
  const ipc = new IpcBridge();
  registerIpcHandlers(ipc, handlers, { trustedOrigins: [ORIGIN] });
  return async (operation: (typeof OPERATION_NAMES)[number], args: unknown[]) => {
    const result = (await ipc.invoke(mainFrame, channelOf(operation), args)) as {
      ok: boolean;
      error?: { kind: string; message: string };
    };
    expect(result.ok, operation).toBe(false);
    expect(result.error?.kind).toBe('invalid_input');
    return result.error!.message;
  };
}

describe('the IPC edge’s refusal of an argument', () => {
  beforeAll(() => loadCatalog('de'));
  afterEach(() => speak({ language: 'en', formatLocale: undefined }));

  it('is said in English, word for word as zod says it, by default', async () => {
    const refuse = edge();
    expect(await refuse('vehicles.remove', [42])).toBe(
      'Invalid input: expected string, received number (argument 0)',
    );
    expect(await refuse('jobs.addNote', ['job-1', '   '])).toBe('The note is empty (argument 1)');
  });

  it('is said in German when main speaks German', async () => {
    speak({ language: 'de', formatLocale: 'de-DE' });
    const refuse = edge();
    expect(await refuse('vehicles.remove', [42])).toBe(
      'Ungültige Eingabe: erwartet Text, erhalten Zahl (Argument 0)',
    );
    expect(await refuse('jobs.addNote', ['job-1', '   '])).toBe('Die Notiz ist leer (Argument 1)');
    expect(await refuse('vehicles.remove', ['5YJ3E1EA7KF31700'])).toBe(
      'Die FIN hat 16 Zeichen; sie braucht 17 (Argument 0)',
    );
  });
});
