// A service that quotes the bearer token back in a command's reason, in any spelling and cut short,
// with a token that uses the whole bearer-token alphabet (`+`, `/`, `~`, `=`): nothing of it reaches
// the IPC answer, the audit log or any file under the data folder.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { sendCommand } from '../support/send-command';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

// 67 characters, `+` and `/` early (the shape that once leaked 45 characters), `~` and `=` too.
const TOKEN = `vgABCDEFGHJKLMNPQRSTUV+${randomBytes(18).toString('base64').replace(/=+$/, '')}/x~y.z-${'='.repeat(2)}`;
const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');

const SPELLINGS: [string, string][] = [
  ['as is', TOKEN],
  ['URL-encoded', encodeURIComponent(TOKEN)],
  ['URL-encoded, lower-case hex', encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())],
  ['form-encoded', new URLSearchParams({ t: TOKEN }).toString().slice(2)],
  ['JSON-escaped slashes', TOKEN.replace(/\//g, '\\/')],
  ['JSON \\u escapes', [...TOKEN].map((c) => `\\u00${hex(c)}`).join('')],
  ['base64', Buffer.from(TOKEN).toString('base64')],
  ['base64url', Buffer.from(`x${TOKEN}`).toString('base64url')],
  ['hex', Buffer.from(TOKEN).toString('hex')],
  ['cut after the +', TOKEN.slice(0, 40)],
  ['URL-encoded, cut', encodeURIComponent(TOKEN).slice(0, 50)],
];

let service: Simulator;
let h: CoreHarness;

beforeAll(async () => {
  service = await startSimulator({ token: TOKEN, vehicles: 2, wakeDelayMs: 5, completionDelayMs: 5 });
  h = await startCoreHarness({ client: { sleep: async () => {} } });
});
afterAll(async () => {
  await h.close();
  await service.stop();
});

/** Every run of `n` characters of `spelled` found in `text`. */
function pieces(text: string, spelled: string, n = 8): string[] {
  const found: string[] = [];
  for (let i = 0; i + n <= spelled.length; i++) {
    if (text.includes(spelled.slice(i, i + n))) found.push(spelled.slice(i, i + n));
  }
  return found;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('a token the service echoes in a command reason', () => {
  it('is masked in every spelling in the answer, the audit log and every file', async () => {
    const g = h.garage;
    const created = await g.profiles.create({ name: 'Echo', baseUrl: service.baseUrl });
    if (!created.ok) throw new Error(created.error.message);
    expect(await g.profiles.setToken(created.value.id, TOKEN)).toMatchObject({ ok: true });
    await g.profiles.activate(created.value.id);
    const vin = service.vins[0]!;
    await g.vehicles.add({ vin });

    for (const [how, spelled] of SPELLINGS) {
      const remove = service.injectFault({
        fault: 'refused',
        route: 'command',
        reason: `Refused: ${spelled}…`,
      });
      const answer = await sendCommand(h, vin, 'close_windows');
      remove();
      // The service did refuse with the echo: the checks below would see it if it leaked.
      expect(answer, how).toMatchObject({ ok: true, value: { result: false } });
      const reason = answer.ok ? String(answer.value.reason) : '';
      expect(reason, how).toContain('[REDACTED]');
      expect(pieces(reason, spelled), how).toEqual([]);
    }

    const audit = await g.audit.list({ vin, limit: 100 });
    expect(audit.ok && audit.value.length).toBeGreaterThanOrEqual(SPELLINGS.length);
    const answers = JSON.stringify(h.responses);
    await h.core.dispose(); // let every write land before the files are searched
    const files = await filesUnder(h.dataDir);
    expect(files.some((f) => f.endsWith('.jsonl'))).toBe(true);
    const texts = await Promise.all(files.map(async (f) => [f, await readFile(f, 'utf8')] as const));
    expect(texts.some(([, text]) => text.includes('Refused: [REDACTED]'))).toBe(true);
    for (const [how, spelled] of SPELLINGS) {
      expect(pieces(answers, spelled), `IPC answers, ${how}`).toEqual([]);
      for (const [file, text] of texts) expect(pieces(text, spelled), `${file}, ${how}`).toEqual([]);
    }
  });
});
