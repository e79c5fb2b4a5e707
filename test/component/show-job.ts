// The Job tab of the fixture's car showing one job (listed, with its record), and a row of its
// facts table by accessible name: for the tests of what the tab shows of a job.
import { render, screen } from '@testing-library/svelte';
import JobPanel from '../../renderer/src/components/vehicle/job/JobPanel.svelte';
import type { Job } from '../../electron/shared/jobs/job-record';
import { recordFixture } from '../support/job-fixture';
import { installFakeGarage } from './fake-garage';
import { ok, vehicle } from './fixtures';

export const jobCar = vehicle(1, { vin: '5YJ3E1EA7KF000001' });

export function showJob(job: Job): void {
  installFakeGarage({
    'jobs.list': () => ok([job]),
    'jobs.record': () => ok(recordFixture(0, job)),
  });
  render(JobPanel, { props: { vehicle: jobCar } });
}

export const factRow = (name: RegExp) => screen.getByRole('row', { name });
