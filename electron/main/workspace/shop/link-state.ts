// The one shop session this app holds (the active profile's, when it works in a shop) and what the
// parts of shop mode share about it: the link itself, the connected database or why not, the order
// background work runs in, and who this machine is in the shop's records.
import { hostname } from 'node:os';
import { AppError } from '../../../shared/result';
import { tm } from '../../i18n/main-words';
import type { ShopClientFile, ShopSettingsInput } from '../../../shared/shop';
import type { ClaimView, OthersWaitingView } from '../../../shared/shop';
import type { AuditLog } from '../../audit/audit-log';
import type { FactPort } from '../../events/domain-events';
import type { OutboxOwner, ShopDb, ShopSession, ShopTemplateCopy } from '../../shop';
import type { GarageStore } from '../../storage/garage-store';
import type { ShopFiles } from '../../storage/shop-files';
import type { ShopSettingsStore } from '../../storage/shop-settings-store';
import type { TemplateStore } from '../../storage/template-store';
import type { ShopPasswordVault } from '../../vault/shop-password';
import type { DeskPasswords } from '../../vault/desk-passwords';
import type { QueueMark } from './queue-mark';

export interface ShopLinkDeps {
  dataDir: string;
  settings: ShopSettingsStore;
  passwords: ShopPasswordVault;
  /** The raw store: merges from the shop must not be mirrored back to it. */
  garage: GarageStore;
  audit: Pick<AuditLog, 'list'>;
  /** Where what the shop changed is told (claims, status, merges, other machines' entries). */
  facts: FactPort;
  /** The profile active now: only it is connected. */
  activeProfileId(): Promise<string>;
  now?: () => Date;
  onProblem?: (message: string, error: unknown) => void;
  /** Reconnect backoff (tests shorten it). */
  backoff?: { initialMs?: number; maxMs?: number };
  /** Asks which CA file to trust (the open dialog in the app); the path, or null when cancelled. */
  chooseCaFile?: () => Promise<string | null>;
  /** Asks for the client certificate or its key (the open dialog in the app); the path, or null. */
  chooseClientFile?: (which: ShopClientFile) => Promise<string | null>;
  /** Asks which shop connection file to read (the open dialog in the app); the path, or null. */
  chooseConnectionFile?: () => Promise<string | null>;
  /** Asks where to save a file (the save dialog in the app); the path, or null. */
  chooseSaveFile?: (suggestedName: string) => Promise<string | null>;
  /** Passwords remembered at a shared desk, per role (absent: nobody can ask to be remembered). */
  deskPasswords?: DeskPasswords;
  /** The shared desk's clock and idle checks (tests inject them). */
  deskClock?: DeskClock;
  /** The templates kept in the data folder, offered for upload when a profile joins the shop. */
  localTemplates?: Pick<TemplateStore, 'list'>;
}

/** A shared desk's idle lock: its clock, how often it looks, and the computer's own idle time. */
export interface DeskClock {
  now?: () => Date;
  /** How often the idle time is looked at (ms). */
  checkMs?: number;
  /** The computer's own idle time in seconds (Electron's powerMonitor), when it can tell. */
  systemIdleSeconds?: () => number;
}

/** The active profile's session and what is kept with it. */
export interface Linked {
  profileId: string;
  settings: ShopSettingsInput;
  session: ShopSession;
  files: ShopFiles;
  stops: (() => void)[];
  /** How far the local audit log is queued in the outbox (see queue-mark.ts). */
  queued: QueueMark;
  /**
   * Every active claim as this app last knew it: read from the tables after (re)connecting and
   * kept by the same live changes that update the screen; kept (and on disk) while the database is
   * away, when it is what the claim check goes by. Null while never known.
   */
  claims: Map<string, ClaimView> | null;
  /** Whether this session is a shared desk's person (see desk.ts). */
  desk?: boolean;
  /** Whose writes this session keeps and sends (its outbox's writer, outbox-owners.ts). */
  owner: OutboxOwner;
  /** What waits on this computer for other writers, read when the session started. */
  othersWaiting: OthersWaitingView[];
  /** Whether `claims` follows the tables now (loaded since the last (re)connect, changes heard live). */
  claimsLive: boolean;
  /** The shop's templates as this machine keeps them (readable offline; changes queued). */
  templates: ShopTemplateCopy;
  /** A catch-up that failed while online is tried again, with backoff, on this timer. */
  catchUpTimer: NodeJS.Timeout | null;
  catchUpAttempt: number;
}

export interface LinkState {
  readonly deps: ShopLinkDeps;
  readonly now: () => Date;
  readonly onProblem: (message: string, error: unknown) => void;
  /** The session now, or null while the active profile works solo (or is starting). */
  linked(): Linked | null;
  setLinked(link: Linked | null): void;
  /** The link and its connected database, or throws saying why there is none. */
  online(): { link: Linked; db: ShopDb };
  /** Runs `task` after the activations, merges and reads queued before it; failures are reported. */
  enqueue(what: string, task: () => Promise<void>): Promise<void>;
  /** Settles every task queued so far, and those they queued. */
  idle(): Promise<void>;
}

export const technicianOf = (link: Linked) => link.settings.technician;
export const machineOf = (link: Linked) => link.settings.machine || hostname();
/** "offline: connection refused": the session's state and its error, for the window. */
export function whyNotOnline(status: { state: string; error: { message: string } | null }): string {
  const state = tm('mainShop.state', { state: status.state });
  return status.error ? tm('mainShop.stateBecause', { state, message: status.error.message }) : state;
}

export function createLinkState(deps: ShopLinkDeps): LinkState {
  const now = deps.now ?? (() => new Date());
  const onProblem = deps.onProblem ?? (() => {});
  let linked: Linked | null = null;
  // Activations, mirrors and merges run one at a time, in order.
  let queue: Promise<void> = Promise.resolve();
  return {
    deps,
    now,
    onProblem,
    linked: () => linked,
    setLinked(link) {
      linked = link;
    },
    online() {
      const link = linked;
      if (!link) throw new AppError('invalid_input', tm('errors.worksSolo'));
      const db = link.session.db();
      if (!db)
        throw new AppError(
          'network',
          tm('mainShop.notReachable', { why: whyNotOnline(link.session.status()) }),
        );
      return { link, db };
    },
    enqueue(what, task) {
      const next = queue.then(task).catch((error) => onProblem(`Shop: ${what} failed`, error));
      queue = next;
      return next;
    },
    async idle() {
      for (;;) {
        const seen = queue;
        await seen;
        if (queue === seen) return;
      }
    },
  };
}
