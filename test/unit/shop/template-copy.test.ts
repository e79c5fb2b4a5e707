// The copy of the shop's templates with this machine's waiting changes on top, against an upload
// that lands while the copy is read from the shop: the waiting changes are read from the outbox
// before the shop, so a change the shop's answer does not hold yet is still waiting, never in
// neither; once uploaded, the shop is read again.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ShopAuditInput } from '../../../electron/main/shop/audit-store';
import type { ShopSessionStatus } from '../../../electron/main/shop/shop-session';
import { openShopTemplateCopy } from '../../../electron/main/shop/template-copy';
import type { TelemetryTemplate } from '../../../electron/shared/telemetry-template';
import { passes, waitFor } from '../../support/wait-for';

const t = (name: string, interval = 5): TelemetryTemplate => ({
  name,
  fields: { Gear: { interval_seconds: interval } },
  notes: '',
});

/** An outbox in memory: what `record` appends waits until `upload` takes it. */
function fakeSession() {
  const outbox: ShopAuditInput[] = [];
  const listeners = new Set<(status: ShopSessionStatus) => void>();
  const status = (): ShopSessionStatus => ({ state: 'online', error: null, pending: outbox.length });
  return {
    outbox,
    session: {
      record: async (entry: ShopAuditInput) => {
        outbox.push(entry);
        for (const listener of listeners) listener(status());
      },
      waiting: async () => [...outbox],
      status,
      onStatus: (listener: (status: ShopSessionStatus) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    /**
     * The upload commits (the shop holds the entries) and marks them sent; the new count is told
     * when the returned function is called (later than the mark, as an event can be).
     */
    upload: () => {
      outbox.length = 0;
      return () => {
        for (const listener of listeners) listener(status());
      };
    },
  };
}

describe("the shop templates' copy", () => {
  it('keeps a change that is uploaded while the shop is read, and reads the shop again after', async () => {
    const fake = fakeSession();
    let rereads = 0;
    const copy = openShopTemplateCopy({
      dir: await mkdtemp(path.join(os.tmpdir(), 'template-copy-')),
      session: fake.session,
      who: () => ({ technician: 'Ana', machine: 'bay-1', profileId: 'demo' }),
      now: () => new Date('2026-11-25T10:00:00.000Z'),
      onUploaded: () => rereads++,
    });
    await copy.refresh(async () => [t('Lot')]);
    await copy.store.save(t('Offline bay', 2));
    expect((await copy.store.list()).map((each) => each.name)).toEqual(['Lot', 'Offline bay']);

    // The shop answers from before the upload; the upload lands while that answer travels, and
    // its new count is told only after the read.
    let announce = () => {};
    await copy.refresh(async () => {
      announce = fake.upload();
      return [t('Lot')];
    });
    expect((await copy.store.list()).map((each) => each.name)).toEqual(['Lot', 'Offline bay']);
    announce();
    await waitFor(
      passes(() => expect(rereads).toBeGreaterThan(0)),
      'the copy to read the shop again',
    );

    // Read again after the upload: the shop holds it, nothing waits.
    await copy.refresh(async () => [t('Lot'), t('Offline bay', 2)]);
    expect(await copy.store.list()).toEqual([t('Lot'), t('Offline bay', 2)]);
    copy.close();
  });
});
