// Each writer's outbox in its own folder, named by the role's bytes (two roles one letter's case
// apart are two folders, also on a disk that ignores case), and the profile's one outbox of before
// adopted as the configured user's: its owner named first, so a crash before the move still adopts
// it for the same role after the settings changed; never merged into an outbox the role has already.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOutbox } from '../../../electron/main/shop/outbox';
import {
  adoptOldOutbox,
  claimOutbox,
  OLD_OUTBOX_FOLDER,
  OUTBOX_OWNER,
  othersEntryIds,
  othersWaiting,
  outboxDirOf,
  waitingIdsOfAll,
} from '../../../electron/main/shop/outbox-owners';
import { writeFileAtomic } from '../../../electron/main/storage/atomic-file';
import { flashEntries } from '../../shop/support/outbox-entries';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vg-outbox-owners-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("each writer's outbox", () => {
  it('keeps two roles apart whatever the case and characters of their names', async () => {
    const upper = await claimOutbox(dir, { role: 'Ana', name: 'Ana Lopez' });
    const lower = await claimOutbox(dir, { role: 'ana', name: null });
    const odd = await claimOutbox(dir, { role: 'tech/ä b', name: null });
    expect(new Set([upper, lower, odd]).size).toBe(3);
    expect(upper).toBe(outboxDirOf(dir, 'Ana'));
    expect(JSON.parse(await readFile(join(upper, OUTBOX_OWNER), 'utf8'))).toEqual({
      role: 'Ana',
      name: 'Ana Lopez',
    });
    // A later claim without a name keeps the one known.
    await claimOutbox(dir, { role: 'Ana', name: null });
    expect(JSON.parse(await readFile(join(upper, OUTBOX_OWNER), 'utf8'))).toMatchObject({
      name: 'Ana Lopez',
    });
  });

  it("counts what waits for each writer but the one connected, and knows every writer's waiting ids", async () => {
    const [a1, a2, b1] = flashEntries(3, '5YJ3E1EA7KF001301');
    await (await openOutbox(await claimOutbox(dir, { role: 'ana', name: 'Ana' }))).appendMany([a1!, a2!]);
    await (await openOutbox(await claimOutbox(dir, { role: 'ben', name: null }))).append(b1!);
    await claimOutbox(dir, { role: 'cleo', name: 'Cleo' });
    expect(await othersWaiting(dir, 'ben')).toEqual([{ role: 'ana', name: 'Ana', count: 2 }]);
    expect(await othersWaiting(dir, null)).toEqual([
      { role: 'ana', name: 'Ana', count: 2 },
      { role: 'ben', name: null, count: 1 },
    ]);
    expect(await waitingIdsOfAll(dir)).toEqual(new Set([a1!.id, a2!.id, b1!.id]));
    // What a re-send after a restore by Ben's session leaves to Ana's.
    expect(await othersEntryIds(dir, 'ben')).toEqual(new Set([a1!.id, a2!.id]));
  });
});

describe('the outbox of before', () => {
  it("is adopted, with what waits in it, as the configured user's", async () => {
    const [old] = flashEntries(1, '5YJ3E1EA7KF001302');
    await (await openOutbox(join(dir, OLD_OUTBOX_FOLDER))).append(old!);
    expect(await adoptOldOutbox(dir, 'ana')).toBe('ana');
    expect(await readdir(dir)).not.toContain(OLD_OUTBOX_FOLDER);
    expect(await (await openOutbox(outboxDirOf(dir, 'ana'))).waiting()).toEqual([old]);
    expect(await othersWaiting(dir, 'ben')).toEqual([{ role: 'ana', name: null, count: 1 }]);
    // Nothing left to adopt.
    expect(await adoptOldOutbox(dir, 'ana')).toBeNull();
  });

  it('stays the role it was named for when a crash came between naming and moving it', async () => {
    const [old] = flashEntries(1, '5YJ3E1EA7KF001303');
    await (await openOutbox(join(dir, OLD_OUTBOX_FOLDER))).append(old!);
    // Named for ana, then the app stopped; the profile's user is ben by the next start.
    await writeFileAtomic(
      join(dir, OLD_OUTBOX_FOLDER, OUTBOX_OWNER),
      JSON.stringify({ role: 'ana', name: null }),
    );
    expect(await adoptOldOutbox(dir, 'ben')).toBe('ana');
    expect(await (await openOutbox(outboxDirOf(dir, 'ana'))).waiting()).toEqual([old]);
    expect(await othersWaiting(dir, null)).toEqual([{ role: 'ana', name: null, count: 1 }]);
  });

  it('is left where it is, whole, when its role has an outbox in the new place already', async () => {
    const [old, newer] = flashEntries(2, '5YJ3E1EA7KF001304');
    await (await openOutbox(join(dir, OLD_OUTBOX_FOLDER))).append(old!);
    await (await openOutbox(await claimOutbox(dir, { role: 'ana', name: null }))).append(newer!);
    await expect(adoptOldOutbox(dir, 'ana')).rejects.toThrow(/was left in place/);
    expect(await (await openOutbox(join(dir, OLD_OUTBOX_FOLDER))).waiting()).toEqual([old]);
    expect(await (await openOutbox(outboxDirOf(dir, 'ana'))).waiting()).toEqual([newer]);
  });
});
