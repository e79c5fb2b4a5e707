// An outcome never outlives the state it describes: after its opposite command, or once the car
// reports the other value, the old "Success" is marked as no longer current; the tab shows the car's
// own valet, low power and charge port state with its age.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import { installFakeGarage, type Responder, type Responders } from './fake-garage';
import { vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';
import { vehicleStates } from '../../renderer/src/lib/stores';

const car = vehicle(1, { nickname: 'Loaner' });
const common: Responders = {
  'vehicles.list': () => ({ ok: true, value: [] }),
  'vehicles.status': () => ({ ok: true, value: { status: 'awake' }, source: 'live', fetchedAt: '' }),
  'vehicles.command': () => ({ ok: true, value: { result: true } }),
};

function states(...answers: ReturnType<typeof carState>[]): Responder<'vehicles.state'> {
  let i = 0;
  return () => stateAnswer(answers[Math.min(i++, answers.length - 1)]!);
}

function row(label: string): HTMLElement {
  return screen.getByRole('button', { name: label }).closest('.command') as HTMLElement;
}

function fromTheCar(): HTMLElement {
  return screen.getByRole('region', { name: 'From the car' });
}

async function enableValet(): Promise<void> {
  await fireEvent.click(screen.getByRole('button', { name: 'Enable valet mode' }));
  await fireEvent.click(
    within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable valet mode' }),
  );
  await within(row('Enable valet mode')).findByText('now valet mode on, was valet mode off');
}

describe("the Commands tab's outcomes follow the car", () => {
  it('shows valet, low power and charge port as the car reports them, with the age of that report', async () => {
    installFakeGarage({ 'vehicles.state': states(carState({ valet: true, portOpen: true })), ...common });
    render(CommandsPanel, { props: { vehicle: car } });
    await waitFor(() =>
      expect(within(fromTheCar()).getByText('Valet mode').nextElementSibling?.textContent).toBe('on'),
    );
    expect(within(fromTheCar()).getByText('Charge port').nextElementSibling?.textContent).toBe('open');
    expect(within(fromTheCar()).getByText('Low power mode').nextElementSibling?.textContent).toBe(
      'not reported',
    );
    expect(within(fromTheCar()).getByText(/^As of/)).toBeTruthy();
  });

  it('after "Disable valet mode", the Enable row no longer says Success', async () => {
    installFakeGarage({
      'vehicles.state': states(
        carState({ valet: false }),
        carState({ valet: true }),
        carState({ valet: false }),
      ),
      ...common,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await enableValet();
    expect(within(row('Enable valet mode')).getByText('Success')).toBeTruthy();

    await fireEvent.click(screen.getByRole('button', { name: 'Disable valet mode' }));
    await within(row('Disable valet mode')).findByText('now valet mode off, was valet mode on');
    const enable = row('Enable valet mode');
    expect(within(enable).queryByText('Success')).toBeNull();
    expect(within(enable).queryByText('now valet mode on, was valet mode off')).toBeNull();
    expect(within(enable).getByText('No longer current')).toBeTruthy();
    expect(within(enable).getByText(/^Disable valet mode was sent after it at /)).toBeTruthy();
    expect(within(fromTheCar()).getByText('Valet mode').nextElementSibling?.textContent).toBe('off');
  });

  it('a later read showing the other value marks the outcome as no longer current', async () => {
    installFakeGarage({
      'vehicles.state': states(
        carState({ valet: false }),
        carState({ valet: true }),
        carState({ valet: false }),
      ),
      ...common,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await enableValet();
    // The owner turned valet mode off from the phone; the app's next read says so.
    await vehicleStates.load(car.vin, { refresh: true });
    const enable = row('Enable valet mode');
    await within(enable).findByText('No longer current');
    expect(within(enable).queryByText('Success')).toBeNull();
    expect(within(enable).getByText('The car no longer shows this')).toBeTruthy();
  });
});
