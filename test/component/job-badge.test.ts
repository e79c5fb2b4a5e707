// The open-job badge on a vehicle's row and in its header: listed once at start, then kept by main's
// job.changed events alone (no read back), each event of another profile ignored.
import { render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import VehicleOption from '../../renderer/src/components/sidebar/VehicleOption.svelte';
import VehicleView from '../../renderer/src/components/vehicle/VehicleView.svelte';
import { connectStores, openJobs, vehicleList } from '../../renderer/src/lib/stores';
import { jobFixture } from '../support/job-fixture';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';

const profile = { id: 'p1', name: 'Demo', active: true, demo: true, hasToken: true, baseUrl: '' };
const car = vehicle(1, { vin: '5YJ3E1EA7KF000001', nickname: 'Loaner' });
const badge = {
  id: 'job-7',
  repairOrder: 'RO-1234',
  technician: 'Dana Reyes',
  openedAt: '2026-11-25T10:00:00.000Z',
};

function setUp(openAtStart: boolean) {
  const fake = installFakeGarage({
    'profiles.list': () => ({ ok: true, value: [profile] }),
    'vehicles.list': () => ({ ok: true, value: [car] }),
    'vehicles.state': () => stateAnswer(carState()),
    'jobs.list': () => ({
      ok: true,
      value: openAtStart
        ? [jobFixture({ status: 'open', checkOut: null, repairOrder: 'RO-0999', vin: car.vin })]
        : [],
    }),
  });
  connectStores(fake.api);
  return fake;
}

describe('the open-job badge', () => {
  it('shows the job open at start on the row and in the header', async () => {
    const fake = setUp(true);
    await vehicleList.load();
    await openJobs.load();
    expect(fake.calls.find((c) => c.operation === 'jobs.list')?.args).toEqual([{ status: 'open' }]);
    render(VehicleOption, { props: { vehicle: car, now: Date.now() } });
    render(VehicleView, { props: { vehicle: car } });
    const header = screen.getByRole('heading', { level: 2, name: 'Loaner' }).closest('header')!;
    expect(within(header).getByText('Job open: RO-0999')).toBeTruthy();
    expect(screen.getAllByText('Job open: RO-0999')).toHaveLength(2);
  });

  it('appears when a job opens and goes when it closes, from the events alone', async () => {
    const fake = setUp(false);
    await vehicleList.load();
    await openJobs.load();
    render(VehicleOption, { props: { vehicle: car, now: Date.now() } });
    render(VehicleView, { props: { vehicle: car } });
    expect(screen.queryByText(/Job open/)).toBeNull();
    const listed = fake.calls.filter((c) => c.operation === 'jobs.list').length;

    fake.emit({ type: 'job.changed', profileId: 'p1', vin: car.vin, jobId: badge.id, openJob: badge });
    await waitFor(() => expect(screen.getAllByText('Job open: RO-1234')).toHaveLength(2));
    expect(screen.getAllByText('Job open: RO-1234')[0]!.getAttribute('title')).toBe('Opened by Dana Reyes');

    // Another profile's job is not this garage's.
    fake.emit({ type: 'job.changed', profileId: 'other', vin: car.vin, jobId: 'x', openJob: null });
    expect(screen.getAllByText('Job open: RO-1234')).toHaveLength(2);

    fake.emit({ type: 'job.changed', profileId: 'p1', vin: car.vin, jobId: badge.id, openJob: null });
    await waitFor(() => expect(screen.queryByText(/Job open/)).toBeNull());
    // Followed from the events: the open jobs were not listed again.
    expect(fake.calls.filter((c) => c.operation === 'jobs.list')).toHaveLength(listed);
  });
});
