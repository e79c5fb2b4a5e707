// A run the app stopped in, made true at the next start from its journal and the audit entries of
// its sends: each case a crash can leave between "the request left" and "the run's file says so".
import { mkdtemp, rm, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { journalFile, openRunJournal, readRunJournal } from '../../../electron/main/runs/run-journal';
import { recoverRun } from '../../../electron/main/runs/run-recovery';
import { newRunItem, retryableItems } from '../../../electron/shared/runs';
import { bulkRunSnapshot } from './run-fixture';
import type { AuditEntry } from '../../../electron/shared/types';
import * as fs from 'node:fs/promises';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const VINS = ['5YJ3E1EA7KF317000', '5YJ3E1EA7KF317001', '5YJ3E1EA7KF317002', '5YJ3E1EA7KF317003'];
const RUN_ID = '00000000-0000-0000-0000-000000000001';
const NOW = new Date('2026-11-25T10:05:00.000Z');

/** The run's file as the once-a-second save left it: everything still queued. */
const savedRun = () =>
  bulkRunSnapshot(RUN_ID, VINS, (run) => {
    run.state = 'running';
    run.endedAt = null;
  });

function entry(
  id: string,
  vin: string,
  outcome: AuditEntry['outcome'],
  extra: Partial<AuditEntry> = {},
): AuditEntry {
  return {
    id,
    time: '2026-11-25T10:01:00.000Z',
    profileId: 'p',
    profileName: 'Lot',
    vin,
    operation: 'command:set_charge_limit',
    params: { percent: 80 },
    outcome,
    durationMs: 40,
    runId: RUN_ID,
    bulk: true,
    ...extra,
  };
}

const sent = (vin: string, auditId: string, operation = 'command:set_charge_limit') =>
  ({ type: 'sent', vin, operation, auditId, at: '2026-11-25T10:01:00.000Z' }) as const;

describe('a run recovered after a crash', () => {
  it('a send whose answer reached only the audit log is sent, with that answer; one with none is unknown', () => {
    const run = recoverRun(
      savedRun(),
      [sent(VINS[0]!, 'a0'), sent(VINS[1]!, 'a1'), sent(VINS[2]!, 'a2')],
      [
        entry('a0', VINS[0]!, 'success'),
        entry('a1', VINS[1]!, 'failed', { reason: 'charging_complete' }),
        // An entry of an earlier attempt is not the answer to the last send.
        entry('older', VINS[2]!, 'success'),
      ],
      NOW,
    );
    expect(run.state).toBe('interrupted');
    expect(run.items.map((i) => i.status)).toEqual(['succeeded', 'failed', 'unknown', 'not-sent']);
    expect(run.items[0]!.auditId).toBe('a0');
    expect(run.items[1]!.message).toMatch(/^The vehicle did not do it: /);
    expect(run.items[2]!.message).toMatch(/History/);
    expect(retryableItems(run.items).map((i) => i.vin)).toEqual([VINS[1], VINS[3]]);
    expect(retryableItems(run.items, { includeUnknown: true }).map((i) => i.vin)).toEqual([
      VINS[1],
      VINS[2],
      VINS[3],
    ]);
  });

  it('an outcome in the journal stands; a 429 wait and a wake before the command are not sends of the command', () => {
    const done = { ...newRunItem(VINS[0]!), status: 'succeeded' as const, auditId: 'a0' };
    const waiting = { ...newRunItem(VINS[1]!), status: 'waiting' as const };
    const run = recoverRun(
      savedRun(),
      [
        sent(VINS[0]!, 'a0'),
        { type: 'item', item: done },
        sent(VINS[1]!, 'unaudited-429'),
        { type: 'item', item: waiting },
        sent(VINS[2]!, 'w2', 'wake'),
      ],
      [entry('w2', VINS[2]!, 'success', { operation: 'wake' })],
      NOW,
    );
    expect(run.items.map((i) => i.status)).toEqual(['succeeded', 'not-sent', 'not-sent', 'not-sent']);
    expect(run.items[2]!.woke).toBe(true);
  });

  it('a file of an older version (no journal): its audit entries answer, a send under way is unknown', () => {
    const saved = savedRun();
    saved.items[2]!.status = 'sending';
    saved.items[3]!.status = 'sending';
    const run = recoverRun(
      saved,
      null,
      [entry('x', VINS[3]!, 'error', { errorKind: 'timeout', reason: 'late' })],
      NOW,
    );
    expect(run.items.map((i) => i.status)).toEqual(['not-sent', 'not-sent', 'unknown', 'failed']);
    expect(run.items[3]).toMatchObject({ errorKind: 'timeout', message: 'late' });
  });

  it('the journal on disk: lines written together are read back in order, a torn last line skipped', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'garage-journal-'));
    folders.push(folder);
    const journal = openRunJournal({ folder, id: RUN_ID, fs });
    await Promise.all([journal.append(sent(VINS[0]!, 'a0')), journal.append(sent(VINS[1]!, 'a1'))]);
    await journal.append({ type: 'item', item: { ...newRunItem(VINS[0]!), status: 'succeeded' } });
    await journal.close();
    await appendFile(journalFile(folder, RUN_ID), '{"type":"sent","vin":"5YJ3E1EA7KF3');
    const lines = await readRunJournal(folder, RUN_ID, fs);
    expect(
      lines?.map((l) => (l.type === 'sent' ? l.auditId : l.type === 'item' ? l.item.status : l.type)),
    ).toEqual(['a0', 'a1', 'succeeded']);
    expect(await readRunJournal(folder, '00000000-0000-0000-0000-000000000002', fs)).toBeNull();
  });
});
