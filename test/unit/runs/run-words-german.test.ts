// A run's record and main's refusals speak main's language: with German chosen, a bulk run's title,
// its summary, a vehicle left unsent and a second run refused read in German, plurals included;
// back in English they read as they always have.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../electron/shared/i18n/catalogs';
import { AppError } from '../../../electron/shared/result';
import { createDomainEvents } from '../../../electron/main/events/domain-events';
import { speak } from '../../../electron/main/i18n/main-words';
import { createRunManager, type RunManager } from '../../../electron/main/runs/run-manager';
import { createRunStore } from '../../../electron/main/runs/run-store';
import type { RunContext, RunWork } from '../../../electron/main/runs/run-work';
import { waitFor } from '../../support/wait-for';
import { runContext } from './run-fixture';

const folders: string[] = [];
const managers: RunManager[] = [];
afterEach(async () => {
  speak({ language: 'en', formatLocale: undefined });
  // A run's file is written after it has ended: its folder goes once every write has settled.
  for (const runs of managers.splice(0)) await runs.settle();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

const ctx = runContext;
const VINS = ['5YJ3E1EA7KF317000', '5YJ3E1EA7KF317001', '5YJ3E1EA7KF317002'];
const CHARGE_80 = { name: 'set_charge_limit', options: { percent: 80 } } as const;

/** A manager whose first send is held until `release`, so the run is under way meanwhile. */
async function heldManager() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'garage-run-words-'));
  folders.push(dataDir);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sends = 0;
  const work = {
    async notSent() {},
    async command() {
      sends++;
      await held;
      throw new AppError('unauthorized', 'Token abgelehnt.');
    },
  } as unknown as RunWork;
  const runs = createRunManager({
    store: createRunStore({ dataDir }),
    work,
    facts: createDomainEvents(),
    contextOf: async () => ctx,
  });
  managers.push(runs);
  return { runs, release, sent: () => sends };
}

async function startHeld() {
  const manager = await heldManager();
  const run = await manager.runs.startBulkCommand(ctx, {
    command: CHARGE_80,
    items: VINS.map((vin) => ({ vin })),
    concurrency: 1,
  });
  await waitFor(() => manager.sent() === 1, 'the first send');
  return { ...manager, run };
}

describe("a run's words in main's language", () => {
  it('are German when main speaks German: title, refusals, summary and the vehicles not sent', async () => {
    await loadCatalog('de');
    speak({ language: 'de', formatLocale: 'de-DE' });
    const { runs, run, release } = await startHeld();
    expect(run.title).toBe('Ladelimit einstellen: 80 % an 3 Fahrzeuge');
    await expect(
      runs.startBulkCommand(ctx, { command: CHARGE_80, items: [{ vin: VINS[0]! }] }),
    ).rejects.toThrow(
      'Es läuft bereits ein Sammelbefehl: Warten Sie, bis er endet, oder brechen Sie ihn ab.',
    );
    await expect(runs.retryFailed(run.id)).rejects.toThrow(
      'Der Lauf ist noch nicht fertig: Warten Sie zuerst, bis er endet.',
    );
    release();
    const end = await runs.whenDone(run.id);
    expect(end.summary).toBe('Angehalten: Token abgelehnt. 1 gesendet (1 fehlgeschlagen), 2 nicht gesendet');
    expect(end.items[1]!.message).toBe('Nicht gesendet: Der Lauf wurde angehalten (Token abgelehnt.).');
    expect(() => runs.get('no-such-run')).toThrow(
      'Dieser Lauf ist nicht bekannt (er wurde vielleicht entfernt).',
    );
  });

  it('say one vehicle in the singular, in German and in English', async () => {
    await loadCatalog('de');
    speak({ language: 'de', formatLocale: 'de-DE' });
    const german = await heldManager();
    const one = await german.runs.startGarageRefresh(ctx, { vins: [VINS[0]!], alertsAndCertificates: true });
    expect(one.title).toBe('Garage aktualisieren (1 Fahrzeug, mit Warnungen und Zertifikaten)');
    speak({ language: 'en', formatLocale: undefined });
    const english = await heldManager();
    const again = await english.runs.startGarageRefresh(ctx, { vins: VINS.slice(0, 1) });
    expect(again.title).toBe('Refresh garage (1 vehicle)');
    await Promise.all([german.runs.whenDone(one.id), english.runs.whenDone(again.id)]);
  });

  it('say in German why a command to one car was not sent, and what it was', async () => {
    await loadCatalog('de');
    speak({ language: 'de', formatLocale: 'de-DE' });
    const { runs } = await heldManager();
    const gone = { ...ctx, isCurrent: () => false } as RunContext;
    const run = await runs.startVehicleCommand(gone, { vin: VINS[0]!, command: CHARGE_80 });
    const item = (await runs.whenDone(run.id)).items[0]!;
    const why =
      'Nicht gesendet: die Adresse des Profils hat sich geändert oder das Profil wurde entfernt, bevor der Befehl gesendet war.';
    expect(item.message).toBe(why);
    expect(item.outcome).toMatchObject({
      tone: 'not-sent',
      subject: 'Ladelimit einstellen: 80 %',
      text: why,
    });
  });

  it('are English word for word when main speaks English', async () => {
    const { runs, run, release } = await startHeld();
    expect(run.title).toBe('Set charge limit to 80 % on 3 vehicles');
    await expect(
      runs.startBulkCommand(ctx, { command: CHARGE_80, items: [{ vin: VINS[0]! }] }),
    ).rejects.toThrow('A bulk command is already running: wait for it to end, or cancel it.');
    release();
    const end = await runs.whenDone(run.id);
    expect(end.summary).toBe('Stopped: Token abgelehnt. 1 sent (1 failed), 2 not sent');
    expect(end.items[1]!.message).toBe('Not sent: the run stopped (Token abgelehnt.).');
  });
});
