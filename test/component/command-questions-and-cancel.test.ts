// A command to one car from the window, as main's one pipeline runs it: a car last seen offline is
// warned of before anything is sent; a running command can be cancelled (what was sent stays on
// the record); "accepted" is never shown as done; a value has a one-click undo; the update's and
// guest mode's buttons that would change nothing are off; the job's undo is a command like any
// other; and the list's mark names the newest command after a restart.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import AccessPanel from '../../renderer/src/components/vehicle/access/AccessPanel.svelte';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import JobPanel from '../../renderer/src/components/vehicle/job/JobPanel.svelte';
import WorkshopPanel from '../../renderer/src/components/vehicle/workshop/WorkshopPanel.svelte';
import CommandEndMark from '../../renderer/src/components/common/CommandEndMark.svelte';
import type { JobWarning } from '../../electron/shared/jobs/job-record';
import type { VehicleState } from '../../electron/shared/types';
import { unknownGlance } from '../../electron/shared/vehicle-values';
import { commandRuns, vehicleList, vehicleStates } from '../../renderer/src/lib/stores';
import { jobFixture, recordFixture } from '../support/job-fixture';
import { installFakeGarage, type Responder, type StepResultOf } from './fake-garage';
import { installFakeRuns } from './fake-runs';
import { deferred, emptyGarage, liveMeta, ok, vehicle } from './fixtures';
import { carState, stateAnswer, statusAnswers } from './vehicle-state-fixtures';

const car = vehicle(1, { nickname: 'Loaner' });
const list = emptyGarage;
const { awake, asleep } = statusAnswers;
const startCalls = (calls: { operation: string; args: unknown[]; byMain?: boolean }[]) =>
  calls.filter((c) => c.operation === 'runs.startVehicleCommand').map((c) => c.args);

/** The car in the garage list, as main last saw it: offline two hours ago. */
function listedOffline(): void {
  const asOf = new Date(Date.now() - 2 * 3_600_000).toISOString();
  vehicleList.vehicles = [
    {
      ...car,
      glance: { ...unknownGlance(), sleep: { value: 'offline', asOf, source: 'state', fromCache: false } },
    },
  ];
}

function row(label: string): HTMLElement {
  return screen.getByRole('button', { name: label }).closest('.command') as HTMLElement;
}

describe('a car last seen offline', () => {
  it('is warned of before anything is sent; Cancel sends nothing, "Send anyway" sends with the confirmation', async () => {
    listedOffline();
    const { calls } = installFakeGarage({
      'vehicles.state': () => stateAnswer(carState({ state: 'offline' })),
      ...awake,
      'service.command': () => ({ ok: true, value: { result: true } }),
      ...list,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Close windows' }));
    let dialog = screen.getByRole('dialog', { name: 'Loaner was offline' });
    expect(dialog.textContent).toContain('This vehicle was offline when last seen (reported 2 hours ago)');
    expect(dialog.textContent).toContain('nothing is sent unless it wakes');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(startCalls(calls)).toEqual([]);

    await fireEvent.click(screen.getByRole('button', { name: 'Close windows' }));
    dialog = screen.getByRole('dialog', { name: 'Loaner was offline' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(startCalls(calls)).toHaveLength(1));
    expect(startCalls(calls)[0]).toEqual([
      car.vin,
      'close_windows',
      { waitForCompletion: true, maxAttempts: 3, offlineConfirmed: true },
    ]);
  });

  it('a confirmation the command needs anyway is asked after the offline warning', async () => {
    listedOffline();
    installFakeGarage({ 'vehicles.state': () => stateAnswer(carState()), ...awake, ...list });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Enable valet mode' }));
    await fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Loaner was offline' })).getByRole('button', {
        name: 'Send anyway',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Enable valet mode?' })).toBeTruthy();
  });
});

describe('cancelling a running command', () => {
  it('while the car wakes: Cancel command stops it, and the line says it was not sent', async () => {
    const wake = deferred<StepResultOf<'service.wake'>>();
    const { calls } = installFakeGarage({
      'vehicles.state': () => stateAnswer(carState({ state: 'asleep' })),
      ...asleep,
      'service.wake': () => wake.promise,
      'service.command': () => ({ ok: true, value: { result: true } }),
      ...list,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Close windows' }));
    await screen.findByText('Waking the vehicle…');
    await fireEvent.click(within(row('Close windows')).getByRole('button', { name: 'Cancel command' }));
    const status = within(row('Close windows')).getByRole('status');
    await within(status).findByText(
      'Not sent: cancelled while the vehicle was waking (the wake-up had been sent).',
    );
    expect(within(status).getByText('Not sent')).toBeTruthy();
    expect(calls.some((c) => c.operation === 'runs.cancel')).toBe(true);
    // The command itself never reached the service; the attempt is recorded by main.
    expect(calls.some((c) => c.operation === 'service.command')).toBe(false);
    expect(calls.find((c) => c.operation === 'audit.notSent')?.args).toEqual([
      car.vin,
      'close_windows',
      'cancelled while the vehicle was waking (the wake-up had been sent)',
    ]);
    expect((screen.getByRole('button', { name: 'Close windows' }) as HTMLButtonElement).disabled).toBe(false);
    wake.resolve({ ok: true, value: { result: true } });
  });

  it('offers no Cancel once the command is being sent (it cannot be recalled)', async () => {
    const send = deferred<StepResultOf<'service.command'>>();
    installFakeGarage({
      'vehicles.state': () => stateAnswer(carState()),
      ...awake,
      'service.command': () => send.promise,
      ...list,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Close windows' }));
    await screen.findByText('Sent; waiting for the vehicle to finish…');
    expect(screen.queryByRole('button', { name: 'Cancel command' })).toBeNull();
    send.resolve({ ok: true, value: { result: true } });
  });
});

describe('accepted is not done', () => {
  it('valet without waiting: "Accepted", never "Success" or "Valet mode enabled", while the car says off', async () => {
    installFakeGarage({
      'vehicles.state': () => stateAnswer(carState({ valet: false })),
      ...awake,
      'service.command': () => ({ ok: true, value: { result: true } }),
      ...list,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('checkbox', { name: 'Wait for completion' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Enable valet mode' }));
    await fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable valet mode' }),
    );
    const status = within(row('Enable valet mode')).getByRole('status');
    await within(status).findByText('Accepted');
    expect(status.textContent).toContain('Enable valet mode:');
    expect(status.textContent).toContain('Accepted by the service; the car has not shown it yet');
    expect(status.textContent).toContain('the car does not show the change yet: it reports valet mode off');
    expect(within(status).queryByText('Success')).toBeNull();
    expect(screen.queryByText(/Valet mode enabled/)).toBeNull();
    const switches = screen.getByRole('region', { name: 'From the car' });
    expect(within(switches).getByText('Valet mode').nextElementSibling?.textContent).toBe('off');
  });
});

describe('a value has a one-click undo', () => {
  it('puts the charge limit the car showed before back, through the same pipeline', async () => {
    let limit = 80;
    const { calls } = installFakeGarage({
      'vehicles.state': () => stateAnswer(carState({ limit })),
      ...awake,
      'service.command': ([, , options]) => {
        limit = (options as { percent: number }).percent;
        return { ok: true, value: { result: true } };
      },
      ...list,
    });
    render(CommandsPanel, { props: { vehicle: car } });
    const field = (await screen.findByRole('spinbutton', { name: 'Charge limit (%)' })) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('80'));
    await fireEvent.input(field, { target: { value: '90' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set charge limit' }));
    await screen.findByText('now 90 %, was 80 %');
    await fireEvent.click(screen.getByRole('button', { name: 'Undo: back to 80 %' }));
    await screen.findByText('now 80 %, was 90 %');
    expect(startCalls(calls).map((args) => (args[2] as { percent: number }).percent)).toEqual([90, 80]);
    expect(limit).toBe(80);
    expect(field.value).toBe('80');
    // The undo is a command like the first: its own undo puts 90 % back.
    expect(screen.getByRole('button', { name: 'Undo: back to 90 %' })).toBeTruthy();
  });
});

describe('buttons that would change nothing', () => {
  const withUpdate =
    (software_update: object | undefined): Responder<'vehicles.state'> =>
    () => {
      const base = carState();
      const state: VehicleState = { ...base, vehicle_state: { ...base.vehicle_state!, software_update } };
      return stateAnswer(state);
    };

  it('the update: none waiting, none scheduled, each button off with why', async () => {
    installFakeGarage({ 'vehicles.state': withUpdate({ status: '' }), ...awake, ...list });
    render(WorkshopPanel, { props: { vehicle: car } });
    await waitFor(() => expect(vehicleStates.get(car.vin).state).not.toBeNull());
    const install = screen.getByRole('button', { name: 'Install update now' }) as HTMLButtonElement;
    expect(install.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Schedule update' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const cancel = screen.getByRole('button', { name: 'Cancel software update' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    expect(document.getElementById(install.getAttribute('aria-describedby')!)?.textContent).toBe(
      'No update is waiting.',
    );
    expect(document.getElementById(cancel.getAttribute('aria-describedby')!)?.textContent).toBe(
      'No update is scheduled.',
    );
    // The other commands are still offered.
    expect((screen.getByRole('button', { name: 'Lock' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('the update: a downloaded one can be installed, and only a scheduled one cancelled', async () => {
    installFakeGarage({ 'vehicles.state': withUpdate({ status: 'available' }), ...awake, ...list });
    render(WorkshopPanel, { props: { vehicle: car } });
    const install = (await screen.findByRole('button', { name: 'Install update now' })) as HTMLButtonElement;
    await waitFor(() => expect(install.disabled).toBe(false));
    expect(
      (screen.getByRole('button', { name: 'Cancel software update' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('guest mode: "on" is off while the car reports it on, "off" is offered', async () => {
    const base = carState();
    installFakeGarage({
      'vehicles.drivers': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.invitations': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.state': () =>
        stateAnswer({ ...base, vehicle_state: { ...base.vehicle_state!, guest_mode_enabled: true } }),
      ...list,
    });
    // The tab shows the state the vehicle view read.
    await vehicleStates.load(car.vin);
    render(AccessPanel, { props: { vehicle: car } });
    const on = (await screen.findByRole('button', { name: 'Guest mode on' })) as HTMLButtonElement;
    expect(on.disabled).toBe(true);
    expect(document.getElementById(on.getAttribute('aria-describedby')!)?.textContent).toMatch(/^Now: on/i);
    expect((screen.getByRole('button', { name: 'Guest mode off' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

describe("the job's undo", () => {
  const VALET: JobWarning = {
    id: 'valet',
    text: 'Valet mode is on; it was off at check-in.',
    undo: { command: 'disable_valet', value: null, label: 'Disable valet mode' },
  };

  it("is a command to the car through main's pipeline, never a direct send", async () => {
    const openJob = jobFixture({
      status: 'open',
      checkOut: null,
      periods: [{ openedAt: '2026-11-25T10:00:00.000Z', closedAt: null }],
    });
    const fake = installFakeGarage({
      'jobs.list': () => ok([openJob]),
      'jobs.record': () => ok(recordFixture(1, openJob)),
      'jobs.close': () => ok({ status: 'needs-confirmation', job: openJob, warnings: [VALET] }),
      ...awake,
      'service.command': () => ok({ result: true }),
      'vehicles.state': () => stateAnswer(carState({ valet: false })),
    });
    render(JobPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Close job' }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Undo: Disable valet mode' }));
    await waitFor(() => expect(fake.calls.filter((c) => c.operation === 'jobs.close')).toHaveLength(2));
    expect(startCalls(fake.calls)).toEqual([[car.vin, 'disable_valet', {}]]);
    // Only main sent it, as a step of its run.
    expect(fake.calls.filter((c) => c.operation === 'service.command').every((c) => c.byMain)).toBe(true);
  });
});

describe("the list's mark after a restart", () => {
  it('names the newest command of the car, not the older one caught up last', async () => {
    const fake = installFakeRuns({ ...list }, { connect: false });
    const older = fake.add('vehicle-command', [car.vin]);
    const newer = fake.add('vehicle-command', [car.vin]);
    const ended = (id: string, name: 'set_charge_limit' | 'flash', at: string) =>
      fake.update(id, (run) => {
        run.command = name === 'flash' ? { name, options: {} } : { name, options: { percent: 70 } };
        run.state = 'completed';
        run.endedAt = at;
        Object.assign(run.items[0]!, {
          status: 'not-sent',
          at,
          message: 'Not sent: the vehicle did not wake (the service waited 90 s).',
        });
      });
    ended(older.id, 'set_charge_limit', '2026-11-25T10:00:00.000Z');
    ended(newer.id, 'flash', '2026-11-25T10:05:00.000Z');
    commandRuns.reset();
    // A window after a restart catches up newest first: the older run is the last one it is told.
    fake.connect();
    render(CommandEndMark, { props: { vin: car.vin } });
    const mark = await screen.findByText('Command not sent');
    await waitFor(() => expect(mark.closest('.badge')?.getAttribute('title')).toMatch(/^Flash lights: /));
  });
});
