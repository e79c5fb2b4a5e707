// Commands that start from the car's current value and end by showing their effect; undo next to its
// command; the phases of a long command and the toast when it ends out of sight.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import { installFakeGarage, type Responder, type StepResultOf } from './fake-garage';
import { installFakeRuns } from './fake-runs';
import { deferred, emptyGarage, vehicle } from './fixtures';
import { carState, stateAnswer, statusAnswers } from './vehicle-state-fixtures';
import { commandRuns, preferences, toasts, vehicleStates } from '../../renderer/src/lib/stores';

const car = vehicle(1, { nickname: 'Loaner' });
const { awake, asleep } = statusAnswers;

/** States answered in turn: the first read, then the read after the command. */
function states(...answers: ReturnType<typeof carState>[]): Responder<'vehicles.state'> {
  let i = 0;
  return () => stateAnswer(answers[Math.min(i++, answers.length - 1)]!);
}

function field(name: string): HTMLInputElement {
  return screen.getByRole('spinbutton', { name }) as HTMLInputElement;
}

describe('a command field starts from the car', () => {
  it("fills each field with the car's value, says so, and uses the car's own bounds", async () => {
    installFakeGarage({ 'vehicles.state': states(carState({ limit: 80, amps: 16 })), ...emptyGarage });
    render(CommandsPanel, { props: { vehicle: car } });
    await waitFor(() => expect(field('Charge limit (%)').value).toBe('80'));
    expect(screen.getByText('Current 80 %')).toBeTruthy();
    expect(field('Charging current (A)').value).toBe('16');
    expect(field('Charging current (A)').max).toBe('32');
    expect(screen.getByText("1 to 32 A, whole numbers (this car's own limits)")).toBeTruthy();
    expect(screen.getByText("50 to 90 mph, whole numbers (this car's own limits)")).toBeTruthy();
    await fireEvent.input(field('Charging current (A)'), { target: { value: '40' } });
    expect(screen.getByText('Charging current must be between 1 and 32 A')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Set charging amps' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("shows and takes the technician's units (°F, km/h), and tells main which unit it sent", async () => {
    const { calls } = installFakeGarage({
      'vehicles.state': states(carState()),
      'service.command': () => ({ ok: true, value: { result: true } }),
      ...emptyGarage,
    });
    preferences.setTemperatureUnit('f');
    preferences.setDistanceUnit('km');
    try {
      render(CommandsPanel, { props: { vehicle: car } });
      // The car's value in the technician's unit, with the service's beside it.
      expect(await screen.findByText('Current 69.8 °F (21 °C)')).toBeTruthy();
      expect(screen.getByText('Current 105 km/h (65 mph)')).toBeTruthy();
      const temperature = field('Temperature (°F)');
      expect(temperature.value).toBe('70');
      expect([temperature.min, temperature.max, temperature.step]).toEqual(['59', '82', '1']);
      const speed = field('Speed limit (km/h)');
      expect(speed.value).toBe('105');
      // This car's own limits (50 to 90 mph), in km/h, never past what the service takes.
      expect([speed.min, speed.max]).toEqual(['81', '144']);
      expect(screen.queryByRole('spinbutton', { name: 'Temperature (°C)' })).toBeNull();

      await fireEvent.input(temperature, { target: { value: '72' } });
      expect(screen.getByText('72 °F is sent as 22.2 °C')).toBeTruthy();
      await fireEvent.click(screen.getByRole('button', { name: 'Set cabin temperature' }));
      await waitFor(() =>
        expect(calls.find((c) => c.operation === 'runs.startVehicleCommand')?.args.slice(1, 3)).toEqual([
          'set_temperatures',
          expect.objectContaining({ temperature: 72, temperatureUnit: 'f' }),
        ]),
      );
      await fireEvent.input(temperature, { target: { value: '83' } });
      expect(screen.getByText('Temperature must be between 59 and 82 °F')).toBeTruthy();
    } finally {
      preferences.setTemperatureUnit('c');
      preferences.setDistanceUnit('mi');
    }
  });

  it("says when the car's value is unknown and falls back to the interface's bounds", async () => {
    installFakeGarage({
      'vehicles.state': () => ({ ok: false, error: { kind: 'not_found', message: 'no state', status: 404 } }),
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    expect(
      await screen.findByText('Current value unknown (the car does not report it); 80 % suggested'),
    ).toBeTruthy();
    expect(field('Charging current (A)').max).toBe('48');
    expect(screen.getByText("1 to 48 A, whole numbers (this car's own limits are unknown)")).toBeTruthy();
  });
});

describe('an outcome names what was sent and shows its effect', () => {
  it('reads the state again: "now 90 %, was 80 %"; a changed field marks the outcome as earlier', async () => {
    const { calls } = installFakeGarage({
      'vehicles.state': states(carState({ limit: 80 }), carState({ limit: 90 })),
      'service.command': () => ({ ok: true, value: { result: true } }),
      ...awake,
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await waitFor(() => expect(field('Charge limit (%)').value).toBe('80'));
    await fireEvent.input(field('Charge limit (%)'), { target: { value: '90' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set charge limit' }));
    expect(await screen.findByText('Charge limit set to 90 %')).toBeTruthy();
    expect(screen.getByText('now 90 %, was 80 %')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    // Main read the car again for the run; the window then reads main's copy of it, asking nobody.
    expect(calls.filter((c) => c.operation === 'vehicles.state' && c.byMain).at(-1)?.args).toEqual([
      car.vin,
      { live: true },
    ]);
    expect(calls.filter((c) => c.operation === 'vehicles.state' && !c.byMain).at(-1)?.args).toEqual([
      car.vin,
      {},
    ]);

    await fireEvent.input(field('Charge limit (%)'), { target: { value: '95' } });
    expect(screen.queryByText('Success')).toBeNull();
    expect(screen.getByText('Earlier value')).toBeTruthy();
  });

  it('says plainly when the car does not show the change yet', async () => {
    installFakeGarage({
      'vehicles.state': states(carState({ valet: false }), carState({ valet: false })),
      'service.command': () => ({ ok: true, value: { result: true } }),
      ...awake,
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Enable valet mode' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable valet mode' }),
    );
    expect(await screen.findByText('Valet mode enabled')).toBeTruthy();
    expect(
      await screen.findByText(/^the car does not show the change yet: it reports valet mode off \(as of /),
    ).toBeTruthy();
  });

  it('coming back after a send never shows another value beside "Success"', async () => {
    installFakeGarage({
      // The car still reports 80 after the command: the field starts at 80 and the outcome is earlier.
      'vehicles.state': states(carState({ limit: 80 })),
      'service.command': () => ({ ok: true, value: { result: true } }),
      ...awake,
      ...emptyGarage,
    });
    const first = render(CommandsPanel, { props: { vehicle: car } });
    await waitFor(() => expect(field('Charge limit (%)').value).toBe('80'));
    await fireEvent.input(field('Charge limit (%)'), { target: { value: '100' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set charge limit' }));
    expect(await screen.findByText(/the car does not show the change yet: it reports 80 %/)).toBeTruthy();
    first.unmount();

    render(CommandsPanel, { props: { vehicle: car } });
    await waitFor(() => expect(field('Charge limit (%)').value).toBe('80'));
    expect(screen.queryByText('Success')).toBeNull();
    expect(screen.getByText('Earlier value')).toBeTruthy();
    expect(screen.getByText(/Charge limit set to 100 %/)).toBeTruthy();
  });

  it('names what was attempted when the car refuses', async () => {
    installFakeGarage({
      'vehicles.state': states(carState()),
      'service.command': () => ({ ok: true, value: { result: false, reason: 'not_supported' } }),
      ...awake,
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await waitFor(() => expect(field('Charge limit (%)').value).toBe('80'));
    await fireEvent.input(field('Charge limit (%)'), { target: { value: '85' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set charge limit' }));
    expect(await screen.findByText('Set charge limit to 85 %:')).toBeTruthy();
    expect(
      screen.getByText('The vehicle did not do it: this vehicle does not support it (not_supported)'),
    ).toBeTruthy();
  });
});

describe('undo', () => {
  it('puts each undo right after its command, and the confirmation says how to undo', async () => {
    installFakeGarage({ 'vehicles.state': states(carState()), ...emptyGarage });
    render(CommandsPanel, { props: { vehicle: car } });
    const labels = screen.getAllByRole('button').map((b) => b.textContent?.trim());
    for (const [command, undo] of [
      ['Enable valet mode', 'Disable valet mode'],
      ['Open charge port', 'Close charge port'],
      ['Enable low power mode', 'Disable low power mode'],
    ] as const) {
      expect(labels.indexOf(undo)).toBe(labels.indexOf(command) + 1);
    }
    await fireEvent.click(screen.getByRole('button', { name: 'Enable valet mode' }));
    expect(within(screen.getByRole('dialog')).getByText('To undo: Disable valet mode.')).toBeTruthy();
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Set speed limit' }));
    expect(
      within(screen.getByRole('dialog')).getByText('To undo: set the previous speed limit again.'),
    ).toBeTruthy();
  });
});

describe('a long command', () => {
  it('shows waking, sending and checking with elapsed time, then the outcome', async () => {
    const wake = deferred<StepResultOf<'service.wake'>>();
    const send = deferred<StepResultOf<'service.command'>>();
    const { calls } = installFakeGarage({
      // Main's status read says the car sleeps: it is woken first.
      'vehicles.state': states(carState({ portOpen: false, state: 'asleep' }), carState({ portOpen: true })),
      ...asleep,
      'service.wake': () => wake.promise,
      'service.command': () => send.promise,
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await waitFor(() => expect(field('Charge limit (%)').value).toBe('80'));
    await fireEvent.click(screen.getByRole('button', { name: 'Open charge port' }));
    expect(await screen.findByText('Waking the vehicle…')).toBeTruthy();
    expect(screen.getByText('0 s')).toBeTruthy();
    expect(calls.some((c) => c.operation === 'service.command')).toBe(false);
    wake.resolve({ ok: true, value: { result: true } });
    expect(await screen.findByText('Sent; waiting for the vehicle to finish…')).toBeTruthy();
    send.resolve({ ok: true, value: { result: true, woke: true } });
    expect(await screen.findByText('Charge port opened (the vehicle was woken for it)')).toBeTruthy();
    expect(screen.getByText('now charge port open, was charge port closed')).toBeTruthy();
    // The window reads the car when the tab opens and starts the run; main does the rest, and
    // its run brings the state it read back: nothing is asked after.
    expect(calls.filter((c) => !c.byMain).map((c) => c.operation)).toEqual([
      'vehicles.state',
      'runs.startVehicleCommand',
    ]);
    expect(calls.filter((c) => c.byMain).map((c) => c.operation)).toEqual([
      'vehicles.status',
      'service.wake',
      'service.command',
      'vehicles.state',
    ]);
  });

  it('makes one call to main for an awake car: the run, whose end brings the state it checked', async () => {
    const { calls } = installFakeGarage({
      'vehicles.state': states(carState({ limit: 80 }), carState({ limit: 90 })),
      'service.command': () => ({ ok: true, value: { result: true } }),
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await waitFor(() => expect(field('Charge limit (%)').value).toBe('80'));
    const before = calls.length;
    await fireEvent.input(field('Charge limit (%)'), { target: { value: '90' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set charge limit' }));
    expect(await screen.findByText('now 90 %, was 80 %')).toBeTruthy();
    expect(
      calls
        .slice(before)
        .filter((c) => !c.byMain)
        .map((c) => c.operation),
    ).toEqual(['runs.startVehicleCommand']);
    // The field shows the value the car now reports, from the state the run brought.
    expect(field('Charge limit (%)').value).toBe('90');
  });

  it('sends nothing when the vehicle does not wake within 90 s', async () => {
    const { calls } = installFakeGarage({
      'vehicles.state': states(carState({ state: 'asleep' })),
      ...asleep,
      'service.wake': () => ({ ok: true, value: { result: false } }),
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await screen.findByRole('button', { name: 'Close windows' });
    await waitFor(() => expect(vehicleStates.get(car.vin).sleep?.value).toBe('asleep'));
    await fireEvent.click(screen.getByRole('button', { name: 'Close windows' }));
    expect(
      await screen.findByText(
        /^Not sent: the vehicle did not wake \(the service waited \d+ s\); it may be offline/,
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.operation === 'service.command')).toBe(false);
  });

  it('ends with a toast and a mark for the list when nobody looks at that vehicle any more', async () => {
    const send = deferred<StepResultOf<'service.command'>>();
    installFakeGarage({
      'vehicles.state': states(carState({ valet: false }), carState({ valet: true })),
      'service.command': () => send.promise,
      ...awake,
      ...emptyGarage,
    });
    const view = render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Enable valet mode' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable valet mode' }),
    );
    await screen.findByText('Sent; waiting for the vehicle to finish…');
    view.unmount();
    send.resolve({ ok: true, value: { result: true } });
    await waitFor(() => expect(toasts.items).toHaveLength(1));
    expect(toasts.items[0]).toMatchObject({
      tone: 'success',
      message: 'Loaner: Valet mode enabled: now valet mode on, was valet mode off',
    });
    expect(commandRuns.unseen(car.vin)?.tone).toBe('ok');
    // Opening the vehicle's commands again clears the mark: the outcome is in view.
    render(CommandsPanel, { props: { vehicle: car } });
    expect(commandRuns.unseen(car.vin)).toBeNull();
  });

  it('shows no toast when the technician watched it end', async () => {
    installFakeGarage({
      'vehicles.state': states(carState()),
      'service.command': () => ({ ok: true, value: { result: true } }),
      ...awake,
      ...emptyGarage,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Close windows' }));
    await screen.findByText('Windows closed');
    expect(toasts.items).toEqual([]);
    expect(commandRuns.unseen(car.vin)).toBeNull();
  });
});

describe('a command main still runs when the view comes back', () => {
  it('shows its step and keeps the button locked, then its outcome when main says it ended', async () => {
    // Main started the command before this window (re)loaded.
    const fake = installFakeRuns(
      { 'vehicles.state': states(carState({ limit: 80 }), carState({ limit: 90 })), ...emptyGarage },
      { connect: false },
    );
    const started = fake.add('vehicle-command', [car.vin]);
    fake.update(started.id, (run) => {
      run.title = 'Set charge limit to 90 %';
      run.command = { name: 'set_charge_limit', options: { percent: 90 } };
      run.items[0]!.status = 'sending';
      run.items[0]!.phase = 'waking';
    });
    fake.connect();
    render(CommandsPanel, { props: { vehicle: car } });
    expect(await screen.findByText('Waking the vehicle…')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Set charge limit' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    fake.update(started.id, (run) => {
      run.state = 'completed';
      run.endedAt = new Date().toISOString();
      Object.assign(run.items[0]!, {
        status: 'succeeded',
        phase: null,
        woke: true,
        at: run.endedAt,
        effect: { value: 90, text: 'now 90 %, was 80 %', confirmed: true, asOf: null },
        // Main sends the state it read back with the run's end: the window asks nothing.
        readBack: {
          state: carState({ limit: 90 }),
          meta: { source: 'live', fetchedAt: run.endedAt, asOf: null },
        },
      });
    });
    expect(await screen.findByText('Charge limit set to 90 % (the vehicle was woken for it)')).toBeTruthy();
    expect(screen.getByText('now 90 %, was 80 %')).toBeTruthy();
    expect(button.disabled).toBe(false);
    // Nothing was sent from this window: it only started following main, and read nothing after.
    expect(fake.calls.some((c) => c.operation === 'runs.startVehicleCommand')).toBe(false);
    expect(fake.calls.filter((c) => c.operation === 'vehicles.state')).toHaveLength(1);
  });
});
