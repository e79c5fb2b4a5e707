// The Job tab names, beside each name typed on the job's own lines (its technician, each note, who
// opened, closed and reopened it), the shop's database role that wrote it where the two differ, as
// the record's PDF prints them; a role that is the name itself, and solo mode's no role, show the
// name alone.
import { render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import JobPanel from '../../renderer/src/components/vehicle/job/JobPanel.svelte';
import type { Job } from '../../electron/shared/jobs/job-record';
import { jobFixture, recordFixture } from '../support/job-fixture';
import { installFakeGarage } from './fake-garage';
import { ok, vehicle } from './fixtures';

const car = vehicle(1, { vin: '5YJ3E1EA7KF000001' });
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 10, minutes)).toISOString();

/** A closed job Ana's role wrote under the typed name "Ben", but for one note Ben's own role wrote. */
const forged = (): Job =>
  jobFixture({
    technician: 'Ben',
    events: [
      { time: at(0), kind: 'opened', technician: 'Ben', role: 'tech_ana' },
      { time: at(30), kind: 'closed', technician: 'Ben', role: 'tech_ana' },
      { time: at(40), kind: 'reopened', technician: 'Ben', role: 'tech_ana' },
      { time: at(50), kind: 'closed', technician: 'Ben', role: 'tech_ana' },
    ],
    notes: [
      { time: at(10), technician: 'Ben', text: 'Seals checked', role: 'tech_ana' },
      { time: at(20), technician: 'Ben', text: 'Wipers replaced', role: 'Ben' },
    ],
  });

function show(job: Job) {
  installFakeGarage({
    'jobs.list': () => ok([job]),
    'jobs.record': () => ok(recordFixture(0, job)),
  });
  render(JobPanel, { props: { vehicle: car } });
}

describe("the Job tab's people", () => {
  it('names the role beside the typed name on the technician, notes and history where they differ', async () => {
    show(forged());
    const history = await screen.findByRole('list', { name: 'History' });
    expect(screen.getByText('Technician', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Ben (role tech_ana)',
    );
    const notes = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    // Each note after its time.
    const said = (note: HTMLElement) =>
      (note.textContent ?? '')
        .replace(note.querySelector('time')?.textContent ?? '', '')
        .replace(/\s+/g, ' ')
        .replace(/^, /, '')
        .trim();
    expect(notes.map(said)).toEqual(['Ben (role tech_ana): Seals checked', 'Ben: Wipers replaced']);
    const lines = within(history)
      .getAllByRole('listitem')
      .map((line) => line.textContent?.trim().replace(/^.*: /, ''));
    expect(lines).toEqual([
      'opened by Ben (role tech_ana)',
      'closed by Ben (role tech_ana)',
      'reopened by Ben (role tech_ana)',
      'closed by Ben (role tech_ana)',
    ]);
  });

  it('shows the names alone in solo mode, where no role is recorded', async () => {
    show(jobFixture({ events: [{ time: at(0), kind: 'opened', technician: 'Dana Reyes' }] }));
    const history = await screen.findByRole('list', { name: 'History' });
    expect(screen.getByText('Technician', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Dana Reyes',
    );
    expect(within(history).getByRole('listitem').textContent).toMatch(/opened by Dana Reyes$/);
    expect(screen.queryByText(/\(role /)).toBeNull();
  });
});
