// The Job tab's check-in table on a day on the floor: every fact the PDF prints (alerts, tyres,
// telemetry, amps, cabin temperature, speed limit), a value the car reported days before check-in
// said with its age, drivers by name, distances in the technician's unit, and the repair order's
// customer, cause and correction beside its complaint.
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import JobPanel from '../../renderer/src/components/vehicle/job/JobPanel.svelte';
import { preferences } from '../../renderer/src/lib/stores';
import type { Job } from '../../electron/shared/jobs/job-record';
import { offlineCheckInJob as offlineCheckIn, openJobFixture, recordFixture } from '../support/job-fixture';
import { installFakeGarage } from './fake-garage';
import { factRow, jobCar, showJob } from './show-job';
import { ok } from './fixtures';

const car = jobCar;
const show = showJob;
const row = factRow;

describe("the Job tab's check-in", () => {
  it('shows every fact the PDF prints: alerts, tyres, telemetry, amps, cabin temperature, speed limit', async () => {
    preferences.setPressureUnit('psi');
    show(offlineCheckIn());
    await screen.findByRole('table');
    expect(row(/^firmware alerts BMS_w035_TirePressureLow, as of/)).toBeTruthy();
    expect(row(/^tyre pressures \(psi\) FL 42\.5, FR 42\.1, RL unknown, RR 41\.6, as of/)).toBeTruthy();
    expect(row(/^telemetry configuration synced, expires /)).toBeTruthy();
    expect(row(/^charging current 16 A, as of/)).toBeTruthy();
    expect(row(/^cabin temperature 21\.5 °C, as of/)).toBeTruthy();
    expect(row(/^speed limit mode off, as of/)).toBeTruthy();
    expect(row(/^speed limit 85 mph, as of/)).toBeTruthy();
    expect(row(/^windows /)).toBeTruthy();
  });

  it('says how old a value was at check-in when the car had not reported it live', async () => {
    show(offlineCheckIn());
    await screen.findByRole('table');
    // Read five days and an hour before the job was opened (10:00 on the 25th).
    expect(row(/^battery 64 %, as of .*, 5 days ago at check-in$/)).toBeTruthy();
    // The last answer kept offline says its age and that it is a kept one.
    expect(
      row(/^tyre pressures .*, less than a minute ago at check-in, last answer kept offline$/),
    ).toBeTruthy();
    // A value the car reported as the snapshot was taken is live: no age.
    expect(row(/^sleep state awake, as of /)).toBeTruthy();
    expect(screen.queryByRole('row', { name: /^sleep state .* ago at check-in/ })).toBeNull();
  });

  it('names drivers by name, and one without a name by a labelled, shortened id', async () => {
    show(offlineCheckIn());
    await screen.findByRole('table');
    const drivers = row(/^drivers /);
    expect(drivers.textContent).toContain('Ana Diaz, unnamed driver (id …7654)');
    expect(drivers.textContent).not.toMatch(/\d{16}/);
  });

  it("says distances and speeds in the technician's unit", async () => {
    preferences.setDistanceUnit('km');
    preferences.setTemperatureUnit('f');
    show(offlineCheckIn());
    await screen.findByRole('table');
    expect(row(/^odometer 19,367\.7 km, as of/)).toBeTruthy();
    expect(row(/^speed limit 137 km\/h, as of/)).toBeTruthy();
    expect(row(/^cabin temperature 70\.7 °F, as of/)).toBeTruthy();
    expect(screen.queryByText(/\bmi\b|\bmph\b/)).toBeNull();
  });

  it("shows the repair order's customer, cause and correction beside its complaint", async () => {
    show({ ...openJobFixture(), cause: 'Charge limit set to 80 % in the app', correction: null });
    await screen.findByRole('table');
    const said = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(said('Customer')).toBe('Sam Ortiz, 555-0142');
    expect(said('Complaint')).toBe('Charges only to 80 %');
    expect(said('Cause')).toBe('Charge limit set to 80 % in the app');
    expect(screen.queryByText('Correction', { selector: 'dt' })).toBeNull();
  });

  it('lets the technician keep the cause and correction while the job is open', async () => {
    let job: Job = { ...openJobFixture(), cause: null, correction: null };
    const fake = installFakeGarage({
      'jobs.list': () => ok([job]),
      'jobs.record': () => ok(recordFixture(0, job)),
      'jobs.describe': ([, said]) => {
        const { cause, correction } = said as { cause: string; correction: string };
        job = { ...job, cause: cause || null, correction: correction || null };
        return ok(job);
      },
    });
    render(JobPanel, { props: { vehicle: car } });
    const save = (await screen.findByRole('button', {
      name: 'Save cause and correction',
    })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await fireEvent.input(screen.getByRole('textbox', { name: 'Cause' }), {
      target: { value: 'Loose heat shield' },
    });
    expect(save.disabled).toBe(false);
    await fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByText('Cause', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
        'Loose heat shield',
      ),
    );
    expect(fake.calls.find((c) => c.operation === 'jobs.describe')?.args).toEqual([
      job.id,
      { cause: 'Loose heat shield', correction: '' },
    ]);
    expect((screen.getByRole('textbox', { name: 'Cause' }) as HTMLTextAreaElement).value).toBe(
      'Loose heat shield',
    );
    expect(save.disabled).toBe(true);
  });

  it('takes a note in a multi-line field named Note, sized for a few sentences', async () => {
    show(openJobFixture());
    const note = (await screen.findByRole('textbox', { name: 'Note' })) as HTMLTextAreaElement;
    expect(note.tagName).toBe('TEXTAREA');
    expect(note.rows).toBeGreaterThanOrEqual(3);
    expect(note.maxLength).toBe(4000);
  });
});
