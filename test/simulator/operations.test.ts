// Every operation's success shape, validated with the client's own zod schemas, and its effect on state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES, COMMANDS } from '../../electron/shared/commands';
import {
  SOFTWARE_VERSION_RE,
  commandResultSchema,
  releaseNotesSchema,
  telemetryConfigSchema,
} from '../../electron/shared/wire';
import { startSimulator, type Simulator } from '../../electron/main/simulator/index';
import { FAST, call, findVin, readyVin } from './client';

let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ ...FAST, seed: 7 });
});
afterAll(() => sim.stop());

describe('GET /{vin}/fleet_telemetry_config', () => {
  it('answers the telemetry configuration of every vehicle', async () => {
    for (const vin of sim.vins) {
      const r = await call(sim, 'GET', `/${vin}/fleet_telemetry_config`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      const config = telemetryConfigSchema.parse(r.json);
      expect(config).toEqual(sim.vehicleState(vin).telemetry);
    }
  });

  it('has synced vehicles, one with an update available and one expiring within a week', () => {
    const configs = sim.vins.map((v) => sim.vehicleState(v).telemetry);
    const now = Date.now() / 1000;
    expect(configs.some((c) => c.synced && !c.update_available)).toBe(true);
    expect(configs.some((c) => c.update_available)).toBe(true);
    expect(configs.filter((c) => c.config.exp - now < 7 * 86400)).toHaveLength(1);
    expect(configs.every((c) => c.config.alert_types.includes('service'))).toBe(true);
    expect(configs.every((c) => c.config.ca.startsWith('-----BEGIN CERTIFICATE-----'))).toBe(true);
  });
});

describe('POST /{vin}/drives/set_tag', () => {
  it('tags the listed drives and only those', async () => {
    const vin = sim.vins[1] as string;
    const drives = sim.vehicleState(vin).drives;
    const [a, b, c] = drives;
    expect(c).toBeDefined();
    const r = await call(sim, 'POST', `/${vin}/drives/set_tag`, {
      body: { drives: `${a?.id},${b?.id}`, tag: 'Business' },
    });
    expect(r.status).toBe(200);
    expect(commandResultSchema.parse(r.json)).toEqual({ result: true });
    const after = sim.vehicleState(vin).drives;
    expect(after.find((d) => d.id === a?.id)?.tag).toBe('Business');
    expect(after.find((d) => d.id === b?.id)?.tag).toBe('Business');
    expect(after.find((d) => d.id === c?.id)?.tag).toBe(c?.tag);
  });

  it('accepts a single id with spaces around it', async () => {
    const vin = sim.vins[2] as string;
    const id = sim.vehicleState(vin).drives[0]?.id;
    const r = await call(sim, 'POST', `/${vin}/drives/set_tag`, {
      body: { drives: ` ${id} `, tag: 'Personal' },
    });
    expect(r.json).toEqual({ result: true });
    expect(sim.vehicleState(vin).drives[0]?.tag).toBe('Personal');
  });
});

describe('POST /{vin}/plate', () => {
  it('sets the plate as sent and clears it with null', async () => {
    const vin = sim.vins[3] as string;
    let r = await call(sim, 'POST', `/${vin}/plate`, { body: { plate: 'Ab-12 3' } });
    expect(r.status).toBe(200);
    expect(commandResultSchema.parse(r.json)).toEqual({ result: true });
    expect(sim.vehicleState(vin).plate).toBe('Ab-12 3');
    r = await call(sim, 'POST', `/${vin}/plate`, { body: { plate: null } });
    expect(r.json).toEqual({ result: true });
    expect(sim.vehicleState(vin).plate).toBeNull();
  });

  it('accepts the JSON content type with a charset', async () => {
    const vin = sim.vins[3] as string;
    const r = await call(sim, 'POST', `/${vin}/plate`, {
      body: { plate: 'XYZ1234' },
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(r.status).toBe(200);
    expect(sim.vehicleState(vin).plate).toBe('XYZ1234');
  });
});

describe('GET /{vin}/release_notes/{version}', () => {
  const staged = () => findVin(sim, (v) => v.stagedVersion !== null);
  const unstaged = () => findVin(sim, (v) => v.stagedVersion === null);

  it('empty version: the deployed version in English by default', async () => {
    const vin = staged();
    const state = sim.vehicleState(vin);
    const r = await call(sim, 'GET', `/${vin}/release_notes/`);
    expect(r.status).toBe(200);
    const notes = releaseNotesSchema.parse(r.json);
    expect(notes.deployed_version).toBe(state.deployedVersion);
    expect(notes.staged_version).toBe(state.stagedVersion);
    expect(notes.deployed_version).toMatch(SOFTWARE_VERSION_RE);
    expect(notes.release_notes.length).toBeGreaterThan(0);
    expect(notes.release_notes.every((n) => n.customer_version === state.deployedVersion)).toBe(true);
    expect(notes.release_notes.every((n) => n.title.length > 0 && n.description.length > 20)).toBe(true);
  });

  it('staged=true: the staged version', async () => {
    const vin = staged();
    const state = sim.vehicleState(vin);
    const r = await call(sim, 'GET', `/${vin}/release_notes/?staged=true`);
    const notes = releaseNotesSchema.parse(r.json);
    expect(notes.release_notes.length).toBeGreaterThan(0);
    expect(notes.release_notes.every((n) => n.customer_version === state.stagedVersion)).toBe(true);
  });

  it('staged=true with nothing staged: 200, staged_version null, no notes', async () => {
    const vin = unstaged();
    const r = await call(sim, 'GET', `/${vin}/release_notes/?staged=true`);
    expect(r.status).toBe(200);
    expect(releaseNotesSchema.parse(r.json)).toMatchObject({ staged_version: null, release_notes: [] });
  });

  it('serves a named version and the same path without the trailing slash', async () => {
    const vin = sim.vins[0] as string;
    const named = releaseNotesSchema.parse((await call(sim, 'GET', `/${vin}/release_notes/2026.14.3`)).json);
    expect(named.release_notes.map((n) => n.customer_version)).toEqual([
      '2026.14.3',
      '2026.14.3',
      '2026.14.3',
    ]);
    expect(named.release_notes[0]?.title).toBe('Scheduled Departure');
    const bare = releaseNotesSchema.parse((await call(sim, 'GET', `/${vin}/release_notes`)).json);
    expect(bare.release_notes[0]?.customer_version).toBe(sim.vehicleState(vin).deployedVersion);
  });

  it('speaks German and French, and falls back to English', async () => {
    const vin = sim.vins[0] as string;
    const get = async (lang: string) =>
      releaseNotesSchema.parse(
        (await call(sim, 'GET', `/${vin}/release_notes/2026.14.3?language=${lang}`)).json,
      ).release_notes[0]?.title;
    expect(await get('de')).toBe('Geplante Abfahrt');
    expect(await get('fr')).toBe('Départ programmé');
    expect(await get('de-AT')).toBe('Geplante Abfahrt');
    expect(await get('xx')).toBe('Scheduled Departure');
    expect(await get('')).toBe('Scheduled Departure');
  });

  it('image URLs are absolute, dark and light, and load as SVG without a token', async () => {
    const vin = sim.vins[0] as string;
    const notes = releaseNotesSchema.parse((await call(sim, 'GET', `/${vin}/release_notes/2026.14.3`)).json);
    const withImage = notes.release_notes.filter((n) => n.image_url !== null);
    expect(withImage.length).toBeGreaterThan(0);
    expect(notes.release_notes.some((n) => n.image_url === null && n.light_image_url === null)).toBe(true);
    for (const note of withImage) {
      expect(note.image_url).toMatch(
        new RegExp(`^${sim.baseUrl}/_assets/release-notes/[a-z0-9-]+-dark\\.svg$`),
      );
      expect(note.light_image_url).toBe(note.image_url?.replace('-dark.svg', '-light.svg'));
      for (const url of [note.image_url, note.light_image_url] as string[]) {
        const res = await fetch(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/svg+xml');
        expect(await res.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      }
    }
    const dark = await (await fetch(withImage[0]?.image_url as string)).text();
    const light = await (await fetch(withImage[0]?.light_image_url as string)).text();
    expect(dark).not.toBe(light);
  });

  it('unknown asset paths are 404 JSON', async () => {
    const r = await call(sim, 'GET', '/_assets/release-notes/nothing-dark.svg', { token: null });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ error: expect.any(String) });
  });
});

describe('POST /{vin}/command/<name>', () => {
  const values: Record<string, string> = { temperature: '21.5', amps: '16', percent: '80', mph: '70' };

  it.each(COMMAND_NAMES.filter((n) => n !== 'close_windows'))('%s answers {"result": true}', async (name) => {
    const vin = readyVin(sim);
    const param = COMMANDS[name].param;
    const qs = param ? `?${param.name}=${values[param.name]}` : '';
    const r = await call(sim, 'POST', `/${vin}/command/${name}${qs}`);
    expect(r.status).toBe(200);
    expect(commandResultSchema.parse(r.json)).toEqual({ result: true });
  });

  it('changes state coherently', async () => {
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { lowPower: false, valet: false, chargePort: 'closed' });
    const post = (path: string) => call(sim, 'POST', `/${vin}/command/${path}`);
    await post('set_temperatures?temperature=26.5');
    await post('set_charging_amps?amps=12');
    await post('set_charge_limit?percent=65');
    await post('set_speed_limit?mph=95&wait_for_completion=true&max_attempts=1');
    await post('enable_low_power_mode');
    await post('enable_valet');
    expect(sim.vehicleState(vin)).toMatchObject({
      cabinTemperatureC: 26.5,
      chargingAmps: 12,
      chargeLimitPercent: 65,
      speedLimitMph: 95,
      lowPower: true,
      valet: true,
    });
  });

  it('open_charge_port opens a closed port, then unlocks the open one', async () => {
    const vin = readyVin(sim);
    sim.setVehicleState(vin, { chargePort: 'closed' });
    await call(sim, 'POST', `/${vin}/command/open_charge_port`);
    expect(sim.vehicleState(vin).chargePort).toBe('open');
    await call(sim, 'POST', `/${vin}/command/open_charge_port`);
    expect(sim.vehicleState(vin).chargePort).toBe('unlocked');
    const r = await call(sim, 'POST', `/${vin}/command/open_charge_port`);
    expect(r.json).toEqual({ result: true });
    expect(sim.vehicleState(vin).chargePort).toBe('unlocked');
  });

  it('close_windows closes the windows of a vehicle that supports it', async () => {
    const vin = findVin(sim, (v) => v.supportsCloseWindows);
    sim.setVehicleState(vin, { sleepState: 'awake', flakiness: 0, windows: 'open' });
    const r = await call(sim, 'POST', `/${vin}/command/close_windows`);
    expect(commandResultSchema.parse(r.json)).toEqual({ result: true });
    expect(sim.vehicleState(vin).windows).toBe('closed');
  });

  it('close_windows on a vehicle without support: result false, not_supported', async () => {
    const vin = findVin(sim, (v) => !v.supportsCloseWindows);
    sim.setVehicleState(vin, { sleepState: 'awake', windows: 'open' });
    const r = await call(sim, 'POST', `/${vin}/command/close_windows`);
    expect(r.status).toBe(200);
    expect(commandResultSchema.parse(r.json)).toEqual({ result: false, reason: 'not_supported' });
    expect(sim.vehicleState(vin).windows).toBe('open');
  });

  it('amps up to the vehicle’s own maximum are accepted', async () => {
    const vin = readyVin(sim);
    const { maxAmps } = sim.vehicleState(vin);
    const r = await call(sim, 'POST', `/${vin}/command/set_charging_amps?amps=${maxAmps}`);
    expect(r.json).toEqual({ result: true });
    expect(sim.vehicleState(vin).chargingAmps).toBe(maxAmps);
  });

  it('records each outcome in the vehicle’s command history', async () => {
    const vin = readyVin(sim);
    await call(sim, 'POST', `/${vin}/command/enable_valet?max_attempts=2`);
    expect(sim.vehicleState(vin).commandHistory.at(-1)).toMatchObject({
      command: 'enable_valet',
      attempts: 1,
      result: true,
      reason: null,
      waitForCompletion: true,
    });
  });
});
