// The Job tab speaks the window's language: in German its headings, buttons, the car's readings,
// each action with its effect, the changes and the warnings at closing (their values included) are
// German, while the record main keeps stays in the English its digest covers.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import JobPanel from '../../renderer/src/components/vehicle/job/JobPanel.svelte';
import { applyLanguage, resetLanguage } from '../../renderer/src/lib/i18n.svelte';
import type { CloseWarning, JobWarning } from '../../electron/shared/jobs/job-record';
import { jobFixture, openJobFixture, recordFixture } from '../support/job-fixture';
import { installFakeGarage } from './fake-garage';
import { ok, vehicle } from './fixtures';

const car = vehicle(1, { vin: '5YJ3E1EA7KF000001' });

const VALET: JobWarning = {
  id: 'valet',
  text: 'Valet mode is on; it was off at check-in.',
  undo: { command: 'disable_valet', value: null, label: 'Disable valet mode' },
};
// As the job keeps it: the record's English text alone.
const CHARGE_LIMIT_KEPT: JobWarning = {
  id: 'chargeLimit',
  text: 'The charge limit is 90 %; it was 80 % at check-in.',
  undo: { command: 'set_charge_limit', value: 80, label: 'Set charge limit to 80 %' },
};
// As main answers a close: the same, with the limits beside it.
const CHARGE_LIMIT: CloseWarning = { ...CHARGE_LIMIT_KEPT, values: { now: 90, was: 80 } };

describe('the Job tab in German', () => {
  beforeEach(() => applyLanguage({ language: 'de', formatLocale: 'de-DE' }));
  afterEach(() => resetLanguage());

  it('open: the facts, the check-in, each action with its effect, and the warnings at closing', async () => {
    installFakeGarage({
      'jobs.list': () => ok([openJobFixture()]),
      'jobs.record': () => ok(recordFixture(1, openJobFixture())),
      'jobs.close': () =>
        ok({ status: 'needs-confirmation', job: openJobFixture(), warnings: [VALET, CHARGE_LIMIT] }),
    });
    render(JobPanel, { props: { vehicle: car } });
    const actions = await screen.findByRole('list', { name: 'Aktionen in diesem Auftrag' });
    expect(
      within(actions).getByText(
        /Ladelimit einstellen: erfolgreich, Ladelimit 80 → 90 %, bestätigt 10:01:00 UTC/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Werkstattauftrag' })).toBeTruthy();
    expect(screen.getByText('Auftragsnummer').nextElementSibling?.textContent).toBe('RO-4711');
    expect(screen.getByText('Status').nextElementSibling?.textContent).toBe('Offen');
    expect(screen.getByRole('row', { name: /^Ladelimit 80 %/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /^Schlafzustand wach, Stand/ })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Das Fahrzeug bei Annahme' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Protokolldatei prüfen…' })).toBeTruthy();

    await fireEvent.click(screen.getByRole('button', { name: 'Auftrag abschließen' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/in einem anderen Zustand als bei der Annahme/)).toBeTruthy();
    expect(
      within(alert).getByRole('checkbox', {
        name: 'So lassen: Das Ladelimit ist 90 %; bei der Annahme war es 80 %.',
      }),
    ).toBeTruthy();
    expect(
      within(alert).getByRole('checkbox', {
        name: 'So lassen: Der Valet-Modus ist an; bei der Annahme war er aus.',
      }),
    ).toBeTruthy();
    expect(
      within(alert).getByRole('button', { name: 'Rückgängig: Ladelimit einstellen auf 80 %' }),
    ).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Rückgängig: Valet-Modus ausschalten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bestätigen und Auftrag abschließen' })).toBeTruthy();
  });

  it('closed: the changes and what was confirmed, from the check-out', async () => {
    installFakeGarage({
      'jobs.list': () => ok([jobFixture({ acknowledged: [CHARGE_LIMIT_KEPT] })]),
      'jobs.record': () => ok(recordFixture(1)),
    });
    render(JobPanel, { props: { vehicle: car } });
    const changes = await screen.findByRole('list', { name: 'Änderungen zwischen Annahme und Übergabe' });
    expect(within(changes).getByText('Ladelimit: 80 % → 90 %')).toBeTruthy();
    expect(screen.getByText('Das Ladelimit ist 90 %; bei der Annahme war es 80 %.')).toBeTruthy();
    expect(screen.getByText('Status').nextElementSibling?.textContent).toBe('Abgeschlossen');
    expect(screen.getByRole('table', { name: 'Das Fahrzeug bei Annahme und bei Übergabe' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Auftrag wieder eröffnen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Auftrag eröffnen' })).toBeTruthy();
  });
});
