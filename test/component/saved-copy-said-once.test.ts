// A saved copy standing in for a failed read is said once on a tab: the offline banner, which says
// why and how old, and no "Offline copy" badge beside it. Where no banner is shown the badge is the
// one mention, so the copy is never left unsaid either.
import { render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import FetchStatus from '../../renderer/src/components/common/FetchStatus.svelte';
import ReleaseNotesPanel from '../../renderer/src/components/vehicle/release-notes/ReleaseNotesPanel.svelte';
import TelemetryPanel from '../../renderer/src/components/vehicle/telemetry/TelemetryPanel.svelte';
import { preferences, vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { emptyGarage, notes, staleMeta, telemetry, vehicle } from './fixtures';

const car = vehicle(1);

/** Every visible mention of the offline copy: the banner's sentence and the badge. */
function mentions(): string[] {
  return screen
    .queryAllByText(/^(Offline: saved copy from .+|Offline copy)$/)
    .map((element) => element.textContent!.trim());
}

beforeEach(() => {
  preferences.setLanguage('en');
  vehicleList.selectedVin = car.vin;
});

describe('the offline copy on a tab', () => {
  it('is said once on the Telemetry tab, by the banner that says why and how old', async () => {
    installFakeGarage({
      'vehicles.telemetryConfig': () => ({ ok: true, value: telemetry(), ...staleMeta }),
      ...emptyGarage,
    });
    render(TelemetryPanel, { props: { vehicle: car } });
    await screen.findByText(/^Offline: saved copy from .+ \(\d+ days? old\)\.$/);
    expect(mentions()).toHaveLength(1);
    expect(screen.queryByText('Offline copy')).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh telemetry' })).toBeTruthy();
  });

  it('is said once on the Release notes tab, by the banner', async () => {
    installFakeGarage({
      'vehicles.releaseNotes': () => ({ ok: true, value: notes(), ...staleMeta }),
      ...emptyGarage,
    });
    render(ReleaseNotesPanel, { props: { vehicle: car } });
    await screen.findByText(/^Offline: saved copy from .+ \(\d+ days? old\)\.$/);
    expect(mentions()).toHaveLength(1);
    expect(screen.queryByText('Offline copy')).toBeNull();
  });

  it('keeps the badge where no banner says it', () => {
    render(FetchStatus, {
      props: { meta: staleMeta, refreshing: false, refreshLabel: 'Refresh', onrefresh: () => {} },
    });
    expect(mentions()).toEqual(['Offline copy']);
  });
});
