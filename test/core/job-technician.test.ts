// A repair order credits the person at the keyboard, not the computer's login: the name typed on
// this computer is kept (across a restart) and used for the notes, closing and reopening of a job,
// in the app and in the PDF; with none typed, the computer's name for its user (its full name where
// the system keeps one) stands.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullNameFromPasswd, machineUser } from '../../electron/main/workspace/machine-user';
import { pdfText } from '../support/chromium-print';
import { must, startJobCore, type JobCore } from '../support/job-core';

let core: JobCore;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-technician-'));
  // The computer's user is "Dana Reyes" (job-core's stand-in for the login).
  core = await startJobCore({ dataDir });
}, 60_000);
afterAll(async () => {
  await core?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the technician a job credits', () => {
  it('is the computer’s user until a name is typed, then the typed name for notes, closing and the PDF', async () => {
    const { garage } = core.h;
    expect(must(await garage.jobs.technician())).toEqual({ name: 'Dana Reyes', from: 'system' });

    expect(must(await garage.jobs.setTechnician('  Kim Lee '))).toEqual({ name: 'Kim Lee', from: 'typed' });
    const job = must(await garage.jobs.open(core.vin, { repairOrder: 'RO-8100' }));
    expect(job.technician).toBe('Kim Lee');
    must(await garage.jobs.addNote(job.id, 'Latch replaced'));
    // A colleague says who they are for one note: that note is theirs, the next is Kim's again.
    must(await garage.jobs.addNote(job.id, 'Checked the latch', { technician: 'Sam Ortiz' }));
    const closed = must(await garage.jobs.close(job.id));
    if (closed.status !== 'closed') throw new Error(`not closed: ${JSON.stringify(closed.warnings)}`);
    expect(closed.job.notes.map((note) => [note.technician, note.text])).toEqual([
      ['Kim Lee', 'Latch replaced'],
      ['Sam Ortiz', 'Checked the latch'],
    ]);
    expect(closed.job.events.map((event) => [event.kind, event.technician])).toEqual([
      ['opened', 'Kim Lee'],
      ['closed', 'Kim Lee'],
    ]);

    const saved = await core.h.core.jobs.export.toPdf(job.id);
    if (saved.cancelled) throw new Error('cancelled');
    const text = (await pdfText(await readFile(saved.path))).replace(/\s+/g, ' ');
    expect(text).toContain('Kim Lee: Latch replaced');
    expect(text).toContain('Sam Ortiz: Checked the latch');
    expect(text).toMatch(/closed by Kim Lee/);
    expect(text).not.toContain('Dana Reyes');
  });

  it('keeps the typed name across a restart, and an empty one goes back to the computer’s user', async () => {
    await core.close();
    core = await startJobCore({ dataDir });
    const { garage } = core.h;
    expect(must(await garage.jobs.technician())).toEqual({ name: 'Kim Lee', from: 'typed' });
    const job = must(await garage.jobs.open(core.vin, { repairOrder: 'RO-8101' }));
    must(await garage.jobs.setTechnician(''));
    expect(must(await garage.jobs.technician())).toEqual({ name: 'Dana Reyes', from: 'system' });
    const noted = must(await garage.jobs.addNote(job.id, 'Back to the default'));
    expect(noted.notes.at(-1)?.technician).toBe('Dana Reyes');
    expect(JSON.parse(await readFile(path.join(dataDir, 'technician.json'), 'utf8'))).toEqual({ name: '' });
  });
});

describe('the computer’s name for its user', () => {
  const passwd = [
    'root:x:0:0:root:/root:/bin/bash',
    'dortiz:x:1000:1000:Dana Ortiz,,,:/home/dortiz:/bin/bash',
    'kiosk:x:1001:1001::/home/kiosk:/bin/sh',
  ].join('\n');

  it('is the full name the password database keeps for the login, before its first comma', () => {
    expect(fullNameFromPasswd(passwd, 1000)).toBe('Dana Ortiz');
    expect(fullNameFromPasswd(passwd, 1001)).toBeNull();
    expect(fullNameFromPasswd(passwd, 4242)).toBeNull();
  });

  it('is this login’s full name when the system has one, else the login, never blank', async () => {
    const me = os.userInfo();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-passwd-'));
    try {
      const named = path.join(dir, 'named');
      await writeFile(named, `${me.username}:x:${me.uid}:${me.gid}:Pat Quinn,Bay 3:/home/x:/bin/sh\n`);
      expect(machineUser(named)).toBe('Pat Quinn');
      const bare = path.join(dir, 'bare');
      await writeFile(bare, `${me.username}:x:${me.uid}:${me.gid}::/home/x:/bin/sh\n`);
      expect(machineUser(bare)).toBe(me.username);
      expect(machineUser(path.join(dir, 'missing'))).toBe(me.username);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
