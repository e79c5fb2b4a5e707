// The active profile's shop session, started when a shop-mode profile becomes active and stopped
// when another does: its outbox and queue mark, its copy of the templates, and what follows the
// session's news. Connected (again), the garage is merged, the claims and templates read; a change
// another machine made is followed one at a time, in the order heard.
import {
  auditEntryOfShopRow,
  type ClaimView,
  type OthersWaitingView,
  type ShopSettingsInput,
  type ShopStatus,
} from '../../../shared/shop';
import {
  adoptOldOutbox,
  auditFromJson,
  othersWaiting,
  resolveSettings,
  startShopSession,
  type OutboxOwner,
  type ShopAuditEntry,
  type ShopChange,
  type ShopSessionStatus,
} from '../../shop';
import { shopFilesOf } from '../../storage/shop-files';
import { SOLO_STATUS } from '../backend';
import { isDesk } from '../../../shared/shop-desk';
import { deskSeatFile, deskSettingsOf, signedOutStatus, type DeskSeat } from './desk';
import type { ShopAuditSink } from './audit-sink';
import type { ShopClaims } from './claims';
import { boundPasswords } from './bound-password';
import { connectionOf, passwordTargetOf } from './connection-settings';
import { machineOf, type Linked, type LinkState } from './link-state';
import type { ShopMirroring } from './mirroring';
import type { ShopPolicyControls } from './policy';
import { readKnownClaims } from './known-claims';
import { createQueueMark } from './queue-mark';
import type { ShopTemplates } from './templates';

export interface ShopSessionControl {
  /** Starts the session of a profile (stopping the one before); solo settings start none. */
  start(profileId: string): Promise<void>;
  stop(): Promise<void>;
  /** Something that follows a catch-up (the jobs read again) failed: the catch-up runs again later. */
  retryCatchUp(profileId: string): void;
  /** What waits for its writers at the active profile's desk while nobody is signed in there. */
  waitingAtClosedDesk(): OthersWaitingView[];
}

/** Whether an audit entry was written by this app: this machine and this profile. */
function ownEntry(link: Linked, row: { machine: string | null; profileId?: string | null }): boolean {
  return row.machine === machineOf(link) && row.profileId === link.profileId;
}

/** Whether the row of a change was written by this app, as the change says. */
function ownChange(link: Linked, change: ShopChange): boolean {
  return change.origin !== undefined && ownEntry(link, change.origin);
}

function notMine(claims: Map<string, ClaimView> | null): Map<string, ClaimView> | null {
  if (!claims) return null;
  return new Map([...claims].map(([vin, claim]) => [vin, { ...claim, mine: false }]));
}

export function statusOf(status: ShopSessionStatus, others: readonly OthersWaitingView[] = []): ShopStatus {
  return {
    state: status.state,
    pending: status.pending,
    error: status.error,
    ...(status.setAside ? { setAside: status.setAside } : {}),
    ...(status.restored ? { restored: status.restored } : {}),
    ...(others.length > 0 ? { othersWaiting: [...others] } : {}),
  };
}

/** The database user a profile's settings connect as (a desk's: the one it was set up with); null when none. */
export function configuredRoleOf(saved: ShopSettingsInput): string | null {
  try {
    return resolveSettings(connectionOf(saved)).user;
  } catch {
    return null;
  }
}

/**
 * What waits on this computer for another writer than `owner` (null: nobody is connected), as the
 * window is told: at a desk, until they sign in; elsewhere, until the profile connects as them.
 */
export async function othersWaitingOf(
  dir: string,
  owner: string | null,
  desk: boolean,
): Promise<OthersWaitingView[]> {
  const until = desk ? ('signIn' as const) : ('reconnect' as const);
  return (await othersWaiting(dir, owner)).map((other) => ({ ...other, until }));
}

export function createShopSessionControl(
  state: LinkState,
  parts: {
    sink: ShopAuditSink;
    claims: ShopClaims;
    mirroring: ShopMirroring;
    templates: ShopTemplates;
    policy: ShopPolicyControls;
    /** Who sits at a shared desk: its session runs as them, and none runs while nobody does. */
    seat: DeskSeat;
  },
): ShopSessionControl {
  const { deps, now, onProblem } = state;
  const passwords = boundPasswords(deps);
  const { facts } = deps;

  const retryInitialMs = deps.backoff?.initialMs ?? 1_000;
  const retryMaxMs = deps.backoff?.maxMs ?? 30_000;

  /**
   * The garage merged (a first join imports this machine's garage), the jobs read again, the claims
   * and templates read: each against the connected database, and all of them again later if any
   * failed, for as long as the session stays online (back offline, the next "online" starts over).
   */
  async function catchUpNow(link: Linked): Promise<void> {
    const current = () => state.linked() === link && link.session.db() !== null;
    if (!current()) return;
    let failure: unknown = null;
    const step = async (what: string, task: () => Promise<void>) => {
      if (!current()) return;
      try {
        await task();
      } catch (error) {
        onProblem(`Shop: ${what} failed`, error);
        failure ??= error;
      }
    };
    await step('merging the garage', async () => {
      const db = link.session.db();
      if (!db) return;
      await parts.mirroring.merge(link, db);
      facts.publish('jobs.resynced', { profileId: link.profileId });
    });
    await step('reading the claims', () => parts.claims.load(link));
    await step('reading the templates', () => parts.templates.refresh(link));
    await step('reading the policy', () => parts.policy.load(link));
    if (failure !== null && current()) retryCatchUp(link);
    else link.catchUpAttempt = 0;
  }

  function retryCatchUp(link: Linked): void {
    if (link.catchUpTimer) return;
    link.catchUpAttempt += 1;
    const wait = Math.min(retryMaxMs, retryInitialMs * 2 ** Math.min(link.catchUpAttempt - 1, 16));
    link.catchUpTimer = setTimeout(() => {
      link.catchUpTimer = null;
      if (state.linked() === link) void state.enqueue('catching up again', () => catchUpNow(link));
    }, wait);
    link.catchUpTimer.unref?.();
  }

  /** Back online, or too much missed: catch up from the tables (what waited goes first). */
  function catchUp(link: Linked, what: string): void {
    if (link.catchUpTimer) clearTimeout(link.catchUpTimer);
    link.catchUpTimer = null;
    void state.enqueue(what, () => catchUpNow(link));
  }

  async function onShopChange(
    link: Linked,
    change: ShopChange,
    heardEntry: Promise<ShopAuditEntry | null> | null,
  ): Promise<void> {
    const db = link.session.db();
    if (!db || change.garageId !== db.garageId) return;
    facts.publish('board.changed', { profileId: link.profileId });
    if (change.kind === 'vehicle') return parts.mirroring.mergeOne(link, db, change.vin);
    if (change.kind === 'claim') return parts.claims.follow(link, db, change.vin);
    // Another machine (or this one) changed a template: lists of templates read them again.
    if (change.kind === 'template') return parts.templates.refresh(link);
    if (change.kind === 'reading') {
      // The listener brings the reading with the change (by id only when it did not).
      const reading = change.reading ?? (await db.board.reading(change.id));
      // This machine's own reading is in its glance already, as its own read.
      if (!reading || reading.machine === machineOf(link)) return;
      const { vin, values, readAt } = reading;
      return facts.publish('reading.heard', { profileId: link.profileId, vin, values, readAt });
    }
    if (change.kind === 'job')
      return facts.publish('job.heard', { profileId: link.profileId, jobId: change.id });
    if (change.kind === 'request') {
      const heard = await parts.policy.heard(change.id);
      if (heard) facts.publish('approval.changed', { profileId: link.profileId, ...heard });
      return;
    }
    if (change.kind !== 'audit') return;
    // This app's own entry was announced when it was written locally: not read back to be dropped.
    if (ownChange(link, change)) return;
    const entry = await (heardEntry ?? db.auditEntry(change.id));
    // A template change is not a car's: the template's own change above tells the window.
    if (!entry || entry.vin === '') return;
    if (ownEntry(link, entry)) return;
    facts.publish('audit.heard', {
      profileId: link.profileId,
      entry: auditEntryOfShopRow(entry, link.profileId),
    });
  }

  async function stop(): Promise<void> {
    const link = state.linked();
    state.setLinked(null);
    if (!link) return;
    facts.publish('jobs.stale', { profileId: link.profileId });
    for (const each of link.stops) each();
    if (link.catchUpTimer) clearTimeout(link.catchUpTimer);
    link.catchUpTimer = null;
    link.templates.close();
    // A graceful stop: what this profile does after it (in solo mode) is not the shop's.
    link.queued.note(now().toISOString());
    await link.queued.settle();
    if (link.desk)
      await deskSeatFile(deps.dataDir, link.profileId)
        .clear()
        .catch((error) => onProblem('Desk: the seat file could not be removed', error));
    await link.session.close().catch((error) => onProblem('Shop: closing the session failed', error));
  }

  let closedDesk: OthersWaitingView[] = [];

  async function start(profileId: string): Promise<void> {
    await stop();
    closedDesk = [];
    const saved: ShopSettingsInput = await deps.settings.get(profileId);
    if (saved.mode !== 'shop') {
      facts.publish('shop.changed', { profileId, status: SOLO_STATUS });
      return;
    }
    const files = shopFilesOf(deps.dataDir, profileId);
    // The one outbox of before is the configured user's: adopted as theirs before anyone's session.
    const configured = configuredRoleOf(saved);
    if (configured !== null)
      await adoptOldOutbox(files.dir, configured).catch((error) =>
        onProblem('Shop: the outbox of before could not be adopted', error),
      );
    // A shared desk connects as the person signed in, with the password they typed (held in
    // memory), and records their name; with nobody signed in there is no session to run.
    const seated = isDesk(saved) ? parts.seat.seated(profileId) : null;
    if (isDesk(saved) && !seated) {
      const waiting = await othersWaitingOf(files.dir, null, true).catch((error) => {
        onProblem('Shop: the outboxes waiting for their writers could not be read', error);
        return [];
      });
      closedDesk = waiting;
      facts.publish('shop.changed', { profileId, status: signedOutStatus(waiting) });
      return;
    }
    const settings = seated ? deskSettingsOf(saved, seated) : saved;
    // Whose writes this session keeps and sends: the person seated, or the configured user.
    const owner: OutboxOwner = seated
      ? { role: seated.role, name: seated.name }
      : { role: configured ?? '', name: settings.technician };
    // Read only after the link is made (the session asks once it is connected and found a loss).
    let made: Linked | null = null;
    // Who sat here when the app last stopped without a sign-out: entries of theirs the outbox never
    // took are queued under their name, not the next person's.
    const seatFile = deskSeatFile(deps.dataDir, profileId);
    const crashed = seated ? await seatFile.read() : null;
    if (seated)
      await seatFile
        .write({ role: seated.role, name: seated.name })
        .catch((error) => onProblem('Desk: the seat file could not be written', error));
    const session = await startShopSession({
      settings: {
        ...connectionOf(settings),
        keyPassphrase: () => deps.passwords.keyPassphrase.get(profileId),
      },
      getPassword: seated
        ? () => seated.password
        : () => passwords.for(profileId, passwordTargetOf(settings)),
      dir: files.dir,
      owner,
      ...(deps.backoff ? { backoff: deps.backoff } : {}),
      localEntries: () => parts.sink.sentEntries(made),
      // Its job and claim writes are kept in the outbox under who sits here (write-log.ts).
      author: () => ({
        technician: settings.technician,
        machine: made ? machineOf(made) : settings.machine,
        profileId,
      }),
      onProblem,
    });
    const link: Linked = {
      profileId,
      settings,
      session,
      files,
      stops: [],
      queued: createQueueMark(files.queueMark, now),
      // At a desk the claims kept on disk may be the last person's: none counts as this one's
      // ("mine") until the claims are read from the tables as this role.
      claims: seated
        ? notMine(await readKnownClaims(files.knownClaims))
        : await readKnownClaims(files.knownClaims),
      desk: seated !== null,
      owner,
      othersWaiting: [],
      claimsLive: false,
      catchUpTimer: null,
      catchUpAttempt: 0,
      templates: parts.templates.open(profileId, settings, session, files.dir),
    };
    made = link;
    state.setLinked(link);
    // At a desk only the entries of whoever sat here when the app stopped without a sign-out are
    // queued again (into their own outbox): the local log does not say who wrote an entry, and one
    // of the last person's must never be queued as the next one's.
    await parts.sink.requeueFromLog(link, !seated ? 'link' : (crashed ?? 'nobody'));
    link.othersWaiting = await othersWaitingOf(files.dir, owner.role, seated !== null).catch((error) => {
      onProblem('Shop: the outboxes waiting for their writers could not be read', error);
      return [];
    });
    let wasOnline = false;
    const current = () => state.linked() === link;
    link.stops.push(
      session.onStatus((status) => {
        if (!current()) return;
        facts.publish('shop.changed', { profileId, status: statusOf(status, link.othersWaiting) });
        const isOnline = status.state === 'online';
        // Changes may be missed while away: the claims and jobs are read again from the tables.
        if (!isOnline) {
          link.claimsLive = false;
          facts.publish('jobs.stale', { profileId });
        }
        if (isOnline && !wasOnline) catchUp(link, 'merging the garage');
        wasOnline = isOnline;
      }),
      session.onChange((change) => {
        if (!current()) return;
        // A colleague's audit entry comes whole with the change the listener read; one it did
        // not bring is asked for as it is heard, so that the entries of one burst are read in one
        // query, not one by one as they are followed.
        const colleagues = change.kind === 'audit' && !ownChange(link, change);
        const brought = colleagues ? auditFromJson(change.auditRow) : null;
        const heardEntry = !colleagues
          ? null
          : brought
            ? Promise.resolve(brought)
            : (link.session.db()?.auditEntry(change.id) ?? null);
        // Followed (and its failure told) in turn; not left unhandled if it never is.
        heardEntry?.catch(() => undefined);
        void state.enqueue('following a change', () => onShopChange(link, change, heardEntry));
      }),
      session.onResync(() => {
        if (!current()) return;
        facts.publish('board.changed', { profileId });
        facts.publish('jobs.stale', { profileId });
        link.claimsLive = false;
        catchUp(link, 'catching up');
      }),
    );
    facts.publish('shop.changed', { profileId, status: statusOf(session.status(), link.othersWaiting) });
    if (session.status().state === 'online') catchUp(link, 'merging the garage');
  }

  return {
    start,
    stop,
    waitingAtClosedDesk: () => closedDesk,
    retryCatchUp(profileId) {
      const link = state.linked();
      if (link?.profileId === profileId && link.session.db()) retryCatchUp(link);
    },
  };
}
