// Whose the waiting writes are. The shop's server stamps every row it receives with the role of the
// connection that sent it, so a write kept on this computer while the database was away may only
// ever be sent over its own writer's connection: at a shared desk the next person signed in, or a
// profile whose database user was changed in Settings, must not send it (the shop would name them).
//
// So each database role that wrote here has an outbox of its own, one directory each:
//
//   shop-outboxes/<role in hex>/   the outbox files (outbox.ts) and owner.json, { role, name }: the
//                                  role that wrote every entry in it and their name as this computer
//                                  last knew it (for the words "3 entries wait for Ana to sign in").
//
// One directory per writer rather than one file filtered by writer: an outbox's mark is a byte
// offset that only moves forward past entries the shop took, in order, and the restore check
// (resend-lost.ts) relies on that order ("a shop that holds `last` holds everything before it").
// One file shared by writers would need a mark per writer and an order that no longer holds, as one
// writer's entries wait while another's go; one directory each keeps every guarantee of outbox.ts
// exactly as it is, for each writer. The name is the role's bytes in hex, not the role: roles "Ana"
// and "ana" are two roles, but one folder on a disk that ignores case, and a role may hold any
// character a file name may not.
//
// Before writers had outboxes of their own, a profile had one, `shop-outbox/`. Its entries are the
// profile's configured database user's (the role it connected as then): on the first start after
// the upgrade it is adopted as that role's outbox. owner.json is written into it first, then the
// folder is moved into place, so a crash in between adopts it for the same role on the next start
// even when the settings changed meanwhile.
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file';
import { openOutbox } from './outbox';

/** The folder, under a profile's shop folder, holding one outbox per database role. */
export const OUTBOXES_FOLDER = 'shop-outboxes';
/** A profile's one outbox before each writer had their own (adopted on start, see above). */
export const OLD_OUTBOX_FOLDER = 'shop-outbox';
export const OUTBOX_OWNER = 'owner.json';

/** Who wrote an outbox's entries: the database role, and their name as this computer knew it. */
export interface OutboxOwner {
  role: string;
  name: string | null;
}

/** Entries kept on this computer for a role other than the one connected now. */
export interface OthersWaiting extends OutboxOwner {
  count: number;
}

const folderOf = (role: string) => Buffer.from(role, 'utf8').toString('hex');

/** The outbox of `role` in a profile's shop folder. */
export function outboxDirOf(dir: string, role: string): string {
  return join(dir, OUTBOXES_FOLDER, folderOf(role));
}

async function readOwner(outboxDir: string): Promise<OutboxOwner | null> {
  try {
    const value = JSON.parse(await readFile(join(outboxDir, OUTBOX_OWNER), 'utf8')) as Partial<OutboxOwner>;
    if (typeof value?.role !== 'string') return null;
    return { role: value.role, name: typeof value.name === 'string' ? value.name : null };
  } catch {
    return null;
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Names `owner` in their outbox's folder (made when missing), with the name they go by now: written
 * before anything is appended there, and again when the name changed.
 */
export async function claimOutbox(dir: string, owner: OutboxOwner): Promise<string> {
  const outboxDir = outboxDirOf(dir, owner.role);
  await mkdir(outboxDir, { recursive: true });
  const known = await readOwner(outboxDir);
  if (!known || (owner.name !== null && known.name !== owner.name))
    await writeFileAtomic(
      join(outboxDir, OUTBOX_OWNER),
      JSON.stringify({ role: owner.role, name: owner.name ?? known?.name ?? null }),
    );
  return outboxDir;
}

/**
 * Adopts the profile's outbox of before (`shop-outbox/`) as the outbox of the role that wrote it,
 * `role` (the profile's configured database user), unless a crash left it named already. Answers
 * the role it was adopted for, or null when there was none. When that role has an outbox in the new
 * place already (an older app ran on this folder after a newer one), the old folder stays where it
 * is, untouched, and this throws: nothing in it is lost, nor sent as anyone.
 */
export async function adoptOldOutbox(dir: string, role: string): Promise<string | null> {
  const old = join(dir, OLD_OUTBOX_FOLDER);
  if (!(await exists(old))) return null;
  let owner = await readOwner(old);
  if (!owner) {
    owner = { role, name: null };
    await writeFileAtomic(join(old, OUTBOX_OWNER), JSON.stringify(owner));
  }
  const target = outboxDirOf(dir, owner.role);
  if (await exists(target))
    throw new Error(
      `The outbox ${old} of the database user ${owner.role} was left in place: that user has an outbox at ${target} already.`,
    );
  await mkdir(join(dir, OUTBOXES_FOLDER), { recursive: true });
  await rename(old, target);
  return owner.role;
}

/** Every writer's outbox folder of the profile, with its owner (null: no owner named in it). */
async function outboxesOf(dir: string): Promise<{ outboxDir: string; owner: OutboxOwner | null }[]> {
  let names: string[];
  try {
    names = await readdir(join(dir, OUTBOXES_FOLDER));
  } catch {
    return [];
  }
  const found = [];
  for (const name of names.sort()) {
    const outboxDir = join(dir, OUTBOXES_FOLDER, name);
    found.push({ outboxDir, owner: await readOwner(outboxDir) });
  }
  return found;
}

/** Every outbox of the profile but `except`'s that has entries waiting, with their owner, by role. */
export async function othersWaiting(dir: string, except: string | null): Promise<OthersWaiting[]> {
  const found: OthersWaiting[] = [];
  for (const { outboxDir, owner } of await outboxesOf(dir)) {
    if (!owner || owner.role === except) continue;
    const count = (await openOutbox(outboxDir)).pending();
    if (count > 0) found.push({ ...owner, count });
  }
  return found.sort((a, b) => a.role.localeCompare(b.role));
}

/** The ids of every entry waiting in any outbox of the profile (each writer's). */
export async function waitingIdsOfAll(dir: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const { outboxDir } of await outboxesOf(dir)) {
    for (const entry of await (await openOutbox(outboxDir)).waiting()) ids.add(entry.id);
  }
  return ids;
}

/**
 * The ids of the entries other writers than `role` keep, waiting or sent (their outboxes' copies):
 * what a re-send after a restore by `role`'s session leaves to their own sessions.
 */
export async function othersEntryIds(dir: string, role: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const { outboxDir, owner } of await outboxesOf(dir)) {
    if (owner?.role === role) continue;
    const outbox = await openOutbox(outboxDir);
    for (const entry of [...(await outbox.waiting()), ...(await outbox.sent())]) ids.add(entry.id);
  }
  return ids;
}

/**
 * The shop the profile's outboxes are keyed to (outbox.ts, keyTo), whoever wrote them; null while
 * none is. A profile works for one shop: a writer new to it is held to the shop the others took.
 */
export async function keyedShopOf(dir: string): Promise<string | null> {
  for (const { outboxDir } of await outboxesOf(dir)) {
    const shop = await (await openOutbox(outboxDir)).shop();
    if (shop !== null) return shop;
  }
  return null;
}
