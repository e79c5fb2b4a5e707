// The telemetry configuration editor and the template comparison in the Telemetry tab: a typo gets
// the closest known name (and nothing is sent), Gear/Location missing is warned, a write is pending
// until a re-read shows synced, stopping telemetry is confirmed first, and a template's differences.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import { installFakeGarage } from './fake-garage';
import { liveMeta, telemetry, vehicle } from './fixtures';

const car = vehicle(1);

describe('telemetry editor', () => {
  it('suggests the closest name for a typo, warns without Location, sends only valid fields', async () => {
    let current = telemetry();
    const fake = installFakeGarage({
      'vehicles.telemetryConfig': () => ({ ok: true, value: current, ...liveMeta }),
      'vehicles.writeTelemetryConfig': ([, input]) => {
        current = telemetry({ fields: (input as { fields: never }).fields }, { synced: false });
        return { ok: true, value: { updated_vehicles: 1 } };
      },
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit fields' }));
    // The car's config has no Location: warned.
    expect(screen.getByText('Without Location the service no longer knows where the car is.')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    const name = screen.getByRole('combobox', { name: 'Field name 4' });
    await fireEvent.input(name, { target: { value: 'Locaton' } });
    expect(screen.getByRole('alert').textContent).toContain(
      "Unknown telemetry field 'Locaton'; did you mean 'Location'?",
    );
    const save = screen.getByRole('button', { name: 'Save configuration' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await fireEvent.click(screen.getByRole('button', { name: 'Use Location' }));
    expect((name as HTMLInputElement).value).toBe('Location');
    expect(screen.queryByText(/no longer knows where the car is/)).toBeNull();
    // An interval under a second is refused.
    const interval = screen.getByRole('spinbutton', { name: 'Interval of Location in seconds' });
    await fireEvent.input(interval, { target: { value: '0' } });
    expect(save.disabled).toBe(true);
    await fireEvent.input(interval, { target: { value: '10' } });
    expect(save.disabled).toBe(false);
    await fireEvent.click(save);
    // Pending until the car reports it synced; re-read on request.
    expect(await screen.findByText(/Pending:/)).toBeTruthy();
    const write = fake.calls.find((c) => c.operation === 'vehicles.writeTelemetryConfig');
    expect(write?.args).toEqual([
      car.vin,
      {
        fields: {
          BatteryLevel: { interval_seconds: 30 },
          Gear: { interval_seconds: 5 },
          Odometer: { interval_seconds: 600 },
          Location: { interval_seconds: 10 },
        },
      },
    ]);
    current = { ...current, synced: true };
    await fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText(/Synced:/)).toBeTruthy();
    expect(fake.calls.filter((c) => c.operation === 'vehicles.deleteTelemetryConfig')).toEqual([]);
  });

  it('warns without Gear; Stop telemetry says what stops and sends only once confirmed', async () => {
    const fake = installFakeGarage({
      'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry(), ...liveMeta }),
      'vehicles.deleteTelemetryConfig': () => ({ ok: true, value: { updated_vehicles: 1 } }),
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit fields' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Remove field Gear' }));
    expect(screen.getByText('Without Gear the service stops tracking drives.')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel editing' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Stop telemetry' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop telemetry?' });
    expect(dialog.textContent).toMatch(
      /stops streaming every field.*tracking of it \(drives, charging, location\)/s,
    );
    expect(fake.calls.some((c) => c.operation === 'vehicles.deleteTelemetryConfig')).toBe(false);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Stop telemetry' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.operation === 'vehicles.deleteTelemetryConfig')?.args).toEqual([
        car.vin,
        { confirmed: true },
      ]),
    );
  });

  it('compares with a template: missing, extra, other interval, not synced', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry({}, { synced: false }), ...liveMeta }),
      'templates.list': () => ({
        ok: true,
        value: [
          {
            name: 'Fleet',
            fields: {
              Gear: { interval_seconds: 10 },
              Location: { interval_seconds: 60 },
              Odometer: { interval_seconds: 600 },
            },
            notes: '',
          },
        ],
      }),
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    const select = await screen.findByRole('combobox', { name: 'Template' });
    await fireEvent.change(select, { target: { value: 'Fleet' } });
    const list = await screen.findByRole('list', { name: 'Differences from Fleet' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'BatteryLevel is not in the template (car: every 30 seconds)',
      'Gear is every 5 seconds on the car, every 10 seconds in the template',
      'Location is missing (template: every 1 minute)',
      'The car has not adopted its configuration yet (pending)',
    ]);
  });
});
