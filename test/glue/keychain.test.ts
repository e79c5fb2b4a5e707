// The shipped bundle's token path end to end: window.garage → IPC → the token vault → keytar (the
// real Secret Service in CI), under the stand-in's per-folder keychain service, never the installed
// app's, and never back across IPC.
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootGlueApp, type GlueApp } from './glue-app';

type Envelope<T> = { ok: true; value: T } | { ok: false; error: { kind: string } };
type Profile = { id: string; hasToken: boolean };
type GarageWindow = {
  garage: {
    profiles: {
      create(input: { name: string; baseUrl: string }): Promise<Envelope<Profile>>;
      setToken(id: string, token: string): Promise<Envelope<Profile>>;
      clearToken(id: string): Promise<Envelope<Profile>>;
    };
  };
};

describe('the token in the keychain, from the shipped bundle', () => {
  let app: GlueApp;
  beforeAll(async () => {
    app = await bootGlueApp();
  });
  afterAll(async () => {
    await app?.quit();
  });

  it('stores and clears a profile token under the per-folder service; answers say only whether one is stored', async () => {
    const token = `glue-${Date.now()}-secret-token-value`;
    const shippedBefore = await keytar.findCredentials('Vehicle Garage');
    const answers = await app.page.evaluate(async (secret) => {
      const { garage } = window as unknown as GarageWindow;
      const created = await garage.profiles.create({
        name: 'Workshop',
        baseUrl: 'https://fleet.example.com',
      });
      if (!created.ok) return { created };
      const set = await garage.profiles.setToken(created.value.id, secret);
      return { created, set };
    }, token);
    expect(answers.created.ok).toBe(true);
    expect(answers.set).toMatchObject({ ok: true, value: { hasToken: true } });
    expect(JSON.stringify(answers)).not.toContain(token);
    const id = (answers.created as { value: Profile }).value.id;

    expect(await keytar.getPassword(app.keychainService, id)).toBe(token);
    expect(await keytar.findCredentials('Vehicle Garage')).toEqual(shippedBefore);

    const cleared = await app.page.evaluate(
      (profileId) => (window as unknown as GarageWindow).garage.profiles.clearToken(profileId),
      id,
    );
    expect(cleared).toMatchObject({ ok: true, value: { hasToken: false } });
    expect(await keytar.getPassword(app.keychainService, id)).toBeNull();
  });
});
