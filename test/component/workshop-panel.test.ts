// The Workshop tab: unlock and the update are confirmed first; "in N minutes" sends N × 60 seconds;
// after a command the state is read again, so the strip shows what the car then reports.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import WorkshopPanel from '../../renderer/src/components/vehicle/WorkshopPanel.svelte';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';

const car = vehicle(1);

describe('workshop tab', () => {
  it('locks at once, unlocks only once confirmed, reading the state again after each', async () => {
    const fake = installFakeGarage({
      'vehicles.workshopCommand': () => ({ ok: true, value: { result: true } }),
      'vehicles.state': () => ({ ok: false, error: { kind: 'offline', message: 'asleep' } }),
    });
    render(WorkshopPanel, { props: { vehicle: car } });
    const sent = () =>
      fake.calls.filter((c) => c.operation === 'vehicles.workshopCommand').map((c) => c.args[1]);
    await fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(sent()).toEqual(['lock']));
    await waitFor(() => expect(fake.calls.some((c) => c.operation === 'vehicles.state')).toBe(true));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Unlock' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock?' });
    expect(sent()).toEqual(['lock']);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(sent()).toEqual(['lock', 'unlock']));
  });

  it('schedules the update in N minutes as N × 60 seconds, after confirming', async () => {
    const fake = installFakeGarage({
      'vehicles.workshopCommand': () => ({ ok: true, value: { result: true } }),
      'vehicles.state': () => ({ ok: false, error: { kind: 'offline', message: 'asleep' } }),
    });
    render(WorkshopPanel, { props: { vehicle: car } });
    await fireEvent.input(screen.getByRole('spinbutton', { name: 'Minutes from now' }), {
      target: { value: '15' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Schedule update' }));
    const dialog = screen.getByRole('dialog', { name: 'Install software update?' });
    expect(dialog.textContent).toContain('in 15 minutes');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Install software update' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.operation === 'vehicles.workshopCommand')?.args).toEqual([
        car.vin,
        'schedule_software_update',
        { inSeconds: 900 },
      ]),
    );
  });
});
