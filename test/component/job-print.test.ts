// The job's "Print repair order" button asks main to print the record (as the PDF export does) and
// open it in the computer's viewer, in the technician's units; what main says comes back as a toast.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { expect, it } from 'vitest';
import JobPanel from '../../renderer/src/components/vehicle/job/JobPanel.svelte';
import { preferences, toasts } from '../../renderer/src/lib/stores';
import { openJobFixture, recordFixture } from '../support/job-fixture';
import { installFakeGarage } from './fake-garage';
import { ok, vehicle } from './fixtures';

const car = vehicle(1, { vin: '5YJ3E1EA7KF000001' });

it('prints the open job through main, in the chosen units, and says where to print it', async () => {
  const job = openJobFixture();
  const fake = installFakeGarage({
    'jobs.list': () => ok([job]),
    'jobs.record': () => ok(recordFixture(2, job)),
    'jobs.printPdf': () => ok({ path: '/data/prints/ro.pdf', entries: 2, digest: 'a'.repeat(64) }),
  });
  preferences.setTemperatureUnit('f');
  try {
    render(JobPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Print repair order' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.operation === 'jobs.printPdf')?.args).toEqual([
        job.id,
        expect.objectContaining({ temperature: 'f' }),
      ]),
    );
    await waitFor(() =>
      expect(toasts.items.map((toast) => toast.message)).toContain(
        'Opened the repair order (2 entries) in the PDF viewer: print it from there.',
      ),
    );
  } finally {
    preferences.setTemperatureUnit('c');
  }
});
