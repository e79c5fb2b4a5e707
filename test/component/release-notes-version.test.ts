// Release notes of a typed version: an old 404 leaves as soon as the version field changes.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import ReleaseNotesPanel from '../../renderer/src/components/vehicle/release-notes/ReleaseNotesPanel.svelte';
import { vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { liveMeta, notes, vehicle } from './fixtures';

beforeEach(() => {
  vehicleList.loading = false;
});

describe('release notes of a typed version', () => {
  it('drops an old 404 as soon as the version field changes', async () => {
    installFakeGarage({
      'vehicles.releaseNotes': ([, query]) =>
        (query as { version?: string }).version === '2020.1.1'
          ? {
              ok: false,
              error: { kind: 'not_found', status: 404, message: 'No notes for version 2020.1.1 (404).' },
            }
          : { ok: true, value: notes(), ...liveMeta },
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    render(ReleaseNotesPanel, { props: { vehicle: vehicle(1) } });
    await screen.findByRole('heading', { name: 'Blind Spot Camera' });
    await fireEvent.click(screen.getByRole('radio', { name: 'A specific version' }));
    const field = screen.getByRole('combobox', { name: 'Version' });
    await fireEvent.input(field, { target: { value: '2020.1.1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Show notes' }));
    expect(await screen.findByText(/2020\.1\.1 \(404\)/)).toBeTruthy();
    await fireEvent.input(field, { target: { value: '2026.14.3' } });
    expect(screen.queryByText(/2020\.1\.1 \(404\)/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/Press “Show notes” to load version 2026\.14\.3/)).toBeTruthy();
  });
});
