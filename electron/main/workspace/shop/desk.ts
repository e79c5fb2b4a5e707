// A shared desk: one OS account, several technicians, each connected to the shop as themselves.
// A person signs in with their database role and password (checked by the server before anything
// changes); the profile's shop session then runs as that role with the password held in memory only
// (or remembered in the keychain for that role, when they ask). Signing out uploads what waits while
// it still can as them, closes their session and drops the password; nobody signed in means no shop
// session at all. After the idle minutes the desk locks: the session goes on (uploads, live news),
// but the window may show nothing until the same person types their password again or someone else
// signs in (which signs the first one out). Main owns the idle timer; the window only reports use.
import { createHash, timingSafeEqual } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../../shared/result';
import type { CallTicket } from '../../events/call-scope';
import { DESK_LOCK_MINUTES_DEFAULT, isDesk, type DeskPerson, type DeskView } from '../../../shared/shop-desk';
import type { OthersWaitingView, ShopSettingsInput, ShopStatus } from '../../../shared/shop';
import { tm } from '../../i18n/main-words';
import { ShopError, testConnection } from '../../shop';
import { ensureFolder } from '../../storage/atomic-file';
import { shopFilesOf, smallTextFile } from '../../storage/shop-files';
import type { DeskPasswords } from '../../vault/desk-passwords';
import { connectionOf, passwordTargetOf } from './connection-settings';
import type { DeskClock, LinkState } from './link-state';

/** The person at the desk as main holds them: their password only here, in memory. */
export interface Seated extends DeskPerson {
  profileId: string;
  password: string;
}

/** Who is seated, for the session to connect as (see session.ts). */
export interface DeskSeat {
  /** The person seated at `profileId`'s desk, or null. */
  seated(profileId: string): Seated | null;
}

export interface DeskControls extends DeskSeat {
  view(): Promise<DeskView>;
  signIn(role: string, password: string, remember?: boolean): Promise<DeskView>;
  unlock(password: string): Promise<DeskView>;
  signOut(): Promise<DeskView>;
  lock(): Promise<DeskView>;
  /** The person signed in has the password remembered for them here removed from the keychain. */
  forgetMine(): Promise<DeskView>;
  /** The window was used: the idle time starts again. */
  activity(): void;
  /** Whether the window's call may run now, and the ticket it carries while it does (see DeskGate). */
  admit: DeskGate['admit'];
  /**
   * The active profile is another now, or `profileId`'s settings were saved: what the gate knows
   * of the active profile is learnt again at the next call (its only reads of the stores).
   */
  settingsChanged(profileId?: string): void;
  /** The active profile became another: a person seated at another profile's desk leaves it. */
  follow(profileId: string): void;
  close(): void;
}

export type DeskRefusal = 'deskMain.closed' | 'deskMain.locked';

/** A call let through at a desk: revoked when the desk locks or its person leaves before it answers. */
export interface DeskTicket extends CallTicket {
  /** The call answered: what it started goes on as the desk's own work, not the call's. */
  done(): void;
}

export type DeskAdmission = { refused: DeskRefusal } | { ticket: DeskTicket | null };

/**
 * The check every call of the window passes at a shared desk. It is one look at main's memory: the
 * active profile, whether it is a desk and who sits there are kept as the events that change them
 * happen (sign-in, sign-out, lock, unlock, the idle lock, a profile switch, saved settings), not
 * read from the stores per call. Only right after a profile switch or a save is the active
 * profile's setting read again, once (the answer then may be a promise).
 */
export interface DeskGate {
  admit(): DeskAdmission | Promise<DeskAdmission>;
}

/**
 * The status the window is told while nobody is signed in at the desk: no shop session runs, and
 * the writes kept here wait for their writers (`waiting`) to sign in again.
 */
export function signedOutStatus(waiting: readonly OthersWaitingView[] = []): ShopStatus {
  return {
    state: 'closed',
    pending: 0,
    error: { kind: 'signed_out', message: tm('deskMain.signedOut') },
    ...(waiting.length > 0 ? { othersWaiting: [...waiting] } : {}),
  };
}

/** A desk person's settings: the saved connection as their role, recorded under their name. */
export function deskSettingsOf(saved: ShopSettingsInput, person: DeskPerson): ShopSettingsInput {
  return { ...saved, connection: { ...saved.connection, user: person.role }, technician: person.name };
}

/** The file naming who sits at the desk, kept while they do: after a crash, their entries stay theirs. */
export const DESK_SEAT_FILE = 'desk-seat.json';

export function deskSeatFile(dataDir: string, profileId: string) {
  const dir = shopFilesOf(dataDir, profileId).dir;
  const path = join(dir, DESK_SEAT_FILE);
  const file = smallTextFile(path);
  return {
    async read(): Promise<DeskPerson | null> {
      const text = await file.read();
      if (text === null) return null;
      try {
        const value = JSON.parse(text) as Partial<DeskPerson> | null;
        return typeof value?.role === 'string' && typeof value.name === 'string'
          ? { role: value.role, name: value.name }
          : null;
      } catch {
        return null;
      }
    },
    async write(person: DeskPerson) {
      await ensureFolder(dir);
      await file.write(`${JSON.stringify(person)}\n`);
    },
    clear: () => rm(path, { force: true }),
  };
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
/** Compared in constant time: how far a wrong password matches is not told by how long it took. */
const samePassword = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** Longest wait for the outbox to go up as the person leaving before their session closes. */
const SIGN_OUT_UPLOAD_MS = 10_000;

export function createDesk(
  state: LinkState,
  deps: {
    passwords: DeskPasswords;
    /** Starts the active profile's session again (as whoever is seated now, or none). */
    restart(profileId: string): Promise<void>;
    publish(view: DeskView): void;
    clock?: DeskClock;
  },
): DeskControls {
  const settingsStore = state.deps.settings;
  const now = deps.clock?.now ?? (() => new Date());
  let seat: (Seated & { locked: boolean }) | null = null;
  let lastUse = now().getTime();
  /** The active profile as the gate knows it; null until learnt (at the next call). */
  let active: { profileId: string; desk: boolean } | null = null;
  /** Counts the changes that make what the gate knows stale, so a read begun before one is not kept. */
  let changes = 0;
  /** Moves on at each lock and each change of person: the tickets of calls let through before are revoked. */
  let epoch = 0;

  async function activeSettings(): Promise<{ profileId: string; saved: ShopSettingsInput }> {
    const profileId = await state.deps.activeProfileId();
    return { profileId, saved: await settingsStore.get(profileId) };
  }

  async function view(): Promise<DeskView> {
    const { profileId, saved } = await activeSettings();
    if (!isDesk(saved)) return { desk: false };
    const here = seat?.profileId === profileId ? seat : null;
    const remembered = await deps.passwords.remembered(profileId).catch((error: unknown) => {
      state.onProblem('Desk: the remembered passwords could not be listed', error);
      return [];
    });
    return {
      desk: true,
      profileId,
      state: here ? (here.locked ? 'locked' : 'signed-in') : 'signed-out',
      person: here ? { role: here.role, name: here.name } : null,
      lockMinutes: saved.desk?.lockMinutes ?? DESK_LOCK_MINUTES_DEFAULT,
      remembered,
    };
  }

  const tell = async () => {
    const shown = await view();
    deps.publish(shown);
    return shown;
  };

  async function learnActive(): Promise<{ profileId: string; desk: boolean }> {
    const seen = changes;
    const { profileId, saved } = await activeSettings();
    const known = { profileId, desk: isDesk(saved) };
    if (seen === changes) active = known;
    return known;
  }

  function ticketOf(issued: number): DeskTicket {
    let answered = false;
    return {
      refusal: () =>
        answered || issued === epoch
          ? null
          : new AppError('forbidden', tm(seat?.locked ? 'deskMain.locked' : 'deskMain.closed')),
      done: () => {
        answered = true;
      },
    };
  }

  function admitAt(known: { profileId: string; desk: boolean }): DeskAdmission {
    if (!known.desk) return { ticket: null };
    const here = seat?.profileId === known.profileId ? seat : null;
    if (!here) return { refused: 'deskMain.closed' };
    if (here.locked) return { refused: 'deskMain.locked' };
    return { ticket: ticketOf(epoch) };
  }

  /** Uploads what waits as the person leaving (while their session is still theirs), then closes it. */
  async function leave(): Promise<void> {
    const leaving = seat;
    if (!leaving) return;
    const link = state.linked();
    if (link?.profileId === leaving.profileId) {
      let timer: NodeJS.Timeout | undefined;
      const giveUp = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SIGN_OUT_UPLOAD_MS);
        timer.unref?.();
      });
      await Promise.race([
        link.session
          .flush()
          .catch((error) => state.onProblem('Desk: uploading before sign-out failed', error)),
        giveUp,
      ]);
      clearTimeout(timer);
    }
    seat = null;
    epoch++;
    await deps.restart(leaving.profileId);
  }

  function lockIfIdle(): void {
    if (!seat || seat.locked) return;
    const at = now().getTime();
    let systemIdle: number | undefined;
    try {
      systemIdle = deps.clock?.systemIdleSeconds?.();
    } catch (error) {
      // The window's own reports of use still count; a timer callback must never throw in main.
      state.onProblem("Desk: the computer's idle time could not be read", error);
    }
    if (systemIdle !== undefined && Number.isFinite(systemIdle))
      lastUse = Math.max(lastUse, at - systemIdle * 1000);
    void settingsStore.get(seat.profileId).then((saved) => {
      if (!seat || seat.locked) return;
      const minutes = saved.desk?.lockMinutes ?? DESK_LOCK_MINUTES_DEFAULT;
      if (at - lastUse < minutes * 60_000) return;
      seat.locked = true;
      epoch++;
      void tell();
    });
  }
  const timer = setInterval(lockIfIdle, deps.clock?.checkMs ?? 15_000);
  timer.unref?.();

  return {
    seated: (profileId) => (seat?.profileId === profileId ? seat : null),
    view,
    async signIn(typedRole, typed, remember) {
      const { profileId, saved } = await activeSettings();
      if (!isDesk(saved)) throw new AppError('invalid_input', tm('deskMain.notDesk'));
      const role = typedRole.trim();
      const asRole = deskSettingsOf(saved, { role, name: role });
      const target = passwordTargetOf(asRole);
      if (target === null) throw new AppError('invalid_input', tm('deskMain.noDatabase'));
      const password = typed !== '' ? typed : await deps.passwords.get(profileId, role, target);
      if (!password) throw new ShopError('auth_failed', tm('deskMain.nothingRemembered', { role }));
      // The server decides who this is before anything at the desk changes: a wrong password leaves
      // whoever is signed in (or locked) as they were.
      const checked = await testConnection(
        {
          ...connectionOf(asRole),
          keyPassphrase: () => state.deps.passwords.keyPassphrase.get(profileId),
        },
        () => password,
      );
      if (!checked.ok) throw new ShopError(checked.error.kind, checked.error.message);
      const report = checked.value;
      if (!report.canWriteAudit && report.schemaVersion > 0)
        throw new ShopError('no_privileges', tm('mainShop.noAuditGrant', { role: report.role }));
      if (typed !== '') {
        if (remember) await deps.passwords.remember(profileId, report.role, target, typed);
        else await deps.passwords.forget(profileId, report.role);
      }
      await leave();
      seat = {
        profileId,
        role: report.role,
        name: report.displayName || report.role,
        password,
        locked: false,
      };
      epoch++;
      lastUse = now().getTime();
      await deps.restart(profileId);
      return tell();
    },
    async unlock(password) {
      const { profileId } = await activeSettings();
      if (!seat || seat.profileId !== profileId)
        throw new AppError('invalid_input', tm('deskMain.nobodyToUnlock'));
      if (!samePassword(password, seat.password))
        throw new ShopError('auth_failed', tm('deskMain.wrongPassword', { name: seat.name }));
      seat.locked = false;
      lastUse = now().getTime();
      return tell();
    },
    async signOut() {
      await leave();
      return tell();
    },
    async lock() {
      if (seat && !seat.locked) {
        seat.locked = true;
        epoch++;
      }
      return tell();
    },
    async forgetMine() {
      const { profileId } = await activeSettings();
      if (!seat || seat.profileId !== profileId)
        throw new AppError('invalid_input', tm('deskMain.nobodyToForget'));
      await deps.passwords.forget(profileId, seat.role);
      return tell();
    },
    activity() {
      if (seat && !seat.locked) lastUse = now().getTime();
    },
    admit() {
      const known = active;
      return known ? admitAt(known) : learnActive().then(admitAt);
    },
    settingsChanged(profileId) {
      changes++;
      if (profileId === undefined || active?.profileId === profileId) active = null;
    },
    follow(profileId) {
      // The password of a person seated at another profile's desk is not kept for a later switch back.
      if (seat && seat.profileId !== profileId) {
        seat = null;
        epoch++;
      }
      if (active?.profileId !== profileId) {
        changes++;
        active = null;
      }
    },
    close() {
      clearInterval(timer);
      seat = null;
      epoch++;
    },
  };
}
