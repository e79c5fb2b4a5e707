// The shared desk's gate on the window's calls: one look at main's memory per call, the stores read
// only when the active profile or its settings change; a call after a lock or a sign-out refused at
// once, and a call already let through that has not yet sent anything (here: still waiting for its
// token) sends nothing once the desk locks. The desk signs people in against the real PostgreSQL
// and the call goes to the simulator with the app's own client; the stores are counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicleApiClient, type VehicleApiClient } from '../../electron/main/api';
import { refusingAtClosedDesk } from '../../electron/main/ipc/closed-desk';
import type { Handlers } from '../../electron/main/ipc/register-handlers';
import { openShop } from '../../electron/main/shop/shop-db';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { createDesk, type DeskAdmission, type DeskControls } from '../../electron/main/workspace/shop/desk';
import { createLinkState, type ShopLinkDeps } from '../../electron/main/workspace/shop/link-state';
import type { ShopSettingsInput } from '../../electron/shared/shop';
import { createTestDatabase, type Login, type TestDatabase } from './support/pg';

const PROFILE = 'desk-gate';
let db: TestDatabase;
let ana: Login;
let sim: Simulator;
let client: VehicleApiClient;
let desk: DeskControls;
const reads = { settings: 0, activeProfile: 0 };
let settings: ShopSettingsInput;

/** The token the client waits for: handed over when the test says, as a slow keychain would. */
let tokenGate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  db = await createTestDatabase('deskgate');
  const owner = await openShop({ settings: db.owner.settings, getPassword: db.owner.getPassword });
  await owner.close();
  ana = await db.addTechnician('ana');
  const { host, port, database, user } = ana.settings;
  settings = {
    mode: 'shop',
    connection: { host: host!, port: port!, database: database!, user: user!, sslmode: 'disable' },
    technician: 'Front PC',
    machine: 'bay-desk',
    desk: { enabled: true, lockMinutes: 10 },
  };
  const state = createLinkState({
    settings: {
      get: async () => {
        reads.settings++;
        return settings;
      },
    },
    activeProfileId: async () => {
      reads.activeProfile++;
      return PROFILE;
    },
    passwords: { keyPassphrase: { get: async () => null } },
    facts: { publish: () => {} },
  } as unknown as ShopLinkDeps);
  desk = createDesk(state, {
    passwords: {
      ...{ get: async () => null, remember: async () => {}, forget: async () => {} },
      ...{ remembered: async () => [], forgetAll: async () => {} },
    },
    restart: async () => {},
    publish: () => {},
    clock: { checkMs: 3_600_000 },
  });
  sim = await startSimulator();
  client = createVehicleApiClient({
    baseUrl: sim.baseUrl,
    getToken: async () => {
      await tokenGate;
      return sim.token;
    },
    sleep: async () => {},
    retry: { maxRetries: 0 },
  });
});

afterAll(async () => {
  desk?.close();
  await client?.destroy();
  await sim?.stop();
});

/** The admission, which must be had without waiting (no store read). */
function admitNow(): DeskAdmission {
  const admission = desk.admit();
  expect(admission).not.toBeInstanceOf(Promise);
  return admission as DeskAdmission;
}

const accountReads = () => sim.requests.filter((request) => request.route === 'vehicles').length;

describe("a shared desk's gate", () => {
  it('reads the stores once, then answers every call from memory', async () => {
    // Nothing known yet: the first call learns the active profile and its setting.
    expect(await desk.admit()).toEqual({ refused: 'deskMain.closed' });
    expect(reads).toEqual({ settings: 1, activeProfile: 1 });
    for (let call = 0; call < 50; call++) expect(admitNow()).toEqual({ refused: 'deskMain.closed' });
    expect(reads).toEqual({ settings: 1, activeProfile: 1 });

    await desk.signIn(ana.settings.user!, ana.password);
    const before = { ...reads };
    for (let call = 0; call < 50; call++) expect(admitNow()).toMatchObject({ ticket: expect.anything() });
    expect(reads).toEqual(before);

    // A lock and an unlock change what the next call is told, at once; the calls read nothing (the
    // events themselves tell the window the desk's view, which reads the settings once each).
    await desk.lock();
    const locked = { ...reads };
    for (let call = 0; call < 50; call++) expect(admitNow()).toEqual({ refused: 'deskMain.locked' });
    expect(reads).toEqual(locked);
    await desk.unlock(ana.password);
    const unlocked = { ...reads };
    expect(admitNow()).toMatchObject({ ticket: expect.anything() });
    expect(reads).toEqual(unlocked);

    // Saved settings (or a profile switch) are learnt again, once.
    desk.settingsChanged(PROFILE);
    expect(await desk.admit()).toMatchObject({ ticket: expect.anything() });
    expect(admitNow()).toMatchObject({ ticket: expect.anything() });
    expect(reads).toEqual({ settings: unlocked.settings + 1, activeProfile: unlocked.activeProfile + 1 });
  });

  it('lets a call through that sends, and sends nothing for one still waiting when the desk locks', async () => {
    const handlers = refusingAtClosedDesk(
      {
        'vehicles.list': async () => ({
          ok: true,
          value: await client.accountVehicles({ onlyActive: false }),
        }),
      } as unknown as Handlers,
      desk,
    );
    const list = handlers['vehicles.list'] as unknown as () => Promise<{
      ok: boolean;
      error?: { kind: string; message: string };
    }>;
    const sent = accountReads();
    expect(await list()).toMatchObject({ ok: true });
    expect(accountReads()).toBe(sent + 1);

    /** A call let through now, whose token comes only once `meanwhile` is done; its answer. */
    async function heldWhile(meanwhile: () => Promise<unknown>) {
      let handOver!: () => void;
      tokenGate = new Promise((resolve) => (handOver = resolve));
      const held = list().catch((error: unknown) => ({
        ok: false,
        error: { kind: 'thrown', message: String(error) },
      }));
      await meanwhile();
      handOver();
      return held;
    }

    // Let through while Ana works, held before it sends (its token is slow to come) while the desk locks.
    const answer = await heldWhile(() => desk.lock());
    expect(answer).toMatchObject({ ok: false });
    expect(JSON.stringify(answer)).toContain('This desk is locked');
    expect(accountReads()).toBe(sent + 1);

    // After the lock a new call is refused before its handler runs.
    expect(await list()).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(accountReads()).toBe(sent + 1);

    // Signed out while another waits: refused too, nothing sent.
    await desk.unlock(ana.password);
    expect(await heldWhile(() => desk.signOut())).toMatchObject({ ok: false });
    expect(await list()).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', message: expect.stringContaining('Nobody is signed in') },
    });
    expect(accountReads()).toBe(sent + 1);
  });
});
