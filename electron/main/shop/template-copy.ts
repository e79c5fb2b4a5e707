// The shop's templates as this machine works with them in shop mode: a copy of the shop's table in
// the profile's shop folder (written atomically, re-read whole from the database when it connects,
// catches up or announces a template change), with this machine's changes still waiting in the
// outbox laid on top. So listing, comparing, the "differs from template" filter and a roll-out all
// answer while the database is away, and a save or removal is durable (an outbox entry, made here
// with its own id) before it answers, then reaches the shop once (see template-changes.ts). The
// database stays the one source of truth: the copy only follows it.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/result';
import { tm } from '../i18n/main-words';
import { checkTemplate, type TelemetryTemplate } from '../../shared/telemetry-template';
import type { OnCorrupt } from '../storage/atomic-file';
import { createLocalTemplateStore, TEMPLATES_MAX, type TemplateStore } from '../storage/template-store';
import type { ShopAuditInput } from './audit-store';
import type { ShopSession } from './shop-session';
import {
  REMOVE_TEMPLATE,
  SAVE_TEMPLATE,
  templateChangeOf,
  withTemplateChanges,
  type TemplateChange,
} from './template-changes';

export interface ShopTemplateCopy {
  /** What the window and the runs use in shop mode. */
  store: TemplateStore;
  /** Makes the copy the shop's templates, as `read` (the connected database) answers them. */
  refresh(read: () => Promise<TelemetryTemplate[]>): Promise<void>;
  close(): void;
}

export function openShopTemplateCopy(options: {
  /** The profile's shop folder (beside its outbox). */
  dir: string;
  session: Pick<ShopSession, 'record' | 'waiting' | 'status' | 'onStatus'>;
  who: () => { technician: string; machine: string; profileId: string };
  now: () => Date;
  /** A change was made here: every view of the templates reads them again (the shop may be away). */
  onChanged?: () => void;
  /** Changes of this machine reached the shop: read the shop's templates again. */
  onUploaded?: () => void;
  onCorrupt?: OnCorrupt;
}): ShopTemplateCopy {
  const copy = createLocalTemplateStore({
    dataDir: options.dir,
    now: options.now,
    onCorrupt: options.onCorrupt,
  });
  // This machine's template changes laid over the copy. Each refresh reads them from the outbox
  // BEFORE it reads the shop: a change no longer waiting was committed in the shop before it was
  // marked sent, so the shop's answer read after holds it; read the other way round, a change
  // uploaded in between would be in neither. Between refreshes they are kept here (only `record`
  // below appends template changes, so the entries other actions append, one per command, never
  // make a list read the whole file), and stay on top until the shop is read again after their
  // upload (`onUploaded` asks for that read).
  let waiting: Promise<ShopAuditInput[]> | null = null;
  let pending = options.session.status().pending;
  /** Template changes recorded here so far (a refresh that overlaps one reads again). */
  let recorded = 0;
  const readOutbox = (): Promise<ShopAuditInput[]> =>
    options.session.waiting().then((entries) => entries.filter((entry) => templateChangeOf(entry) !== null));
  const readWaiting = (): Promise<ShopAuditInput[]> => {
    if (waiting) return waiting;
    const read = readOutbox();
    waiting = read;
    // A failed read is tried again by the next list.
    read.catch(() => {
      if (waiting === read) waiting = null;
    });
    return read;
  };
  const stop = options.session.onStatus((status) => {
    if (status.pending < pending) {
      // Something was uploaded: when it may have held template changes, read the shop again.
      if (!waiting) options.onUploaded?.();
      else
        void waiting.then(
          (changes) => {
            if (changes.length > 0) options.onUploaded?.();
          },
          () => undefined,
        );
    }
    pending = status.pending;
  });

  const list = async () => withTemplateChanges(await copy.list(), await readWaiting());
  const key = (name: string) => name.trim().toLocaleLowerCase('en');

  async function record(change: TemplateChange, params: Record<string, unknown>): Promise<void> {
    const who = options.who();
    const known = waiting;
    const entry: ShopAuditInput = {
      id: randomUUID(),
      time: options.now().toISOString(),
      vin: '',
      operation: change.kind === 'save' ? SAVE_TEMPLATE : REMOVE_TEMPLATE,
      params,
      outcome: 'success',
      technician: who.technician,
      machine: who.machine,
      profileId: who.profileId,
      template: change,
    };
    await options.session.record(entry);
    recorded += 1;
    // Known so far and unchanged meanwhile: this entry follows them; otherwise the outbox is read.
    if (!known || waiting !== known) {
      waiting = null;
      return;
    }
    const next = known.then((changes) =>
      changes.some((each) => each.id === entry.id) ? changes : [...changes, entry],
    );
    waiting = next;
    next.catch(() => {
      if (waiting === next) waiting = null;
    });
  }

  // One change at a time, so the count check and the "was" of each entry see the one before.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  const store: TemplateStore = {
    list,
    save: (template) =>
      serial(async () => {
        const checked = checkTemplate(template);
        if (!checked.ok) throw new AppError('invalid_input', checked.problems.join('; '));
        const saved = checked.value;
        const all = await list();
        const was = all.find((t) => key(t.name) === key(saved.name)) ?? null;
        if (!was && all.length >= TEMPLATES_MAX)
          throw new AppError('invalid_input', tm('errors.templatesMax', { max: TEMPLATES_MAX }));
        await record({ kind: 'save', template: saved }, { ...saved, was });
        // The copy shows it too (the outbox entry alone would do); the next read of the shop replaces it.
        await copy.save(saved).catch(() => undefined);
        options.onChanged?.();
        return saved;
      }),
    remove: (name) =>
      serial(async () => {
        const was = (await list()).find((t) => key(t.name) === key(name));
        if (!was) throw new AppError('not_found', tm('errors.noTemplateNamed', { name: name.slice(0, 80) }));
        await record({ kind: 'remove', name: was.name }, { name: was.name, was });
        await copy.remove(was.name).catch(() => undefined);
        options.onChanged?.();
      }),
  };

  return {
    store,
    async refresh(read) {
      const before = recorded;
      // The outbox first, then the shop (see `waiting` above).
      const held = await readOutbox();
      const templates = await read();
      await copy.replace(templates);
      waiting = Promise.resolve(held);
      // A change recorded while this read ran may be in neither answer: read both again.
      if (recorded !== before) options.onUploaded?.();
    },
    close: () => stop(),
  };
}
