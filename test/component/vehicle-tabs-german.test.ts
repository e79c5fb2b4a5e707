// The vehicle's tabs speak the window's language: in German every heading, button, notice and
// number of the Access, Release notes, Telemetry, History, Commands and Workshop tabs is German, and a
// figure is written
// in the German way (a decimal comma), none left in English.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import CommandsPanel from '../../renderer/src/components/vehicle/commands/CommandsPanel.svelte';
import WorkshopPanel from '../../renderer/src/components/vehicle/workshop/WorkshopPanel.svelte';
import AccessPanel from '../../renderer/src/components/vehicle/access/AccessPanel.svelte';
import HistoryPanel from '../../renderer/src/components/vehicle/history/HistoryPanel.svelte';
import ReleaseNotesPanel from '../../renderer/src/components/vehicle/release-notes/ReleaseNotesPanel.svelte';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import { applyLanguage } from '../../renderer/src/lib/i18n.svelte';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, liveMeta, notes, telemetry, vehicle } from './fixtures';
import { carState, stateAnswer } from './vehicle-state-fixtures';

const car = vehicle(1);

describe('the vehicle tabs in German', () => {
  beforeEach(() => applyLanguage({ language: 'de', formatLocale: 'de-DE' }));

  it('Access: drivers with their phone keys counted, invitations and guest mode', async () => {
    installFakeGarage({
      'vehicles.drivers': () => ({
        ok: true,
        value: {
          results: [
            {
              my_tesla_unique_id: 1,
              user_id: 7,
              user_id_s: '7',
              driver_first_name: 'Ada',
              driver_last_name: 'Lee',
              granular_access: { hide_private: true },
              active_pubkeys: ['k1'],
              public_key: 'k',
            },
          ],
        },
        ...liveMeta,
      }),
      'vehicles.invitations': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
    });
    render(AccessPanel, { props: { vehicle: car } });
    const list = await screen.findByRole('list', { name: 'Fahrer' });
    expect(
      within(list).getByText(/darf entriegeln und fahren · private Daten verborgen · 1 Telefonschlüssel/),
    ).toBeTruthy();
    expect(screen.getByText('Keine Einladungen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Einladung erstellen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gastmodus' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gastmodus aus' })).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Fahrer Ada Lee entfernen' }));
    const dialog = screen.getByRole('dialog', { name: 'Fahrer entfernen?' });
    expect(dialog.textContent).toMatch(/Ada Lee als Fahrer von .+ entfernen\?/);
  });

  it('Release notes: the choices, the versions and a version typed wrong', async () => {
    installFakeGarage({ 'vehicles.releaseNotes': () => ({ ok: true, value: notes(), ...liveMeta }) });
    render(ReleaseNotesPanel, { props: { vehicle: car } });
    await screen.findByRole('heading', { name: 'Blind Spot Camera' });
    expect(screen.getByText(/Installiert/).textContent).toMatch(
      /Installiert 2026\.14\.3 · Bereitgestellt keine/,
    );
    await fireEvent.click(screen.getByRole('radio', { name: 'Eine bestimmte Version' }));
    await fireEvent.input(screen.getByRole('combobox', { name: 'Version' }), { target: { value: '2026' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Hinweise anzeigen' }));
    expect(screen.getByText('Eine Version sieht aus wie 2026.14.3 (Jahr.Zahl.Zahl)')).toBeTruthy();
  });

  it('Telemetry: states, facts, field names typed wrong and the template differences', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry({}, { synced: false }), ...liveMeta }),
      'templates.list': () => ({ ok: true, value: [] }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    expect(await screen.findByText('Noch nicht synchronisiert')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Felder (3)' })).toBeTruthy();
    expect(screen.getByText('Zertifikat läuft ab')).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Felder bearbeiten' }));
    expect(screen.getByText('Ohne Location weiß der Dienst nicht mehr, wo das Fahrzeug ist.')).toBeTruthy();
    await fireEvent.input(screen.getByRole('combobox', { name: 'Feldname 1' }), {
      target: { value: 'Gaer' },
    });
    expect(screen.getByRole('alert').textContent).toContain('Unbekanntes Telemetriefeld „Gaer“');
  });

  it('History: headings, the bulk mark and durations with a decimal comma', async () => {
    installFakeGarage({
      'audit.list': () => ({
        ok: true,
        value: [
          {
            id: 'a',
            time: '2026-11-20T10:00:00Z',
            profileId: 'demo',
            profileName: 'Demo',
            vin: car.vin,
            operation: 'setPlate',
            params: { plate: 'BAY 4' },
            outcome: 'success',
            durationMs: 1200,
            bulk: true,
          },
        ],
      }),
    });
    render(HistoryPanel, { props: { vehicle: car } });
    const table = await screen.findByRole('table', { name: `Verlauf von ${car.vin}, die neuesten zuerst` });
    expect(within(table).getByRole('columnheader', { name: 'Dauer' })).toBeTruthy();
    const row = within(table).getAllByRole('row')[1] as HTMLTableRowElement;
    expect(row.cells[5]!.textContent).toBe('1,2 s');
    expect(within(row).getByText('Sammellauf')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verlauf dieses Fahrzeugs exportieren (CSV)…' })).toBeTruthy();
  });

  it("Commands: the car's switches, the options and a value's current reading", async () => {
    installFakeGarage({ 'vehicles.state': () => stateAnswer(carState({ valet: true })), ...emptyGarage });
    render(CommandsPanel, { props: { vehicle: car } });
    expect(await screen.findByText('Aktuell 80 %')).toBeTruthy();
    const switches = screen.getByRole('region', { name: 'Vom Fahrzeug' });
    expect(within(switches).getByText('Parkservice-Modus')).toBeTruthy();
    expect(within(switches).getByText('geschlossen')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Optionen für jeden Befehl' })).toBeTruthy();
    expect(screen.getAllByText('Fragt nach Bestätigung').length).toBeGreaterThan(0);
  });

  it('Workshop: the groups, the software update and why its buttons are off', async () => {
    installFakeGarage({ 'vehicles.state': () => stateAnswer(carState()), ...emptyGarage });
    render(WorkshopPanel, { props: { vehicle: car } });
    expect(await screen.findByRole('heading', { name: 'Fahrzeug finden' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Software-Update' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Minuten ab jetzt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update planen' })).toBeTruthy();
  });
});
