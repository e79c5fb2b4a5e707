// Bulk actions in German: the view, the dry run's reasons and the run bar speak the window's
// language, while the short reason main counts in the run's summary stays a code whatever language
// the technician reads, so "1 skipped (claimed)" never turns into "not sendable" for a German window.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../electron/shared/commands';
import type { ClaimView } from '../../electron/shared/shop';
import BulkActionsView from '../../renderer/src/components/bulk/BulkActionsView.svelte';
import { planBulk } from '../../renderer/src/lib/bulk-plan';
import { formatDateTime } from '../../renderer/src/lib/format';
import { applyLanguage } from '../../renderer/src/lib/i18n.svelte';
import { shop, vehicleList } from '../../renderer/src/lib/stores';
import { installFakeRuns } from './fake-runs';
import { fleet } from './fixtures';
import { glanced } from './glance-fixtures';

const MINUTE = 60_000;
const SINCE = '2026-11-25T08:30:00.000Z';

const claimOf = (vin: string): ClaimView => ({
  vin,
  claimedBy: 'Ana',
  machine: 'bay-1',
  note: null,
  since: SINCE,
  expiresAt: '2026-11-25T16:30:00.000Z',
  expired: false,
  mine: false,
});

describe('bulk actions in German', () => {
  beforeEach(async () => {
    vehicleList.loading = false;
    await applyLanguage({ language: 'de', formatLocale: 'de-DE' });
  });

  it('says why a car is skipped or woken in German, with Intl writing the time', () => {
    const now = Date.parse('2026-11-21T10:00:00.000Z');
    const plan = planBulk(
      [glanced(1, { sleep: 'offline' }, now - 3 * MINUTE), glanced(2, { sleep: 'asleep' }, now - 3 * MINUTE)],
      COMMANDS.set_charging_amps,
      16,
      { waitForCompletion: true, maxAttempts: 3 },
      { now },
    );
    expect(plan[0]!.problem).toBe(
      'Offline (gemeldet vor 3 Minuten): Der Dienst erreicht es nicht. Aktualisieren Sie seinen Zustand, um es einzubeziehen.',
    );
    expect(plan[0]!.skipReason).toBe('offline');
    expect(plan[1]!.warning).toBe('Schläft (Meldung 3 Minuten alt): Es wird zuerst geweckt.');
  });

  it('shows the dry run and the run in German, and tells main the skip by its code', async () => {
    const fake = installFakeRuns({ 'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }) });
    const cars = fleet(3);
    vehicleList.vehicles = cars;
    shop.claims = new Map([[cars[0]!.vin, claimOf(cars[0]!.vin)]]);
    render(BulkActionsView);

    expect(screen.getByRole('heading', { name: 'Massenaktionen' })).toBeTruthy();
    expect(screen.getByText('Wählen Sie mindestens ein Fahrzeug aus.')).toBeTruthy();
    // The commands, their value and its range are named in German too.
    expect(screen.getByRole('option', { name: 'Ladelimit einstellen', selected: true })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Ladelimit (%)' })).toBeTruthy();
    expect(screen.getByText('50 bis 100 %, ganze Zahlen')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Alle angezeigten auswählen' }));
    expect(screen.getByRole('group', { name: 'Fahrzeuge (3 ausgewählt)' })).toBeTruthy();

    const reason = `Übersprungen: übernommen von Ana seit ${formatDateTime(SINCE)}.`;
    const row = within(screen.getByRole('table', { name: 'Probelauf' }))
      .getByText(cars[0]!.vin)
      .closest('tr')!;
    expect(within(row).getByText('Wird übersprungen')).toBeTruthy();
    expect(row.textContent).toContain(reason);
    expect(
      screen.getByText(
        /wird an 2 von 3 Fahrzeugen gesendet; 1 wird übersprungen, jeweils mit dem Grund unten\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Übernommene Fahrzeuge einbeziehen' })).toBeTruthy();

    await fireEvent.click(screen.getByRole('button', { name: 'An 2 Fahrzeugen ausführen' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toMatch(/an 2 Fahrzeuge gesendet, 4 gleichzeitig\./);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Massenaktion ausführen' }));

    const start = fake.calls.find((c) => c.operation === 'runs.startBulkCommand')!;
    const input = start.args[0] as { items: unknown[] };
    expect(input.items[0]).toEqual({ vin: cars[0]!.vin, skip: { reason: 'claimed', message: reason } });
    expect(await screen.findByRole('table', { name: 'Ergebnisse der Massenaktion' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Massenlauf' })).toBeTruthy();
  });
});
