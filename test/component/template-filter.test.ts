// Templates in the renderer: the garage filter "differs from template" shows the vehicles main
// judged different on their last read configuration (one call, not one per row) and says how many
// were not compared; saving a vehicle's configuration as a template and deleting one.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import { vehicleList } from '../../renderer/src/lib/stores';
import type { TelemetryTemplate } from '../../electron/shared/telemetry-template';
import { installFakeGarage } from './fake-garage';
import { liveMeta, telemetry, vehicle } from './fixtures';

const profile = {
  id: 'demo',
  name: 'Demo garage',
  baseUrl: 'http://127.0.0.1:1',
  demo: true,
  hasToken: true,
  active: true,
};

describe('templates', () => {
  it('filters the garage by "differs from template" with one call to main', async () => {
    const cars = [vehicle(1), vehicle(2), vehicle(3)];
    const fake = installFakeGarage({
      'profiles.list': () => ({ ok: true, value: [profile] }),
      'vehicles.list': () => ({ ok: true, value: cars }),
      'templates.list': () => ({
        ok: true,
        value: [{ name: 'Fleet', fields: { Gear: { interval_seconds: 5 } }, notes: '' }],
      }),
      'templates.compareGarage': () => ({
        ok: true,
        value: { template: 'Fleet', differs: [cars[1]!.vin], unknown: [cars[2]!.vin] },
      }),
    });
    render(GarageSidebar);
    await vehicleList.load();
    await screen.findByRole('option', { name: /Car 3/ });
    await fireEvent.click(screen.getByRole('button', { name: /Filter and sort/ }));
    const select = await screen.findByRole('combobox', { name: 'Differs from template' });
    await fireEvent.change(select, { target: { value: 'Fleet' } });
    // The list shows again once main has compared (one call).
    const list = await screen.findByRole('listbox', { name: 'Vehicles' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    expect(within(list).getByRole('option', { name: /Car 2/ })).toBeTruthy();
    expect(screen.getByText('1 vehicle not compared: telemetry configuration never read.')).toBeTruthy();
    expect(fake.calls.filter((c) => c.operation === 'templates.compareGarage')).toHaveLength(1);
    expect(fake.calls.some((c) => c.operation === 'vehicles.telemetryConfig')).toBe(false);
  });

  it('saves the vehicle’s fields as a template and deletes one after confirming', async () => {
    let stored: TelemetryTemplate[] = [];
    const fake = installFakeGarage({
      'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry(), ...liveMeta }),
      'templates.list': () => ({ ok: true, value: stored }),
      'templates.save': ([t]) => {
        const template = { notes: '', ...t };
        stored = [template];
        return { ok: true, value: template };
      },
      'templates.remove': () => {
        stored = [];
        return { ok: true, value: null };
      },
    });
    render(TelemetryPanel, { props: { vehicle: vehicle(1) } });
    await fireEvent.input(await screen.findByRole('textbox', { name: 'Template name' }), {
      target: { value: 'Fleet' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Save these fields as a template' }));
    expect(await screen.findByText('Matches the template Fleet.')).toBeTruthy();
    expect(fake.calls.find((c) => c.operation === 'templates.save')?.args).toEqual([
      { name: 'Fleet', fields: telemetry().config.fields, notes: '' },
    ]);
    await fireEvent.click(screen.getByRole('button', { name: 'Delete template' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete template?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    expect(await screen.findByText('No templates yet.')).toBeTruthy();
  });
});
