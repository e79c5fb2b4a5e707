// A shop job's events and notes carry the database role of the session that wrote them: what a
// change adds is that session's, what the job held keeps the role it was written with (none for
// what was written before roles), and the opening is the role the server stamped on the row.
import { describe, expect, it } from 'vitest';
import { withOpenerRole, withWriterRole } from '../../../electron/main/jobs/job-roles';
import { jobFixture } from '../../support/job-fixture';

const before = jobFixture({
  events: [{ time: '2026-11-25T10:00:00.000Z', kind: 'opened', technician: 'Ben', role: 'tech_ben' }],
  notes: [{ time: '2026-11-25T10:05:00.000Z', technician: 'Ben', text: 'Old note' }],
});

describe('who wrote a shop job', () => {
  it("names this session's role on what a change adds, and keeps what the job held as it was", () => {
    const changed = {
      ...before,
      // A change that tried to rewrite the opening's role changes nothing of it.
      events: [
        { ...before.events[0]!, role: 'tech_forged' },
        { time: '2026-11-25T11:00:00.000Z', kind: 'closed' as const, technician: 'Ben' },
      ],
      notes: [
        ...before.notes,
        { time: '2026-11-25T10:30:00.000Z', technician: 'Ben', text: 'New note', role: 'tech_forged' },
      ],
    };
    const written = withWriterRole(changed, before, 'tech_ana');
    expect(written.events.map((event) => event.role)).toEqual(['tech_ben', 'tech_ana']);
    expect(written.notes.map((note) => note.role)).toEqual([undefined, 'tech_ana']);
  });

  it('names the role on every line of a job new to the shop', () => {
    const written = withWriterRole(before, null, 'tech_ana');
    expect([...written.events, ...written.notes].map((line) => line.role)).toEqual(['tech_ana', 'tech_ana']);
  });

  it("takes the opening's role from the row, and leaves a row from before roles as it is", () => {
    const opened = withOpenerRole(before, 'tech_cleo');
    expect(opened.events[0]!.role).toBe('tech_cleo');
    expect(withOpenerRole(before, null)).toBe(before);
  });
});
