// A bulk run takes its temperature and speed limit in the technician's units, as a single command
// does: with °F and km chosen the fields are labelled, bounded and checked in °F and km/h, the dry
// run says the value in them, and main is asked with the value typed and its unit named (it turns
// them into °C and mph at its edge). With the service's own units nothing is named.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import { preferences, vehicleList } from '../../renderer/src/lib/stores';
import { installFakeRuns } from './fake-runs';
import { fleet } from './fixtures';

async function pick(command: string): Promise<void> {
  await fireEvent.change(screen.getByRole('combobox', { name: 'Command to send' }), {
    target: { value: command },
  });
}

async function runOnAll(count: number): Promise<void> {
  await fireEvent.click(screen.getByRole('button', { name: `Run on ${count} vehicles` }));
  await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Run bulk action' }));
}

describe("a bulk run in the technician's units", () => {
  beforeEach(() => {
    vehicleList.loading = false;
  });

  it('takes, checks and says a temperature in °F, and names the unit to main', async () => {
    preferences.temperatureUnit = 'f';
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    const cars = fleet(2);
    vehicleList.vehicles = cars;
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await pick('set_temperatures');

    const field = screen.getByRole('spinbutton', { name: 'Temperature (°F)' }) as HTMLInputElement;
    expect([field.min, field.max, field.step]).toEqual(['59', '82', '1']);
    // 21 °C, the default, shown as the °F the field takes.
    expect(field.value).toBe('70');
    await fireEvent.input(field, { target: { value: '90' } });
    // Under the field and in the dry run's entries, both in °F.
    expect(screen.getAllByText('Temperature must be between 59 and 82 °F').length).toBeGreaterThan(0);
    expect(screen.queryByText(/between 15 and 28/)).toBeNull();
    await fireEvent.input(field, { target: { value: '72' } });
    expect(screen.getAllByText(/temperature 72 °F/)).toHaveLength(2);
    expect(screen.queryByText(/°C/)).toBeNull();

    await runOnAll(2);
    const start = fake.calls.find((call) => call.operation === 'runs.startBulkCommand')!;
    expect(start.args[0]).toMatchObject({
      command: { name: 'set_temperatures', options: { temperature: 72, temperatureUnit: 'f' } },
    });
  });

  it('takes a speed limit in km/h when distances are in km', async () => {
    preferences.distanceUnit = 'km';
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    vehicleList.vehicles = fleet(2);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await pick('set_speed_limit');
    const field = screen.getByRole('spinbutton', { name: 'Speed limit (km/h)' }) as HTMLInputElement;
    expect([field.min, field.max]).toEqual(['81', '193']);
    await fireEvent.input(field, { target: { value: '100' } });
    expect(screen.getAllByText(/speed limit 100 km\/h/).length).toBeGreaterThan(0);
    await runOnAll(2);
    const start = fake.calls.find((call) => call.operation === 'runs.startBulkCommand')!;
    expect(start.args[0]).toMatchObject({
      command: { name: 'set_speed_limit', options: { mph: 100, speedUnit: 'km/h' } },
    });
  });

  it("names no unit when the technician reads the service's own", async () => {
    preferences.temperatureUnit = 'c';
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    vehicleList.vehicles = fleet(2);
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await pick('set_temperatures');
    expect(screen.getByRole('spinbutton', { name: 'Temperature (°C)' })).toBeTruthy();
    await runOnAll(2);
    const start = fake.calls.find((call) => call.operation === 'runs.startBulkCommand')!;
    expect((start.args[0] as { command: { options: unknown } }).command.options).toEqual({
      temperature: 21,
      waitForCompletion: true,
      maxAttempts: 3,
    });
  });
});
