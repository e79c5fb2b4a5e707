// After a full session of use with a real token, the token is nowhere the renderer, the disk or
// the console can see: not in a file under the data folder, not in an IPC response, not in output.
import log from 'electron-log/node';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureLogger } from '../../electron/main/logging/configure-logger';
import { createRecentErrors } from '../../electron/main/logging/recent-errors';
import { startSimulator, type Simulator } from '../../electron/main/simulator';
import { COMMAND_NAMES, COMMANDS } from '../../electron/shared/commands';
import { sendCommand } from '../support/send-command';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const TOKEN = `tok_${randomBytes(24).toString('hex')}`;
/** What the account's `last_state.tokens` hold: the app must drop it at the edge. */
const STATE_SECRETS = [`vst_${randomBytes(16).toString('hex')}`, `vst_${randomBytes(16).toString('hex')}`];
const FORMS = [TOKEN, Buffer.from(TOKEN).toString('base64'), encodeURIComponent(TOKEN), TOKEN.slice(4, 36)];

let h: CoreHarness;
let service: Simulator;
let logDir: string;
const output: string[] = [];

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      output.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a))).join(' '));
    });
  }
  // The app's logger as configured in main, writing a real file that is searched below.
  logDir = await mkdtemp(path.join(os.tmpdir(), 'garage-leak-log-'));
  const logger = log.create({ logId: `leak-${Math.random()}` });
  logger.transports.file.resolvePathFn = () => path.join(logDir, 'main.log');
  const recentErrors = createRecentErrors();
  configureLogger(logger, { recentErrors, consoleLevel: false, fileLevel: 'debug' });
  service = await startSimulator({ token: TOKEN, vehicles: 4, wakeDelayMs: 5, completionDelayMs: 5 });
  h = await startCoreHarness({
    chooseSaveFile: async () => path.join(h.dataDir, 'export.csv'),
    client: {
      timeouts: { readMs: 300, writeMs: 300, commandWaitMs: 300, commandNoWaitMs: 300 },
      sleep: async () => {},
    },
    onProblem: (message, error) => {
      console.warn(message, error);
      logger.warn(message, error);
    },
    recentErrors,
    // Log every answer and error the renderer gets, as a careless debug build might.
    onResponse: (channel, response) => {
      logger.debug(channel, response);
      if (typeof response === 'object' && response && 'error' in response) logger.error(channel, response);
    },
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await h.close();
  await service.stop();
  await rm(logDir, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('the token stays in the keychain', () => {
  it('survives a full session of use without leaking', async () => {
    const g = h.garage;
    const created = await g.profiles.create({ name: 'Leak check', baseUrl: service.baseUrl });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.id;
    expect(await g.profiles.setToken(id, TOKEN)).toMatchObject({ ok: true });
    await g.profiles.activate(id);
    for (const vin of service.vins) await g.vehicles.add({ vin, nickname: `Unit ${vin.slice(-3)}` });
    const [vin, other] = service.vins as [string, string];

    expect(await g.vehicles.telemetryConfig(vin)).toMatchObject({ ok: true });
    expect(await g.vehicles.releaseNotes(vin, { language: 'fr' })).toMatchObject({ ok: true });
    expect(await g.vehicles.releaseNotes(vin, { staged: true })).toMatchObject({ ok: true });
    await g.vehicles.setPlate(vin, { plate: 'LEAK 1' });
    const drive = service.vehicleState(vin).drives[0]!.id;
    await g.vehicles.setDriveTag(vin, { drives: String(drive), tag: 'Audit' });
    // A token pasted into the wrong field goes where the technician sent it, and no further.
    expect(await g.vehicles.setDriveTag(vin, { drives: String(drive), tag: TOKEN })).toMatchObject({
      ok: true,
    });
    const values = { temperature: 20, amps: 10, percent: 60, mph: 70 };
    for (const name of COMMAND_NAMES) {
      const param = COMMANDS[name].param?.name;
      await sendCommand(h, other, name, param ? { [param]: values[param] } : {});
    }
    // Failures too: their messages are where a careless client would echo the token.
    for (const fault of ['status401', 'status500', 'html502', 'malformed_json', 'reset', 'hang'] as const) {
      const remove = service.injectFault({ fault, route: '*' });
      await g.vehicles.telemetryConfig(vin, { refresh: true });
      await sendCommand(h, vin, 'enable_valet');
      remove();
    }
    await g.profiles.list();
    await g.vehicles.list();
    await g.audit.list({ limit: 10_000 });
    expect(await g.audit.exportToFile()).toMatchObject({ ok: true, value: { cancelled: false } });
    await g.app.diagnostics();
    await g.profiles.setToken(id, 'has space'); // a refused token must not be echoed either

    // The service really saw the token: the search below would find it if it leaked.
    expect(service.requests.some((r) => r.headers['authorization'] === `Bearer ${TOKEN}`)).toBe(true);

    const responses = JSON.stringify(h.responses);
    expect(h.responses.length).toBeGreaterThan(30);
    for (const form of FORMS) expect(responses).not.toContain(form);

    const files = await filesUnder(h.dataDir);
    expect(files.some((f) => f.endsWith('.jsonl'))).toBe(true);
    expect(files.some((f) => f.endsWith('export.csv'))).toBe(true);
    for (const file of files) {
      const bytes = await readFile(file);
      for (const form of FORMS) expect(bytes.includes(form), `${file} holds the token`).toBe(false);
    }

    const printed = output.join('\n');
    for (const form of FORMS) expect(printed).not.toContain(form);

    const logText = await readFile(path.join(logDir, 'main.log'), 'utf8');
    expect(logText).toContain('garage:vehicles.telemetryConfig'); // the log did record the session
    for (const form of FORMS) expect(logText).not.toContain(form);
  });

  it("keeps the tokens of a vehicle's state out of IPC, files and logs", async () => {
    const g = h.garage;
    const [vin, other] = service.vins as [string, string];
    for (const v of [vin, other]) {
      service.setVehicleState(v, { tokens: [STATE_SECRETS[0]!, STATE_SECRETS[1]!] });
    }
    // The service really hands the secrets out, so the searches below would find a leak.
    const raw = await fetch(`${service.baseUrl}/vehicles`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(await raw.text()).toContain(STATE_SECRETS[0]);
    const rawState = await fetch(`${service.baseUrl}/${vin}/state`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(await rawState.text()).toContain(STATE_SECRETS[1]);

    for (const v of [vin, other]) service.setVehicleState(v, { sleepState: 'awake' });
    const accountVehicles = await g.account.vehicles();
    expect(accountVehicles).toMatchObject({ ok: true });
    expect(accountVehicles.ok && accountVehicles.value.results.some((r) => r.last_state)).toBe(true);
    expect(await g.account.vehicles({ onlyActive: true })).toMatchObject({ ok: true });
    expect(await g.vehicles.state(vin)).toMatchObject({ ok: true, source: 'live' });
    expect(await g.vehicles.state(vin, { live: true })).toMatchObject({ ok: true, source: 'live' });
    expect(await g.vehicles.status(vin)).toMatchObject({ ok: true });
    expect(await g.vehicles.plate(vin)).toMatchObject({ ok: true });
    expect(await g.vehicles.drives(vin, { distanceFormat: 'km' })).toMatchObject({ ok: true });
    expect(await g.vehicles.firmwareAlerts(vin)).toMatchObject({ ok: true });
    expect(await g.vehicles.tirePressure(vin)).toMatchObject({ ok: true });
    expect(await sendCommand(h, other, 'wake')).toMatchObject({ ok: true });
    // Failures of the new reads, served from the offline cache.
    for (const fault of ['status500', 'malformed_json', 'reset'] as const) {
      const remove = service.injectFault({ fault, route: '*' });
      await g.vehicles.state(vin, { refresh: true });
      await sendCommand(h, vin, 'wake');
      remove();
    }
    await g.vehicles.list();
    await g.audit.list({ limit: 10_000 });
    expect(await g.audit.exportToFile()).toMatchObject({ ok: true, value: { cancelled: false } });
    // The glances are saved after a short delay, and cache writes follow the answers: let both land.
    await h.core.dispose();

    const responses = JSON.stringify(h.responses);
    expect(responses).toContain('"charge_state"'); // the state did cross IPC, without its tokens
    for (const secret of STATE_SECRETS) expect(responses).not.toContain(secret);
    expect(responses).not.toContain('"tokens"');

    const files = await filesUnder(h.dataDir);
    expect(files.some((f) => f.includes(`${path.sep}glances${path.sep}`))).toBe(true);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const secret of STATE_SECRETS)
        expect(text.includes(secret), `${file} holds a state token`).toBe(false);
    }
    const printed = output.join('\n');
    for (const secret of STATE_SECRETS) expect(printed).not.toContain(secret);
    const logText = await readFile(path.join(logDir, 'main.log'), 'utf8');
    expect(logText).toContain('garage:vehicles.state');
    for (const secret of STATE_SECRETS) expect(logText).not.toContain(secret);
  });
});
