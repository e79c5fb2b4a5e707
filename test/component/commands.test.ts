import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, COMMANDS } from '../../electron/shared/commands';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import type { ResultOf } from '../../electron/shared/ipc/api';
import { installFakeGarage } from './fake-garage';
import { deferred, emptyGarage, telemetry, vehicle } from './fixtures';
import { connection, connectStores, vehicleList } from '../../renderer/src/lib/stores';

const car = vehicle(1, { nickname: 'Loaner' });

function commandCalls(calls: { operation: string; args: unknown[] }[]) {
  return calls.filter((c) => c.operation === 'vehicles.command').map((c) => c.args);
}

describe('commands panel', () => {
  it('offers the commands and their undos by their action, with the shared options', () => {
    installFakeGarage(emptyGarage);
    render(CommandsPanel, { props: { vehicle: car } });
    for (const name of COMMAND_NAMES)
      expect(screen.getByRole('button', { name: COMMANDS[name].label })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Wait for completion' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('radio', { name: '3' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("15 to 28 °C, in steps of 0.5 (this car's own limits are unknown)")).toBeTruthy();
  });

  it('enforces the bounds and step: beyond them the button is disabled and says why', async () => {
    installFakeGarage(emptyGarage);
    render(CommandsPanel, { props: { vehicle: car } });
    const temperature = screen.getByRole('spinbutton', { name: 'Temperature (°C)' });
    const button = screen.getByRole('button', { name: 'Set cabin temperature' }) as HTMLButtonElement;
    for (const [value, problem] of [
      ['28.5', 'Temperature must be between 15 and 28 °C'],
      ['14.5', 'Temperature must be between 15 and 28 °C'],
      ['21.3', 'Temperature must be in steps of 0.5 °C'],
      ['', 'Enter a temperature'],
    ] as const) {
      await fireEvent.input(temperature, { target: { value } });
      expect(screen.getByText(problem)).toBeTruthy();
      expect(button.disabled).toBe(true);
      expect(temperature.getAttribute('aria-invalid')).toBe('true');
    }
    await fireEvent.input(temperature, { target: { value: '28' } });
    expect(button.disabled).toBe(false);

    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Speed limit (mph)' }), {
      target: { value: '121' },
    });
    expect(screen.getByText('Speed limit must be between 50 and 120 mph')).toBeTruthy();
  });

  it('sends the value and options, shows progress, blocks a second press, then the outcome', async () => {
    const gate = deferred<ResultOf<'vehicles.command'>>();
    const { calls } = installFakeGarage({ 'vehicles.command': () => gate.promise, ...emptyGarage });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Charge limit (%)' }), {
      target: { value: '100' },
    });
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Wait for completion' }));
    await fireEvent.click(screen.getByRole('radio', { name: '2' }));
    const button = screen.getByRole('button', { name: 'Set charge limit' }) as HTMLButtonElement;
    await fireEvent.click(button);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByText('Sending…')).toBeTruthy();
    await fireEvent.click(button);
    expect(commandCalls(calls)).toEqual([
      [car.vin, 'set_charge_limit', { waitForCompletion: false, maxAttempts: 2, percent: 100 }],
    ]);
    gate.resolve({ ok: true, value: { result: true } });
    expect(await screen.findByText('Success')).toBeTruthy();
    expect(button.disabled).toBe(false);
  });

  it('asks before valet mode, speed limit and low power mode; Cancel sends nothing', async () => {
    const { calls } = installFakeGarage({
      'vehicles.command': () => ({ ok: true, value: { result: true } }),
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    for (const label of ['Enable valet mode', 'Set speed limit', 'Enable low power mode']) {
      await fireEvent.click(screen.getByRole('button', { name: label }));
      const dialog = screen.getByRole('dialog', { name: `${label}?` });
      expect(dialog.textContent).toContain('Loaner');
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
      await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    }
    expect(commandCalls(calls)).toEqual([]);
    await fireEvent.click(screen.getByRole('button', { name: 'Enable valet mode' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable valet mode' }),
    );
    await waitFor(() => expect(commandCalls(calls)).toHaveLength(1));
    expect(commandCalls(calls)[0]?.[1]).toBe('enable_valet');
  });

  it('shows result: false with its reason, and an error in plain words', async () => {
    installFakeGarage({
      'vehicles.command': ([, name]) =>
        name === 'close_windows'
          ? { ok: true, value: { result: false, reason: 'windows not supported' } }
          : { ok: false, error: { kind: 'vehicle_offline', message: 'vehicle unavailable', status: 408 } },
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Close windows' }));
    expect(await screen.findByText('The vehicle did not do it: windows not supported')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Open charge port' }));
    expect(await screen.findByText(/offline or asleep/)).toBeTruthy();
  });

  it('disables every command while main says the service cannot be reached, says what was seen when, and checks', async () => {
    const fake = installFakeGarage({
      'vehicles.command': () => ({ ok: false, error: { kind: 'network', message: 'connection refused' } }),
      // Main answers the check live and, as after any answer, says the service is reachable again.
      'vehicles.telemetryConfig': () => {
        queueMicrotask(() => said(true, null));
        return { ok: true, value: telemetry(), source: 'live', fetchedAt: new Date().toISOString() };
      },
      ...emptyGarage,
    });
    const said = (online: boolean, message: string | null) =>
      fake.emit({ type: 'connection.changed', profileId: 'demo', online, message });
    const disconnect = connectStores(fake.api);
    vehicleList.selectedVin = car.vin;
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Open charge port' }));
    await screen.findByText(/Check the network connection/);
    // What main saw: the command's dropped connection, then its own next read's.
    said(false, 'connection refused');
    said(false, 'connection reset');
    expect(await screen.findByText('Commands are disabled: the service cannot be reached.')).toBeTruthy();
    expect(screen.getByText(/Seen at .*connection refused; again at .*connection reset\./)).toBeTruthy();
    for (const name of COMMAND_NAMES) {
      expect((screen.getByRole('button', { name: COMMANDS[name].label }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    }
    await fireEvent.click(screen.getByRole('button', { name: 'Check connection' }));
    await waitFor(() => expect(screen.queryByText(/Commands are disabled/)).toBeNull());
    expect((screen.getByRole('button', { name: 'Close windows' }) as HTMLButtonElement).disabled).toBe(false);
    // The check is one read main makes; deciding from it (and looking again) is main's.
    expect(fake.calls.filter((c) => c.operation === 'vehicles.telemetryConfig')).toHaveLength(1);
    disconnect();
  });

  it('keeps commands enabled after a dropped connection main does not call the service unreachable', async () => {
    const { calls } = installFakeGarage({
      'vehicles.command': () => ({ ok: false, error: { kind: 'network', message: 'connection refused' } }),
      'vehicles.status': () => ({ ok: true, value: { status: 'awake' }, source: 'live', fetchedAt: '' }),
      ...emptyGarage,
    });
    vehicleList.selectedVin = car.vin;
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Open charge port' }));
    expect(await screen.findByText(/Check the network connection/)).toBeTruthy();
    // The window asks nothing of its own to decide (no probe), and reports nothing.
    expect(calls.some((c) => c.operation === 'vehicles.telemetryConfig')).toBe(false);
    expect(connection.unreachable).toBeNull();
    expect(screen.queryByText(/Commands are disabled/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Close windows' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
