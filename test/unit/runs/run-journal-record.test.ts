// A run's start and end are lines of its journal, and its file is written only after it has ended.
// Each case is what a stop can leave on disk between those writes, read back at the next start.
import { mkdtemp, readdir, rm, mkdir } from 'node:fs/promises';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDomainEvents } from '../../../electron/main/events/domain-events';
import { openRunJournal, readRunJournal, type SentMark } from '../../../electron/main/runs/run-journal';
import { passes, waitFor } from '../../support/wait-for';
import { createRunManager, type RunManager } from '../../../electron/main/runs/run-manager';
import { createRunStore, RUNS_FOLDER } from '../../../electron/main/runs/run-store';
import type { RunWork } from '../../../electron/main/runs/run-work';
import type { RunSnapshot } from '../../../electron/shared/runs';
import { bulkRunSnapshot, commandRunManager, runContext } from './run-fixture';

const folders: string[] = [];
const managers: RunManager[] = [];
afterEach(async () => {
  for (const runs of managers.splice(0)) await runs.settle();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const VIN = '5YJ3E1EA7KF317000';
const RUN_ID = '00000000-0000-0000-0000-000000000007';
// These runs' steps do not reach a service.
const ctx = runContext;

async function runsFolder() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-run-journal-'));
  folders.push(dataDir);
  const folder = path.join(dataDir, RUNS_FOLDER);
  await mkdir(folder);
  return { dataDir, folder };
}

/** A command to one car, as its journal holds it when it started (revision 1, still running). */
const started = (change: (run: RunSnapshot) => void = () => {}) =>
  bulkRunSnapshot(RUN_ID, [VIN], (run) => {
    run.kind = 'vehicle-command';
    run.state = 'running';
    run.endedAt = null;
    run.revision = 1;
    change(run);
  });

function manager(dataDir: string) {
  const runs = createRunManager({
    store: createRunStore({ dataDir }),
    work: {} as RunWork,
    facts: createDomainEvents(),
    contextOf: async () => ctx,
    vehicleCommand: { acceptedReadsMs: [] },
  });
  managers.push(runs);
  return runs;
}

describe('a run recorded in its journal', () => {
  it('writes a line appended the moment the previous append settles', async () => {
    const { folder } = await runsFolder();
    const journal = openRunJournal({ folder, id: RUN_ID, fs });
    // Each append is made by the caller the previous one woke: none may wait forever.
    for (let n = 0; n < 5; n++) {
      await journal.append({
        type: 'sent',
        vin: VIN,
        operation: 'command:set_charge_limit',
        auditId: `a-${n}`,
        at: '2026-11-25T10:00:01.000Z',
      });
      await journal.append({ type: 'item', item: { ...started().items[0]!, status: 'sending' } });
    }
    await journal.close();
    expect((await readRunJournal(folder, RUN_ID, fs))!.map((line) => line.type)).toEqual(
      Array.from({ length: 5 }, () => ['sent', 'item']).flat(),
    );
  });

  it('a stop after its request left and before its file was written: the run is there, its outcome unknown', async () => {
    const { dataDir, folder } = await runsFolder();
    const journal = openRunJournal({ folder, id: RUN_ID, fs });
    await journal.append({ type: 'run', run: started() });
    await journal.append({
      type: 'sent',
      vin: VIN,
      operation: 'command:set_charge_limit',
      auditId: 'a-1',
      at: '2026-11-25T10:00:01.000Z',
    });
    await journal.close();

    const runs = manager(dataDir);
    await runs.load();
    const run = runs.get(RUN_ID);
    expect(run).toMatchObject({ state: 'interrupted', kind: 'vehicle-command' });
    // It left and nothing answered: never "not sent", never sent again without asking.
    expect(run.items[0]).toMatchObject({ vin: VIN, status: 'unknown' });
    // The recovered run is in its file now, and the journal has nothing left to add.
    expect(await readdir(folder)).toEqual([`${RUN_ID}.json`]);
  });

  it('a stop after it ended and before its file was written: the end the journal holds is loaded and filed', async () => {
    const { dataDir, folder } = await runsFolder();
    const journal = openRunJournal({ folder, id: RUN_ID, fs });
    await journal.append({ type: 'run', run: started() });
    const ended = started((run) => {
      run.state = 'completed';
      run.endedAt = '2026-11-25T10:00:03.000Z';
      run.revision = 4;
      run.items[0]!.status = 'succeeded';
      run.items[0]!.message = 'Charge limit now 80 %';
    });
    await journal.append({ type: 'run', run: ended });
    await journal.close();

    const store = createRunStore({ dataDir });
    const loaded = await store.loadAll();
    expect(loaded).toHaveLength(1);
    expect(loaded[0]).toMatchObject({ state: 'completed', items: [{ status: 'succeeded' }] });
    expect(await readdir(folder)).toEqual([`${RUN_ID}.json`]);
    expect((await createRunStore({ dataDir }).loadAll())[0]).toMatchObject({
      state: 'completed',
      revision: 4,
    });
  });

  it('a file newer than the journal’s copy wins; an ended file’s leftover journal is removed', async () => {
    const { dataDir, folder } = await runsFolder();
    const journal = openRunJournal({ folder, id: RUN_ID, fs });
    await journal.append({ type: 'run', run: started() });
    await journal.close();
    const newer = started((run) => {
      run.state = 'completed';
      run.endedAt = '2026-11-25T10:00:03.000Z';
      run.revision = 5;
    });
    await fs.writeFile(path.join(folder, `${RUN_ID}.json`), JSON.stringify({ version: 1, run: newer }));

    const loaded = await createRunStore({ dataDir }).loadAll();
    expect(loaded[0]).toMatchObject({ state: 'completed', revision: 5 });
    expect(await readdir(folder)).toEqual([`${RUN_ID}.json`]);
  });

  it('a journal copy that fails the edge’s rules is not loaded, and its journal goes', async () => {
    const { dataDir, folder } = await runsFolder();
    const journal = openRunJournal({ folder, id: RUN_ID, fs });
    await journal.append({
      type: 'run',
      run: started((run) => (run.command = { name: 'set_charge_limit', options: { percent: 101 } })),
    });
    await journal.close();
    expect(await createRunStore({ dataDir }).loadAll()).toEqual([]);
    expect(await readdir(folder)).toEqual([]);
  });

  it('a command to one car has its mark on disk while its sleep is read, and sends under that mark', async () => {
    const { dataDir, folder } = await runsFolder();
    let answerStatus!: () => void;
    const statusAnswered = new Promise<void>((resolve) => (answerStatus = resolve));
    let statusAsked!: () => void;
    const asked = new Promise<void>((resolve) => (statusAsked = resolve));
    const sentUnder: string[] = [];
    const { runs, start } = commandRunManager({
      dataDir,
      work: {
        command: async (_ctx, _vin, _name, _options, tag) => {
          const auditId = tag.auditIdFor?.('command:set_charge_limit') ?? 'fresh';
          await tag.beforeSend({ operation: 'command:set_charge_limit', auditId });
          sentUnder.push(auditId);
          tag.onAudited(auditId);
          return { value: { result: true, reason: '' } };
        },
        state: async () => ({ value: { state: 'online' }, asOf: null }) as never,
        status: async () => {
          statusAsked();
          await statusAnswered;
          return { value: { status: 'awake' } } as never;
        },
      },
    });
    managers.push(runs);
    const run = await start(VIN);
    await asked;
    // The status has not answered, and the mark is already written.
    await waitFor(
      passes(async () =>
        expect((await readRunJournal(folder, run.id, fs))?.map((line) => line.type)).toEqual(['run', 'sent']),
      ),
      'the mark written ahead',
    );
    const mark = (await readRunJournal(folder, run.id, fs))![1] as SentMark;
    answerStatus();
    const end = await runs.whenDone(run.id);
    // The send used the mark written ahead: one mark, its audit id the entry's.
    expect(sentUnder).toEqual([mark.auditId]);
    expect(end.items[0]).toMatchObject({ status: 'succeeded', auditId: mark.auditId });
    const sent = (await readRunJournal(folder, run.id, fs))!.filter((line) => line.type === 'sent');
    expect(sent).toHaveLength(1);
  });

  it('the next command to one car finds its journal created and named on disk before it starts', async () => {
    const { dataDir, folder } = await runsFolder();
    const opened: string[] = [];
    const countingFs = {
      ...fs,
      open: async (...args: Parameters<typeof fs.open>) => (opened.push(String(args[0])), fs.open(...args)),
    } as typeof fs;
    const { runs, start } = commandRunManager({
      dataDir,
      fs: countingFs,
      work: {
        command: async (_ctx, _vin, _name, _options, tag) => {
          const auditId = tag.auditIdFor?.('command:set_charge_limit') ?? 'a-1';
          await tag.beforeSend({ operation: 'command:set_charge_limit', auditId });
          return { value: { result: true, reason: '' } };
        },
        state: async () => ({ value: { state: 'online' }, asOf: null }) as never,
        status: async () => ({ value: { status: 'awake' } }) as never,
      },
    });
    managers.push(runs);
    const first = await start(VIN);
    await runs.whenDone(first.id);
    const journals = async () => (await readdir(folder)).filter((name) => name.endsWith('.journal')).sort();
    // Once the first has ended, the next one's journal waits, empty, beside the first's.
    const next = await waitFor(async () => {
      const ready = (await journals()).filter((name) => name !== `${first.id}.journal`);
      return ready.length === 1 ? ready[0]!.slice(0, -'.journal'.length) : null;
    }, 'the next journal');
    opened.length = 0;
    const second = await start(VIN);
    expect(second.id).toBe(next);
    expect((await runs.whenDone(second.id)).items[0]).toMatchObject({ status: 'succeeded' });
    // Neither its file nor the folder was opened on the command's path.
    expect(opened.filter((file) => file === folder || file.endsWith(`${second.id}.journal`))).toEqual([]);
    // Settled (as on quit), the journal made for a third is gone; the two commands' stay.
    await runs.settle();
    expect(await journals()).toEqual([`${first.id}.journal`, `${second.id}.journal`].sort());
  });

  it('a journal that lost its start line refuses the send: a crash would otherwise drop the run', async () => {
    const { dataDir } = await runsFolder();
    // The disk refuses the first write (the start line) and takes the next (the send's mark).
    let refusals = 1;
    const fullOnce = {
      ...fs,
      open: async (...args: Parameters<typeof fs.open>) => {
        const handle = await fs.open(...args);
        const append = handle.appendFile.bind(handle);
        handle.appendFile = (...a: Parameters<typeof handle.appendFile>) =>
          refusals-- > 0
            ? Promise.reject(Object.assign(new Error('no space'), { code: 'ENOSPC' }))
            : append(...a);
        return handle;
      },
    } as typeof fs;
    const sent: string[] = [];
    const { runs, start } = commandRunManager({
      dataDir,
      fs: fullOnce,
      work: {
        command: async (_ctx, vin, _name, _options, tag) => {
          await tag.beforeSend({ operation: 'command:set_charge_limit', auditId: 'a-1' });
          sent.push(vin);
          return { value: { result: true, reason: '' } };
        },
        notSent: async () => {},
        state: async () => ({ value: { state: 'online' }, asOf: null }) as never,
        status: async () => ({ value: { status: 'awake' } }) as never,
      },
    });
    managers.push(runs);
    const run = await start(VIN);
    const end = await runs.whenDone(run.id);
    expect(sent).toEqual([]);
    expect(end.items[0]).toMatchObject({ status: 'failed', errorKind: 'storage' });
    expect(end.items[0]!.message).toContain('ENOSPC');
  });

  it('a command to one car: done once its end is in the journal, which stays its synced record until the next start files it', async () => {
    const { dataDir, folder } = await runsFolder();
    // Syncs of the journal's file, counted, and how many lines each write carried.
    const syncs: string[] = [];
    const writes: number[] = [];
    const countingFs = {
      ...fs,
      open: async (...args: Parameters<typeof fs.open>) => {
        const handle = await fs.open(...args);
        const datasync = handle.datasync.bind(handle);
        const appendFile = handle.appendFile.bind(handle);
        handle.datasync = () => (syncs.push(path.basename(String(args[0]))), datasync());
        handle.appendFile = (data, options) => (
          writes.push(String(data).split('\n').length - 1),
          appendFile(data, options)
        );
        return handle;
      },
    } as typeof fs;
    const { runs, start } = commandRunManager({
      dataDir,
      fs: countingFs,
      work: {
        // As the audited write path does: the id of the mark written ahead, if there is one.
        command: async (_ctx, _vin, _name, _options, tag) => {
          const auditId = tag.auditIdFor?.('command:set_charge_limit') ?? 'a-1';
          await tag.beforeSend({ operation: 'command:set_charge_limit', auditId });
          tag.onAudited(auditId);
          return { value: { result: true, reason: '' } };
        },
        state: async () =>
          ({ value: { state: 'online', charge_state: { charge_limit_soc: 80 } }, asOf: null }) as never,
        status: async () => ({ value: { status: 'awake' } }) as never,
      },
    });
    managers.push(runs);
    const run = await start(VIN);
    const end = await runs.whenDone(run.id);
    expect(end).toMatchObject({ state: 'completed', items: [{ status: 'succeeded' }] });
    // Done with no file written: the journal holds the start, the send and the end (which carries
    // the item's outcome), in that order.
    expect((await readdir(folder)).filter((name) => name.endsWith('.json'))).toEqual([]);
    const lines = (await readRunJournal(folder, run.id, fs))!;
    expect(lines.map((line) => line.type)).toEqual(['run', 'sent', 'run']);
    // The start and the mark went in one write (one sync before the send), the end in another.
    expect(writes).toEqual([2, 1]);
    expect(lines.at(0)).toMatchObject({ run: { state: 'running', items: [{ status: 'queued' }] } });
    expect(lines.at(-1)).toMatchObject({ run: { state: 'completed', revision: end.revision } });
    // A stop now would load the run as it ended.
    expect((await createRunStore({ dataDir: await copyOf(dataDir) }).loadAll())[0]).toMatchObject({
      id: run.id,
      state: 'completed',
      items: [{ status: 'succeeded' }],
    });

    // Settled: still no file, and the journal synced after its end (the send's sync was before).
    await runs.settle();
    expect(await readdir(folder)).toEqual([`${run.id}.journal`]);
    expect(syncs).toEqual([`${run.id}.journal`, `${run.id}.journal`]);
    // The next start files the run and lets the journal go.
    expect((await createRunStore({ dataDir }).loadAll())[0]).toMatchObject({
      id: run.id,
      state: 'completed',
      revision: end.revision,
    });
    expect(await readdir(folder)).toEqual([`${run.id}.json`]);
  });
});

/** A copy of the data folder, as a stop at this moment would leave it. */
async function copyOf(dataDir: string): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'garage-run-journal-copy-'));
  folders.push(copy);
  await fs.cp(dataDir, copy, { recursive: true });
  return copy;
}
