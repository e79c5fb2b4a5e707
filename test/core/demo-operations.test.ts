// Every operation of the interface through the real IPC handlers against the demo simulator, with
// the exact request the simulator received.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS, COMMAND_NAMES } from '../../electron/shared/commands';
import type { RecordedRequest } from '../../electron/main/simulator';
import { AUDIT_CSV_COLUMNS } from '../../electron/main/audit/audit-csv';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { parseCsv } from '../unit/audit/parse-csv';
import { sendCommand } from '../support/send-command';

/** The names the export suggested, and where the "dialog" saved. */
const suggested: string[] = [];
const saveAs = (name: string) => {
  suggested.push(name);
  return path.join(h.dataDir, `${suggested.length}-${name}`);
};
let h: CoreHarness;
let vin: string;

beforeAll(async () => {
  h = await startCoreHarness({ chooseSaveFile: async (name) => saveAs(name) });
  vin = h.simulator.vins[0]!;
  h.simulator.setVehicleState(vin, { sleepState: 'awake' });
});
afterAll(() => h.close());
beforeEach(() => h.simulator.clearRequests());

function only(): RecordedRequest {
  expect(h.simulator.requests).toHaveLength(1);
  return h.simulator.requests[0]!;
}

/**
 * The one command request a command to one car sent; the others are its reads (whether the car
 * sleeps before, its state after), none of them a write.
 */
function onlyCommand(): RecordedRequest {
  const [command, ...more] = h.simulator.requests.filter((r) => r.method !== 'GET');
  expect(more).toEqual([]);
  expect(command?.route).toBe('command');
  return command!;
}

function expectAuthorized(request: RecordedRequest) {
  expect(request.headers['authorization']).toBe(`Bearer ${h.simulator.token}`);
}

describe('demo garage through the IPC handlers', () => {
  it('starts with the demo profile active and the seeded fleet in the garage', async () => {
    const info = await h.garage.app.info();
    expect(info).toMatchObject({ ok: true, value: { demo: true } });
    const profiles = await h.garage.profiles.list();
    expect(profiles).toMatchObject({
      ok: true,
      value: [{ id: 'demo', demo: true, active: true, hasToken: true }],
    });
    const list = await h.garage.vehicles.list();
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.map((v) => v.vin)).toEqual(h.simulator.vins);
    expect(list.value[0]).toMatchObject({ decoded: { maker: expect.any(String) }, warnings: [] });
    expect(list.value[0]!.model).toMatch(/\(\d{4}\)$/);
  });

  it('gives diagnostics without secrets and keeps updates off when no feed is built in', async () => {
    const diagnostics = await h.garage.app.diagnostics();
    if (!diagnostics.ok) throw new Error(diagnostics.error.message);
    expect(diagnostics.value.text).toContain('Vehicle Garage 0.0.0-test diagnostics');
    expect(diagnostics.value.text).toContain('Active profile: demo (built-in simulator)');
    expect(diagnostics.value.text).toMatch(/Keychain: \S/);
    expect(diagnostics.value.text).not.toContain(h.simulator.token);
    expect(await h.garage.updates.check()).toMatchObject({ ok: true, value: { state: 'disabled' } });
    expect(await h.garage.updates.install({ consent: true })).toMatchObject({
      ok: false,
      error: { kind: 'rejected' },
    });
    expect(h.simulator.requests).toHaveLength(0);
  });

  it('reads the telemetry configuration live, then from cache within a minute, and refreshes live', async () => {
    const live = await h.garage.vehicles.telemetryConfig(vin.toLowerCase());
    expect(live).toMatchObject({ ok: true, source: 'live' });
    const request = only();
    expect(request).toMatchObject({ method: 'GET', path: `/${vin}/fleet_telemetry_config`, body: '' });
    expectAuthorized(request);
    expect(h.simulator.requests).toHaveLength(1);

    const cached = await h.garage.vehicles.telemetryConfig(vin);
    expect(cached).toMatchObject({ ok: true, source: 'cache' });
    expect(cached.ok && 'stale' in cached).toBe(false);
    expect(h.simulator.requests).toHaveLength(1);

    const refreshed = await h.garage.vehicles.telemetryConfig(vin, { refresh: true });
    expect(refreshed).toMatchObject({ ok: true, source: 'live' });
    expect(h.simulator.requests).toHaveLength(2);
  });

  it('reads current, staged and versioned release notes with language and staged on the wire', async () => {
    const current = await h.garage.vehicles.releaseNotes(vin, { language: 'de' });
    if (!current.ok) throw new Error(current.error.message);
    const notesRequest = h.simulator.requests.find((r) => r.route === 'release_notes')!;
    expect(notesRequest).toMatchObject({
      method: 'GET',
      path: `/${vin}/release_notes/`,
      query: { language: 'de', staged: 'false' },
    });
    expectAuthorized(notesRequest);
    // Images were fetched once, without the token, and come back as data: URLs.
    const imageRequests = h.simulator.requests.filter((r) => r.path.startsWith('/_assets/'));
    expect(imageRequests.length).toBeGreaterThan(0);
    for (const r of imageRequests) expect(r.headers['authorization']).toBeUndefined();
    const urls = Object.keys(current.value.images);
    expect(urls.length).toBe(imageRequests.length);
    for (const url of urls) expect(current.value.images[url]).toMatch(/^data:image\/svg\+xml;base64,/);

    h.simulator.clearRequests();
    const version = current.value.deployed_version;
    const versioned = await h.garage.vehicles.releaseNotes(vin, { version, language: 'fr' });
    expect(versioned).toMatchObject({ ok: true, source: 'live', value: { deployed_version: version } });
    expect(h.simulator.requests.find((r) => r.route === 'release_notes')).toMatchObject({
      path: `/${vin}/release_notes/${version}`,
      query: { language: 'fr', staged: 'false' },
    });
  });

  it('sets the plate with a JSON body and remembers it in the garage', async () => {
    const before = h.simulator.vehicleState(vin).plate;
    const result = await h.garage.vehicles.setPlate(vin, { plate: 'GAR 42' });
    expect(result).toEqual({ ok: true, value: { result: true, previousPlate: before } });
    // The plate being replaced is read first, then the write is sent once.
    expect(h.simulator.requests).toHaveLength(2);
    expect(h.simulator.requests[0]).toMatchObject({ method: 'GET', path: `/${vin}/plate` });
    const request = h.simulator.requests[1]!;
    expect(request).toMatchObject({ method: 'POST', path: `/${vin}/plate` });
    expect(JSON.parse(request.body)).toEqual({ plate: 'GAR 42' });
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expectAuthorized(request);
    expect(h.simulator.vehicleState(vin).plate).toBe('GAR 42');
    const list = await h.garage.vehicles.list();
    expect(list.ok && list.value.find((v) => v.vin === vin)?.plate).toBe('GAR 42');
  });

  it('tags drives with the normalised comma-separated list', async () => {
    const ids = h.simulator
      .vehicleState(vin)
      .drives.slice(0, 2)
      .map((d) => d.id);
    const result = await h.garage.vehicles.setDriveTag(vin, {
      drives: ` ${ids[0]} , ${ids[1]}`,
      tag: 'Business',
    });
    expect(result).toEqual({ ok: true, value: { result: true } });
    const request = only();
    expect(request).toMatchObject({ method: 'POST', path: `/${vin}/drives/set_tag` });
    expect(JSON.parse(request.body)).toEqual({ drives: `${ids[0]},${ids[1]}`, tag: 'Business' });
    expect(h.simulator.vehicleState(vin).drives[0]!.tag).toBe('Business');
  });

  it('sends each of the eight commands once, with explicit defaults and its own parameter', async () => {
    const values = { temperature: 21.5, amps: 16, percent: 80, mph: 65 } as const;
    for (const name of COMMAND_NAMES) {
      h.simulator.clearRequests();
      const param = COMMANDS[name].param?.name;
      const options = param ? { [param]: values[param] } : {};
      const result = await sendCommand(h, vin, name, options);
      expect(result.ok, `${name}: ${JSON.stringify(result)}`).toBe(true);
      const request = onlyCommand();
      expect(request).toMatchObject({ method: 'POST', path: `/${vin}/command/${name}`, body: '' });
      const expectedQuery: Record<string, string> = { wait_for_completion: 'true', max_attempts: '3' };
      if (param) expectedQuery[param] = String(values[param]);
      expect(request.query).toEqual(expectedQuery);
      expectAuthorized(request);
    }
    const state = h.simulator.vehicleState(vin);
    expect(state).toMatchObject({
      cabinTemperatureC: 21.5,
      chargingAmps: 16,
      chargeLimitPercent: 80,
      speedLimitMph: 65,
    });
  });

  it('passes wait_for_completion=false and max_attempts through', async () => {
    const result = await sendCommand(h, vin, 'set_charge_limit', {
      percent: 90,
      waitForCompletion: false,
      maxAttempts: 1,
    });
    expect(result.ok).toBe(true);
    expect(onlyCommand().query).toEqual({ wait_for_completion: 'false', max_attempts: '1', percent: '90' });
  });

  it('reports result:false with its reason as a result, not an error, and audits it', async () => {
    const unsupported = h.simulator.vehicles().find((v) => !v.supportsCloseWindows);
    expect(unsupported).toBeDefined();
    h.simulator.setVehicleState(unsupported!.vin, { sleepState: 'awake' });
    const result = await sendCommand(h, unsupported!.vin, 'close_windows');
    expect(result).toEqual({ ok: true, value: { result: false, reason: 'not_supported' } });
    const audit = await h.garage.audit.list({ vin: unsupported!.vin, limit: 1 });
    expect(audit).toMatchObject({
      ok: true,
      value: [{ operation: 'command:close_windows', outcome: 'failed', reason: 'not_supported' }],
    });
    const list = await h.garage.vehicles.list();
    const entry = list.ok ? list.value.find((v) => v.vin === unsupported!.vin) : undefined;
    expect(entry?.status.lastCommand).toMatchObject({
      operation: 'command:close_windows',
      outcome: 'failed',
    });
  });

  it('audits every command, plate and tag change, and exports them as CSV', async () => {
    const audit = await h.garage.audit.list({ vin });
    if (!audit.ok) throw new Error(audit.error.message);
    const operations = audit.value.map((entry) => entry.operation);
    expect(operations).toContain('setPlate');
    expect(operations).toContain('setDriveTag');
    for (const name of COMMAND_NAMES) expect(operations).toContain(`command:${name}`);
    expect(audit.value[0]!.operation).toBe('command:set_charge_limit'); // newest first
    expect(audit.value[0]!.params).toEqual({ waitForCompletion: false, maxAttempts: 1, percent: 90 });
    const exported = await h.garage.audit.exportToFile();
    if (!exported.ok || exported.value.cancelled) throw new Error('export failed');
    expect(suggested.at(-1)).toMatch(/^vehicle-garage-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(exported.value.path, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThanOrEqual(audit.value.length + 1);
    expect(lines).toHaveLength(exported.value.entries + 1);
    // In the technician's words, with the raw operation kept for matching.
    expect(csv).toContain('Set speed limit');
    expect(csv).toContain('command:set_speed_limit');
  });

  it('lists the audit log per VIN, newest first, limited, and exports exactly it as CSV', async () => {
    const other = h.simulator.vins[1]!;
    h.simulator.setVehicleState(other, { sleepState: 'awake' });
    expect(await sendCommand(h, other, 'set_speed_limit', { mph: 77 })).toMatchObject({
      ok: true,
    });
    const all = await h.garage.audit.list({ limit: 10_000 });
    const mine = await h.garage.audit.list({ vin: vin.toLowerCase() });
    if (!all.ok || !mine.ok) throw new Error('audit.list failed');
    expect(all.value.filter((e) => e.vin === other)).toHaveLength(1);
    expect(mine.value.length).toBeGreaterThan(10);
    expect(mine.value.length).toBeLessThan(all.value.length);
    expect(mine.value).toEqual(all.value.filter((e) => e.vin === vin));
    const times = all.value.map((e) => e.time);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.value[0]).toMatchObject({
      vin: other,
      operation: 'command:set_speed_limit',
      params: { mph: 77 },
    });
    const two = await h.garage.audit.list({ vin, limit: 2 });
    expect(two.ok && two.value).toEqual(mine.value.slice(0, 2));
    expect(await h.garage.audit.list({ vin: h.simulator.vins[5]! })).toEqual({ ok: true, value: [] });

    const exported = await h.garage.audit.exportToFile();
    if (!exported.ok || exported.value.cancelled) throw new Error('export failed');
    const [header, ...rows] = parseCsv(await readFile(exported.value.path, 'utf8'));
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    // Every entry, oldest first, each cell as recorded.
    const oldestFirst = [...all.value].reverse();
    expect(rows.map((row) => row[header!.indexOf('Entry id')])).toEqual(oldestFirst.map((e) => e.id));
    for (const [i, entry] of oldestFirst.entries()) {
      const cell = (column: string) => rows[i]![header!.indexOf(column)];
      expect(cell('UTC time')).toBe(entry.time);
      expect(cell('Profile')).toBe('Demo garage');
      expect(cell('VIN')).toBe(entry.vin);
      expect(cell('Operation')).toBe(entry.operation);
      expect(cell('Reason')).toBe(entry.reason ?? (entry.errorKind ? `error: ${entry.errorKind}` : ''));
      expect(cell('Duration (ms)')).toBe(String(entry.durationMs));
    }
    expect(rows.filter((row) => row.includes('not_supported'))).toHaveLength(1);
  });

  it('refuses a double click with busy: one request, one audit entry, and free again afterwards', async () => {
    const before = await h.garage.audit.list({ vin, limit: 10_000 });
    h.simulator.setLatency(150);
    try {
      const [first, second] = await Promise.all([
        sendCommand(h, vin, 'enable_valet'),
        sendCommand(h, vin, 'enable_valet'),
      ]);
      expect(first).toEqual({ ok: true, value: { result: true } });
      expect(second).toMatchObject({ ok: false, error: { kind: 'busy' } });
    } finally {
      h.simulator.setLatency(0);
    }
    expect(h.simulator.requests.filter((r) => r.route === 'command')).toHaveLength(1);
    const after = await h.garage.audit.list({ vin, limit: 10_000 });
    expect(after.ok && before.ok && after.value.length - before.value.length).toBe(1);
    expect(after.ok && after.value[0]).toMatchObject({
      operation: 'command:enable_valet',
      outcome: 'success',
    });
    expect(await sendCommand(h, vin, 'enable_valet')).toEqual({
      ok: true,
      value: { result: true },
    });
  });

  it('manages the garage: add with a check-digit warning, rename, remove, refuse duplicates', async () => {
    const bad = '1M8GDM9AXKP042789'; // last digit changed: the check digit no longer matches
    const added = await h.garage.vehicles.add({ vin: bad.toLowerCase(), nickname: ' Coach ' });
    expect(added).toMatchObject({ ok: true, value: { vin: bad, nickname: 'Coach' } });
    expect(added.ok && added.value.warnings[0]).toMatch(/check digit/i);
    expect(await h.garage.vehicles.add({ vin: bad })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
    expect(await h.garage.vehicles.rename(bad, 'Bus 7')).toMatchObject({
      ok: true,
      value: { nickname: 'Bus 7' },
    });
    expect(await h.garage.vehicles.remove(bad)).toEqual({ ok: true, value: null });
    expect(await h.garage.vehicles.remove(bad)).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(await h.garage.vehicles.add({ vin: '1M8GDM9AXKP04278' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input' },
    });
  });
});
