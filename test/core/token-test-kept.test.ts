// A profile's last token test is kept by main with the profile, through the real IPC handlers, the
// real keychain and a simulator as the profile's service: a refused token is remembered as refused
// (401) until the token changes, an accepted one with the account's vehicle count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

let h: CoreHarness;
let service: Simulator;

beforeAll(async () => {
  h = await startCoreHarness();
  service = await startSimulator({ seed: 3, vehicles: 4, flakiness: false });
});
afterAll(async () => {
  await h.close();
  await service.stop();
});

async function profile(id: string) {
  const list = await h.garage.profiles.list();
  if (!list.ok) throw new Error(list.error.message);
  return list.value.find((p) => p.id === id)!;
}

describe('last token test per profile', () => {
  it('keeps a refused test, forgets it when the token changes, and keeps an accepted one', async () => {
    const created = await h.garage.profiles.create({ name: 'Tested', baseUrl: service.baseUrl });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.id;
    expect(created.value.lastTest).toBeNull();

    await h.garage.profiles.setToken(id, 'not-the-token');
    const refused = await h.garage.profiles.testConnection(id);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
    expect((await profile(id)).lastTest).toMatchObject({
      ok: false,
      error: { kind: 'unauthorized', status: 401 },
    });

    // A new token is untested: the refusal was of the one it replaced.
    const replaced = await h.garage.profiles.setToken(id, service.token);
    expect(replaced).toMatchObject({ ok: true, value: { lastTest: null } });
    expect((await profile(id)).lastTest).toBeNull();

    expect(await h.garage.profiles.testConnection(id)).toMatchObject({ ok: true, value: { vehicles: 4 } });
    expect((await profile(id)).lastTest).toMatchObject({ ok: true, vehicles: 4 });
    // The token never comes back with the kept test.
    expect(JSON.stringify(await profile(id))).not.toContain(service.token);
  });
});
