// The Workshop tab runs each command in main (sleep checked, woken if needed, sent, the state read
// back) and shows its step and outcome next to its button: every button waits while one runs; unlock
// and the update are confirmed first; "in N minutes" sends N × 60 seconds; an outcome that no longer
// describes the car is marked so; the outcome is still there when the tab is opened again.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import WorkshopPanel from '../../renderer/src/components/vehicle/workshop/WorkshopPanel.svelte';
import type { VehicleState } from '../../electron/shared/types';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';
import { toasts, vehicleStates } from '../../renderer/src/lib/stores';

const car = vehicle(1);

/** A car whose locks follow the commands it accepts; `hold` keeps the next command unanswered until released. */
function lotCar(options: { refuse?: string; update?: (sent: number) => object | undefined } = {}) {
  let locked = false;
  let commandsSent = 0;
  let release: (() => void) | null = null;
  let held: Promise<void> | null = null;
  const state = (): VehicleState => {
    const base = carState();
    // An update waits, scheduled, unless the test says otherwise: its buttons are offered too.
    const software_update = options.update
      ? options.update(commandsSent)
      : { status: 'scheduled', version: '2026.20.1' };
    return { ...base, vehicle_state: { ...base.vehicle_state!, locked, software_update } };
  };
  const fake = installFakeGarage({
    'vehicles.list': () => ({ ok: true, value: [] }),
    'vehicles.status': () => ({ ok: true, value: { status: 'awake' }, source: 'live', fetchedAt: '' }),
    'vehicles.state': () => stateAnswer(state()),
    // Main's run manager sends the workshop commands (lock, unlock, honk…) through the same
    // responder as the Commands tab's, so its name is any command the service takes.
    'service.command': async (args) => {
      commandsSent++;
      const name: string = args[1];
      if (held) await held;
      if (options.refuse) return { ok: true, value: { result: false, reason: options.refuse } };
      if (name === 'lock') locked = true;
      if (name === 'unlock') locked = false;
      return { ok: true, value: { result: true } };
    },
  });
  return {
    fake,
    sent: () => fake.calls.filter((c) => c.operation === 'service.command').map((c) => c.args[1]),
    hold() {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release() {
      held = null;
      release?.();
    },
  };
}

function row(label: string): HTMLElement {
  return screen.getByRole('button', { name: label }).closest('.command') as HTMLElement;
}

const buttons = () => screen.getAllByRole('button') as HTMLButtonElement[];

describe('workshop tab', () => {
  it('waits while a command sent from the Commands tab runs on the car, naming it, and the other way round', async () => {
    const lot = lotCar();
    const workshop = within(render(WorkshopPanel, { props: { vehicle: car } }).container);
    const commands = within(render(CommandsPanel, { props: { vehicle: car } }).container);
    await waitFor(() => expect(vehicleStates.get(car.vin).state).not.toBeNull());
    const workshopButtons = workshop.getAllByRole('button') as HTMLButtonElement[];
    expect(workshopButtons.every((button) => !button.disabled)).toBe(true);
    lot.hold();
    await fireEvent.click(commands.getByRole('button', { name: 'Close windows' }));
    const note = await workshop.findByText(
      'Close windows is still running on this vehicle; wait for it to finish.',
    );
    expect(workshopButtons.every((button) => button.disabled)).toBe(true);
    expect(workshop.getByRole('button', { name: 'Lock' }).getAttribute('aria-describedby')).toBe(note.id);
    // The Commands tab's other buttons wait too, pointing to the same words there.
    const other = commands.getByRole('button', { name: 'Open charge port' }) as HTMLButtonElement;
    expect(other.disabled).toBe(true);
    expect(document.getElementById(other.getAttribute('aria-describedby')!)?.textContent).toBe(
      note.textContent,
    );
    lot.release();
    await waitFor(() => expect(workshopButtons.every((button) => !button.disabled)).toBe(true));
    expect(workshop.queryByText(/still running on this vehicle/)).toBeNull();
    expect(other.disabled).toBe(false);

    // A Workshop command locks the Commands tab the same way.
    lot.hold();
    await fireEvent.click(workshop.getByRole('button', { name: 'Lock' }));
    await commands.findByText('Lock is still running on this vehicle; wait for it to finish.');
    expect(other.disabled).toBe(true);
    lot.release();
    await waitFor(() => expect(other.disabled).toBe(false));
    expect(lot.sent()).toEqual(['close_windows', 'lock']);
  });

  it('runs Lock in main: its step shows beside it with every button waiting, then what the car reports', async () => {
    const lot = lotCar();
    render(WorkshopPanel, { props: { vehicle: car } });
    // The tab read the car first: main compares what it reads back with this.
    await waitFor(() => expect(vehicleStates.get(car.vin).state?.vehicle_state?.locked).toBe(false));
    lot.hold();
    await fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    await within(row('Lock')).findByText('Sent; waiting for the vehicle to finish…');
    expect(buttons().every((button) => button.disabled)).toBe(true);
    expect(screen.getByRole('button', { name: 'Lock' }).getAttribute('aria-busy')).toBe('true');
    expect(
      lot.fake.calls.some((c) => c.operation === 'runs.startVehicleCommand' && c.args[1] === 'lock'),
    ).toBe(true);
    lot.release();
    const status = within(row('Lock')).getByRole('status');
    await within(status).findByText('now locked, was unlocked');
    expect(status.textContent).toContain('Lock: the vehicle said it did it');
    expect(within(status).getByText('Success')).toBeTruthy();
    expect(buttons().every((button) => !button.disabled)).toBe(true);
    expect(lot.sent()).toEqual(['lock']);
    // Shown beside the button, not in a toast.
    expect(toasts.items).toEqual([]);
  });

  it('unlocks only once confirmed, and the earlier Lock outcome is then no longer current', async () => {
    const lot = lotCar();
    render(WorkshopPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    await within(row('Lock')).findByText(/^now locked/);
    await fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock?' });
    expect(lot.sent()).toEqual(['lock']);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await within(row('Unlock')).findByText('now unlocked, was locked');
    expect(lot.sent()).toEqual(['lock', 'unlock']);
    expect(within(row('Lock')).getByText('No longer current')).toBeTruthy();
    expect(within(row('Lock')).queryByText('Success')).toBeNull();
  });

  it('says why the car refused, beside the button', async () => {
    lotCar({ refuse: 'not_supported' });
    render(WorkshopPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sentry mode on' }));
    const status = within(row('Sentry mode on')).getByRole('status');
    await within(status).findByText('Failed');
    expect(status.textContent).toContain(
      'The vehicle did not do it: this vehicle does not support it (not_supported)',
    );
  });

  it('shows the outcome again when the tab is opened again', async () => {
    lotCar();
    const first = render(WorkshopPanel, { props: { vehicle: car } });
    await fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    await within(row('Lock')).findByText(/^now locked/);
    first.unmount();
    render(WorkshopPanel, { props: { vehicle: car } });
    expect(within(row('Lock')).getByText(/^now locked/)).toBeTruthy();
  });

  it('schedules the update in N minutes as N × 60 seconds, after confirming', async () => {
    // Downloaded and waiting when the tab reads the car; not reported in the state read after.
    const lot = lotCar({ update: (sent) => (sent === 0 ? { status: 'available' } : undefined) });
    render(WorkshopPanel, { props: { vehicle: car } });
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Minutes from now' }), {
      target: { value: '15' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Schedule update' }));
    const dialog = screen.getByRole('dialog', { name: 'Install software update?' });
    expect(dialog.textContent).toContain('in 15 minutes');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Install software update' }));
    await waitFor(() =>
      expect(lot.fake.calls.find((c) => c.operation === 'runs.startVehicleCommand')?.args).toEqual([
        car.vin,
        'schedule_software_update',
        { inSeconds: 900 },
      ]),
    );
    await waitFor(() => expect(lot.sent()).toEqual(['schedule_software_update']));
    // The car then reports no update: the outcome says so instead of claiming it is scheduled.
    await within(row('Schedule update')).findByText(/^the car does not report a software update/);
  });
  it('offers climate on and off under Climate, and sends the climate command by its own name', async () => {
    const lot = lotCar();
    render(WorkshopPanel, { props: { vehicle: car } });
    await waitFor(() => expect(vehicleStates.get(car.vin).state).not.toBeNull());
    const group = screen.getByRole('region', { name: 'Climate' });
    expect(within(group).getByRole('button', { name: 'Climate off' })).toBeTruthy();
    await fireEvent.click(within(group).getByRole('button', { name: 'Climate on' }));
    await waitFor(() => expect(lot.sent()).toEqual(['start_climate']));
  });
});
