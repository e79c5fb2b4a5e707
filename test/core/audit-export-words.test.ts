// The audit export through the real IPC handlers against the simulator: in the technician's words,
// local time with UTC beside it, each vehicle named (nickname, plate, model), the effect the service
// confirmed; a vehicle's export holds that vehicle only; adding and removing vehicles are recorded.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS, localTimeText } from '../../electron/main/audit/audit-csv';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { parseCsv } from '../unit/audit/parse-csv';
import { sendCommand } from '../support/send-command';

let h: CoreHarness;
let saved = 0;

beforeAll(async () => {
  h = await startCoreHarness({ chooseSaveFile: async (name) => path.join(h.dataDir, `${++saved}-${name}`) });
});
afterAll(() => h.close());

async function exported(filter?: { vin?: string }) {
  const result = await h.garage.audit.exportToFile(filter);
  if (!result.ok || result.value.cancelled) throw new Error('export failed');
  const [header, ...rows] = parseCsv(await readFile(result.value.path, 'utf8'));
  return { header: header!, rows, cell: (row: string[], name: string) => row[header!.indexOf(name)]! };
}

describe('audit export in the technician’s words', () => {
  it('names the action, its values, the vehicle and the confirmed effect, in local time beside UTC', async () => {
    const vin = h.simulator.vins[0]!;
    const other = h.simulator.vins[1]!;
    h.simulator.setVehicleState(vin, { sleepState: 'awake', plate: 'OLD 9' });
    h.simulator.setVehicleState(other, { sleepState: 'awake' });
    await h.garage.vehicles.rename(vin, 'Loaner');
    expect(await h.garage.vehicles.setPlate(vin, { plate: 'NEW 1' })).toMatchObject({ ok: true });
    expect(await sendCommand(h, vin, 'set_charge_limit', { percent: 80 })).toMatchObject({
      ok: true,
      value: { result: true },
    });
    expect(await sendCommand(h, other, 'set_speed_limit', { mph: 70 })).toMatchObject({
      ok: true,
    });

    const { header, rows, cell } = await exported({ vin });
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    // This vehicle only.
    expect(new Set(rows.map((row) => cell(row, 'VIN')))).toEqual(new Set([vin]));
    const plate = rows.find((row) => cell(row, 'Operation') === 'setPlate')!;
    expect(cell(plate, 'Action')).toBe('Set plate');
    expect(cell(plate, 'Values')).toBe('plate NEW 1; before: OLD 9');
    expect(cell(plate, 'Confirmed effect')).toBe('Plate set to NEW 1, was OLD 9');
    expect(cell(plate, 'Local time')).toBe(localTimeText(cell(plate, 'UTC time')));
    const limit = rows.find((row) => cell(row, 'Operation') === 'command:set_charge_limit')!;
    expect(cell(limit, 'Action')).toBe('Set charge limit');
    expect(cell(limit, 'Values')).toBe('charge limit 80 %, wait for completion, up to 3 attempts');
    expect(cell(limit, 'Outcome')).toBe('Succeeded');
    expect(cell(limit, 'Confirmed effect')).toBe('Set charge limit to 80 %: done, the service confirmed');
    expect(cell(limit, 'Vehicle')).toBe('Loaner');
    expect(cell(limit, 'Plate')).toBe('NEW 1');
    expect(cell(limit, 'Model')).toMatch(/\(\d{4}\)$/);
    expect(cell(limit, 'Profile')).toBe('Demo garage');
  });

  it('records adding and removing a vehicle, and names a removed vehicle from its removal', async () => {
    const vin = h.simulator.vins[2]!;
    expect(await h.garage.vehicles.rename(vin, 'Bay 2')).toMatchObject({ ok: true });
    expect(await h.garage.vehicles.remove(vin)).toMatchObject({ ok: true });
    expect(await h.garage.vehicles.add({ vin, nickname: 'Back again' })).toMatchObject({ ok: true });
    const listed = await h.garage.audit.list({ vin, limit: 2 });
    expect(listed).toMatchObject({
      ok: true,
      value: [
        { operation: 'addVehicle', outcome: 'success', params: { nickname: 'Back again' } },
        { operation: 'removeVehicle', outcome: 'success', params: { nickname: 'Bay 2' } },
      ],
    });
    const { rows, cell } = await exported({ vin });
    const actions = rows.map((row) => cell(row, 'Action'));
    expect(actions.slice(-2)).toEqual(['Remove vehicle from the garage', 'Add vehicle to the garage']);
    const removal = rows.find((row) => cell(row, 'Operation') === 'removeVehicle')!;
    expect(cell(removal, 'Confirmed effect')).toBe('Removed from the garage');
  });
});
