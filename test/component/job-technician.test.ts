// The Job tab says who its actions are credited to and lets the person at the keyboard say it: the
// computer's user stands until a name is typed; a typed name goes with the note, the closing and
// the reopening, and is kept on this computer (main keeps it; the next tab starts with it).
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { TechnicianView } from '../../electron/shared/technician';
import JobPanel from '../../renderer/src/components/vehicle/job/JobPanel.svelte';
import { jobFixture, openJobFixture, recordFixture } from '../support/job-fixture';
import { installFakeGarage } from './fake-garage';
import { ok, vehicle } from './fixtures';

const car = vehicle(1, { vin: '5YJ3E1EA7KF000001' });
const openJob = openJobFixture;

function garage() {
  let kept: TechnicianView = { name: 'Dana Ortiz', from: 'system' };
  let job = openJob();
  const fake = installFakeGarage({
    'jobs.list': () => ok([job]),
    'jobs.record': () => ok(recordFixture(0, job)),
    'jobs.technician': () => ok(kept),
    'jobs.setTechnician': ([name]) => {
      kept = name.trim() ? { name: name.trim(), from: 'typed' } : { name: 'Dana Ortiz', from: 'system' };
      return ok(kept);
    },
    'jobs.addNote': () => ok(job),
    'jobs.close': () => {
      job = jobFixture();
      return ok({ status: 'closed', job, warnings: [] });
    },
    'jobs.reopen': () => ok((job = openJob())),
  });
  return fake;
}

describe('the Job tab’s technician', () => {
  it('names the computer’s user while none is typed, and sends no name so main credits it', async () => {
    const fake = garage();
    render(JobPanel, { props: { vehicle: car } });
    const field = (await screen.findByRole('textbox', { name: 'Technician' })) as HTMLInputElement;
    await waitFor(() => expect(screen.getByText("Empty: Dana Ortiz, this computer's user.")).toBeTruthy());
    expect(field.value).toBe('');
    await fireEvent.input(await screen.findByRole('textbox', { name: 'Note' }), {
      target: { value: 'Latch replaced' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(fake.calls.some((c) => c.operation === 'jobs.addNote')).toBe(true));
    expect(fake.calls.find((c) => c.operation === 'jobs.addNote')?.args[2]).toBeUndefined();
  });

  it('credits a typed name with the note, the closing and the reopening, and keeps it on this computer', async () => {
    const fake = garage();
    const first = render(JobPanel, { props: { vehicle: car } });
    const field = await screen.findByRole('textbox', { name: 'Technician' });
    await fireEvent.input(field, { target: { value: 'Kim Lee' } });
    await fireEvent.change(field);
    await waitFor(() =>
      expect(fake.calls.find((c) => c.operation === 'jobs.setTechnician')?.args).toEqual(['Kim Lee']),
    );
    expect(await screen.findByText('Kept on this computer for the next job, note and closing.')).toBeTruthy();

    await fireEvent.input(screen.getByRole('textbox', { name: 'Note' }), {
      target: { value: 'Latch replaced' },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Close job' }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Reopen job' }));
    await waitFor(() => expect(fake.calls.some((c) => c.operation === 'jobs.reopen')).toBe(true));
    const sent = (operation: string) => fake.calls.find((c) => c.operation === operation)?.args;
    expect(sent('jobs.addNote')).toEqual([openJob().id, 'Latch replaced', { technician: 'Kim Lee' }]);
    expect(sent('jobs.close')).toEqual([openJob().id, { technician: 'Kim Lee' }]);
    expect(sent('jobs.reopen')).toEqual([jobFixture().id, { technician: 'Kim Lee' }]);

    // The next Job tab (another car, or after a restart) starts with the name kept.
    first.unmount();
    render(JobPanel, { props: { vehicle: car } });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Technician' }) as HTMLInputElement).value).toBe('Kim Lee'),
    );
  });
});
