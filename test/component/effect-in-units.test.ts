// With °F and km/h chosen, what the car confirmed is said in them wherever it shows: the bulk
// results column, a single command's outcome (its undo too) and History. Main keeps the service's
// units (°C, mph) in the run and the log; the window says the same numbers in the technician's.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import HistoryPanel from '../../renderer/src/components/vehicle/history/HistoryPanel.svelte';
import type { RunCommandName } from '../../electron/shared/bulk-commands';
import type { RunCommandOptions, RunItemEffect } from '../../electron/shared/runs';
import type { AuditEntry } from '../../electron/shared/types';
import type { VehicleState } from '../../electron/shared/wire';
import { preferences, vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { installFakeRuns } from './fake-runs';
import { emptyGarage, fleet, vehicle } from './fixtures';
import { carState, stateAnswer, statusAnswers } from './vehicle-state-fixtures';

// Main's own words for an effect (its module runs under Node's types, so it is loaded at run time).
const CONFIRMED_EFFECT = '../../electron/main/runs/confirmed-effect';
const { confirmedEffect } = (await import(/* @vite-ignore */ CONFIRMED_EFFECT)) as {
  confirmedEffect(
    name: RunCommandName,
    options: RunCommandOptions,
    after: VehicleState,
    asOf: string | null,
    before: VehicleState | null,
  ): RunItemEffect;
};

/** The demo car's state with its cabin set to `temperature` °C and its speed limit to `mph`. */
function stateWith({ temperature = 21, mph = 65 }: { temperature?: number; mph?: number }): VehicleState {
  const state = carState();
  return {
    ...state,
    climate_state: { ...state.climate_state!, driver_temp_setting: temperature },
    vehicle_state: {
      ...state.vehicle_state!,
      speed_limit_mode: { ...state.vehicle_state!.speed_limit_mode!, active: true, current_limit_mph: mph },
    },
  };
}

beforeEach(() => {
  vehicleList.loading = false;
  preferences.setTemperatureUnit('f');
  preferences.setDistanceUnit('km');
});
afterEach(() => {
  preferences.setTemperatureUnit('c');
  preferences.setDistanceUnit('mi');
});

describe("the confirmed effect in the technician's units", () => {
  it('is said in km/h in the bulk results column', async () => {
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    const cars = fleet(2);
    vehicleList.vehicles = cars;
    render(BulkActionsView);
    await fireEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
    await fireEvent.change(screen.getByRole('combobox', { name: 'Command to send' }), {
      target: { value: 'set_speed_limit' },
    });
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Speed limit (km/h)' }), {
      target: { value: '100' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Run on 2 vehicles' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Run bulk action' }),
    );
    // Main ran it as its edge turned it (100 km/h is 62 mph) and read each car back.
    const options = { mph: 62, waitForCompletion: true, maxAttempts: 3 };
    const before = stateWith({ mph: 65 });
    fake.update(fake.last().id, (run) => {
      run.command = { name: 'set_speed_limit', options };
      run.title = 'Set speed limit to 62 mph on 2 vehicles';
      run.items[0]!.status = 'succeeded';
      run.items[0]!.effect = confirmedEffect(
        'set_speed_limit',
        options,
        stateWith({ mph: 62 }),
        null,
        before,
      );
      run.items[1]!.status = 'succeeded';
      run.items[1]!.effect = confirmedEffect('set_speed_limit', options, before, null, before);
      run.state = 'completed';
      run.endedAt = new Date().toISOString();
    });
    const results = (await screen.findByRole('table', { name: 'Bulk results' })) as HTMLElement;
    await within(results).findByText(/now 100 km\/h, was 105 km\/h$/);
    expect(
      within(results).getByText(/the car does not show the change yet: it reports 105 km\/h$/),
    ).toBeTruthy();
    expect(results.textContent).not.toMatch(/mph/);
    // The results' heading names the run's value in km/h too (main's record keeps "62 mph").
    expect(
      screen.getByRole('region', { name: 'Results: Set speed limit to 100 km/h on 2 vehicles' }),
    ).toBeTruthy();
  });

  it("is said in °F in a single command's outcome, with its undo", async () => {
    installFakeGarage({
      'vehicles.state': (() => {
        const answers = [stateWith({ temperature: 21 }), stateWith({ temperature: 22.2 })];
        let i = 0;
        return () => stateAnswer(answers[Math.min(i++, answers.length - 1)]!);
      })(),
      'service.command': () => ({ ok: true, value: { result: true } }),
      ...statusAnswers.awake,
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: vehicle(1) } });
    const field = (await screen.findByRole('spinbutton', { name: 'Temperature (°F)' })) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('70'));
    await fireEvent.input(field, { target: { value: '72' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set cabin temperature' }));
    const done = await screen.findByText('Cabin temperature set to 72 °F');
    const line = done.closest('.outcome') as HTMLElement;
    expect(within(line).getByText('now 72 °F, was 69.8 °F')).toBeTruthy();
    expect(within(line).getByRole('button', { name: 'Undo: back to 69.8 °F' })).toBeTruthy();
    expect(line.textContent).not.toMatch(/°C/);
  });

  it('is said in km/h in History, values and effect alike', async () => {
    const entry: AuditEntry = {
      id: 'a',
      time: '2026-11-20T05:51:04Z',
      profileId: 'demo',
      profileName: 'Demo',
      vin: vehicle(1).vin,
      operation: 'command:set_speed_limit',
      params: { mph: 62, waitForCompletion: true },
      outcome: 'success',
      durationMs: 301,
    };
    installFakeGarage({ 'audit.list': () => ({ ok: true, value: [entry] }) });
    render(HistoryPanel, { props: { vehicle: vehicle(1) } });
    await screen.findByText('speed limit 100 km/h, wait for completion');
    expect(screen.getByText('Set speed limit to 100 km/h: done, the service confirmed')).toBeTruthy();
    expect(screen.queryByText(/mph/)).toBeNull();
  });
});
