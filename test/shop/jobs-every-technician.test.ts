// A job in shop mode covers every technician's actions on the car, two cores on one real
// PostgreSQL: what Ben sends to the car while Ana's job is open is in Ana's record (with his name
// and the effect his app read back), the digest covers it and both machines verify the record; an
// entry still waiting in an outbox has the same form in the record as once uploaded, so a record
// exported before the upload still verifies after it; with the database away the record says it
// holds this machine's actions only, verification says it cannot check now, and the effect the car
// confirmed and a note typed are kept on the machine and reach the shop's job when it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobRecord } from '../../electron/shared/jobs/job-record';
import type { CommandName } from '../../electron/shared/commands';
import type { CoreHarness } from '../support/core-harness';
import { coreEvents } from './support/join-shop';
import { cutOff, startTwoCores, type TwoCores } from './support/two-cores';
import { SHOP_WAIT } from './support/wait';
import { matching, passes, waitFor } from '../support/wait-for';
import { sendCommand } from '../support/send-command';

let shop: TwoCores;
let ana: CoreHarness;
let ben: CoreHarness;
let vin: string;
let job: Job;

const jobs = (h: CoreHarness) => h.core.jobs.service;

/** Sends a command on one machine and waits until its app has read the car back for the job. */
async function send(h: CoreHarness, name: CommandName, options = {}, to = vin) {
  const sent = await sendCommand(h, to, name, options);
  if (!sent.ok) throw new Error(sent.error.message);
  await jobs(h).settle();
}

/** Waits until `h` hears of an entry another machine wrote to the shop for the vehicle. */
const heardFrom = (h: CoreHarness, technician: string, operation: string) =>
  waitFor(
    matching(
      (e) =>
        e.type === 'audit.added' &&
        e.vin === vin &&
        e.entry.technician === technician &&
        e.entry.operation === operation,
    ),
    `${technician}'s ${operation} on the other machine`,
    { ...SHOP_WAIT, wakeOn: coreEvents(h) },
  );

const summary = (record: JobRecord) =>
  record.actions.map(({ entry, effect }) => ({
    technician: entry.technician,
    operation: entry.operation,
    effect: effect.status,
  }));

beforeAll(async () => {
  shop = await startTwoCores('jobs_every');
  ({ ana, ben } = shop);
  vin = ana.simulator.vins[4]!;
  job = await jobs(ana).open('demo', { vin, repairOrder: 'RO-77', complaint: 'Will not charge past 80 %' });
}, 60_000);

afterAll(() => shop?.close());

describe("a shop job holds every technician's actions on the car", () => {
  it("lists Ben's command in Ana's job with his name and the effect his app read back", async () => {
    await send(ana, 'set_charge_limit', { percent: 90 });
    const onAna = heardFrom(ana, 'Ben', 'command:enable_valet');
    await send(ben, 'enable_valet');
    // Another car's action and an action after the window are not the job's.
    await send(ben, 'enable_valet', {}, ben.simulator.vins[5]!);
    await onAna;

    // Each app adds its command's effect to the job once it has read the car back: both are in.
    await waitFor(
      passes(async () =>
        expect(summary(await jobs(ana).record(job.id)).map((a) => a.effect)).toEqual([
          'confirmed',
          'confirmed',
        ]),
      ),
      'both effects in the job',
      { timeoutMs: 15_000 },
    );
    const record = await jobs(ana).record(job.id);
    expect(summary(record)).toEqual([
      { technician: 'Ana', operation: 'command:set_charge_limit', effect: 'confirmed' },
      { technician: 'Ben', operation: 'command:enable_valet', effect: 'confirmed' },
    ]);
    expect(record.actions[1]!.entry).toMatchObject({ machine: 'bay-2', outcome: 'success' });
    expect(record.coverage).toMatchObject({ scope: 'shop', complete: true });
    expect(record.digest.entries).toBe(2);

    // The same job read on Ben's machine is the same record, and each machine verifies the other's.
    const onBen = await jobs(ben).record(job.id);
    expect(onBen.actions.map((a) => a.entry)).toEqual(record.actions.map((a) => a.entry));
    expect(onBen.digest.value).toBe(record.digest.value);
    expect(await jobs(ben).verify(JSON.stringify(record))).toMatchObject({
      ok: true,
      text: 'Verified: the record matches 2 audit entries.',
    });
    expect(await jobs(ana).verify(JSON.stringify(onBen))).toMatchObject({ ok: true });

    // A record that leaves Ben's entry out is caught by the shop's log, not only by its digest.
    const without = { ...record, actions: record.actions.slice(0, 1) };
    const { recordDigest } = await import('../../electron/main/jobs/job-digest');
    without.digest = { ...record.digest, entries: 1 };
    without.digest.value = recordDigest(without);
    expect(await jobs(ana).verify(JSON.stringify(without))).toMatchObject({
      ok: false,
      problem: 'extra',
      text: expect.stringContaining('command:enable_valet'),
    });
  });

  it("says it holds only this machine's actions while the database is away; the waiting entry keeps its form", async () => {
    await cutOff(ben, shop.proxy);
    let offline: JobRecord;
    try {
      await send(ben, 'disable_valet');
      offline = await jobs(ben).record(job.id);
      expect(offline.coverage).toMatchObject({ scope: 'machine', complete: false });
      expect(offline.coverage!.text).toMatch(
        /^Only this machine's actions: the shop database is not reachable/,
      );
      // Ben's own actions, the uploaded one and the one waiting in his outbox; Ana's cannot be known.
      expect(summary(offline)).toEqual([
        { technician: 'Ben', operation: 'command:enable_valet', effect: 'confirmed' },
        // What the car confirmed is kept on this machine while the job cannot be changed in the shop.
        { technician: 'Ben', operation: 'command:disable_valet', effect: 'confirmed' },
      ]);
      // A note only adds to the job: it is kept here while the job's other changes are refused.
      const noted = await jobs(ben).addNote(job.id, 'Valet off again, customer asked');
      expect(noted.notes.at(-1)).toMatchObject({
        technician: 'Ben',
        text: 'Valet off again, customer asked',
      });
      expect(await jobs(ben).verify(JSON.stringify(offline))).toMatchObject({
        ok: false,
        problem: 'unavailable',
        text: expect.stringMatching(/^Not verified: the shop's audit log cannot be read now/),
      });
    } finally {
      const uploaded = heardFrom(ana, 'Ben', 'command:disable_valet');
      await shop.proxy.restore();
      await uploaded;
    }

    // Back online, Ben's app gives the shop's job the effect it kept: Ana's record shows it.
    await waitFor(
      passes(async () =>
        expect(await summary(await jobs(ana).record(job.id)).at(-1)?.effect).toBe('confirmed'),
      ),
      "the confirmed effect in Ana's record",
      { timeoutMs: 15_000 },
    );
    // The note reached the shop's job once.
    const notesOnAna = async () =>
      (await jobs(ana).get(job.id)).notes.filter((n) => n.text === 'Valet off again, customer asked').length;
    await waitFor(
      passes(async () => expect(await notesOnAna()).toBe(1)),
      "Ben's note on Ana's job",
      { timeoutMs: 15_000 },
    );
    const row = await shop.db.query<{ details: { notes: { text: string }[] } }>(
      'SELECT details FROM jobs WHERE id = $1',
      [job.id],
    );
    expect(
      row.rows[0]!.details.notes.filter((n) => n.text === 'Valet off again, customer asked'),
    ).toHaveLength(1);
    // Uploaded, the entry is the one the offline record holds, field for field.
    const online = await jobs(ana).record(job.id);
    const waited = offline.actions.find((a) => a.entry.operation === 'command:disable_valet')!.entry;
    expect(online.actions.find((a) => a.entry.id === waited.id)?.entry).toEqual(waited);
    expect(summary(online).map((a) => `${a.technician} ${a.operation}`)).toEqual([
      'Ana command:set_charge_limit',
      'Ben command:enable_valet',
      'Ben command:disable_valet',
    ]);
    expect(online.coverage).toMatchObject({ scope: 'shop', complete: true });
    // Ben's app checks the record against the job as it has heard it: once it has heard the last
    // change of the job (live, within the listener's read gap), the record verifies there too.
    await waitFor(
      passes(async () =>
        expect(await jobs(ben).verify(JSON.stringify(online))).toMatchObject({ ok: true, entries: 3 }),
      ),
      "Ana's record verified on Ben's machine",
      { timeoutMs: 15_000 },
    );
  });
});
