import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import ReleaseNoteCard from '../../renderer/src/components/vehicle/release-notes/ReleaseNoteCard.svelte';
import ReleaseNotesPanel from '../../renderer/src/components/vehicle/release-notes/ReleaseNotesPanel.svelte';
import type { ResultOf } from '../../electron/shared/ipc/api';
import { installFakeGarage } from './fake-garage';
import {
  deferred,
  emptyGarage,
  liveMeta,
  notes,
  PIXEL_DARK,
  PIXEL_LIGHT,
  staleMeta,
  vehicle,
} from './fixtures';
import { preferences } from '../../renderer/src/lib/stores';

const car = vehicle(1);

describe('release notes panel', () => {
  beforeEach(() => {
    preferences.setTheme('light');
    preferences.setLanguage('en');
  });

  it('loads, then shows each note as a card with versions', async () => {
    const gate = deferred<ResultOf<'vehicles.releaseNotes'>>();
    const { calls } = installFakeGarage({ 'vehicles.releaseNotes': () => gate.promise, ...emptyGarage });
    render(ReleaseNotesPanel, { props: { vehicle: car } });
    expect(screen.getByRole('status').textContent).toContain('Loading release notes');
    gate.resolve({ ok: true, value: notes({ staged_version: '2026.20.1' }), ...liveMeta });
    expect(await screen.findByRole('heading', { name: 'Blind Spot Camera' })).toBeTruthy();
    expect(screen.getByText('See more')).toBeTruthy();
    expect(screen.getByText('2026.20.1')).toBeTruthy();
    expect(calls[0]?.args).toEqual([car.vin, { language: 'en' }]);
  });

  it('asks for the staged version, a given version and another language', async () => {
    const fake = installFakeGarage({
      'vehicles.releaseNotes': () => ({ ok: true, value: notes(), ...liveMeta }),
      ...emptyGarage,
    });
    const calls = {
      get length() {
        return fake.calls.filter((c) => c.operation === 'vehicles.releaseNotes').length;
      },
      at: (i: number) => fake.calls.filter((c) => c.operation === 'vehicles.releaseNotes').at(i),
    };
    render(ReleaseNotesPanel, { props: { vehicle: car } });
    await screen.findByRole('heading', { name: 'Blind Spot Camera' });
    await fireEvent.click(screen.getByRole('radio', { name: 'Staged version' }));
    await waitFor(() => expect(calls.at(-1)?.args).toEqual([car.vin, { language: 'en', staged: true }]));

    await fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    await waitFor(() => expect(calls.at(-1)?.args).toEqual([car.vin, { language: 'de', staged: true }]));

    await fireEvent.click(screen.getByRole('radio', { name: 'A specific version' }));
    const version = screen.getByRole('combobox', { name: 'Version' });
    await fireEvent.input(version, { target: { value: '2026.1' } });
    const before = calls.length;
    await fireEvent.click(screen.getByRole('button', { name: 'Show notes' }));
    expect(screen.getByText(/A version looks like 2026.14.3/)).toBeTruthy();
    expect(calls.length).toBe(before);
    await fireEvent.input(version, { target: { value: '2025.44.2' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Show notes' }));
    await waitFor(() =>
      expect(calls.at(-1)?.args).toEqual([car.vin, { version: '2025.44.2', language: 'de' }]),
    );
  });

  it('shows the offline banner with the cache age when served from cache after a failure', async () => {
    installFakeGarage({
      'vehicles.releaseNotes': () => ({ ok: true, value: notes(), ...staleMeta }),
      ...emptyGarage,
    });
    render(ReleaseNotesPanel, { props: { vehicle: car } });
    expect(await screen.findByText(/^Offline: saved copy from .+ \(\d+ days? old\)\.$/)).toBeTruthy();
    expect(screen.getByText(/refused the connection/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Blind Spot Camera' })).toBeTruthy();
  });

  it('says when a version has no notes', async () => {
    installFakeGarage({
      'vehicles.releaseNotes': () => ({ ok: true, value: notes({ release_notes: [] }), ...liveMeta }),
      ...emptyGarage,
    });
    render(ReleaseNotesPanel, { props: { vehicle: car } });
    expect(await screen.findByText('No release notes for this version')).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    installFakeGarage({
      'vehicles.releaseNotes': () => ({
        ok: false,
        error: { kind: 'timeout', message: 'No answer in 30 s' },
      }),
      ...emptyGarage,
    });
    render(ReleaseNotesPanel, { props: { vehicle: car } });
    expect((await screen.findByRole('alert')).textContent).toContain('did not answer in time');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('release note card', () => {
  const note = notes().release_notes[0]!;

  it('uses light_image_url in the light theme and image_url in the dark, from data: URLs only', () => {
    const images = notes().images;
    const { container, unmount } = render(ReleaseNoteCard, { props: { note, images, theme: 'light' } });
    expect(container.querySelector('img')?.getAttribute('src')).toBe(PIXEL_LIGHT);
    unmount();
    const dark = render(ReleaseNoteCard, { props: { note, images, theme: 'dark' } });
    expect(dark.container.querySelector('img')?.getAttribute('src')).toBe(PIXEL_DARK);
  });

  it('never loads a remote image', () => {
    const { container } = render(ReleaseNoteCard, {
      props: {
        note,
        images: { 'https://cdn.example/light.png': 'https://evil.example/x.png' },
        theme: 'light',
      },
    });
    expect(container.querySelector('img')).toBeNull();
  });

  it('renders HTML and javascript: links in a note as inert text', () => {
    const hostile = {
      ...note,
      title: '<b>Bold</b> title',
      subtitle: '<script>alert(1)</script>',
      description: 'Look <img src=x onerror=alert(1)> and <a href="javascript:alert(1)">click</a>',
    };
    const { container } = render(ReleaseNoteCard, { props: { note: hostile, images: {}, theme: 'light' } });
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('[href^="javascript:"]')).toBeNull();
    expect(
      screen.getByText(/Look <img src=x onerror=alert\(1\)> and <a href="javascript:alert\(1\)">click<\/a>/),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: '<b>Bold</b> title' })).toBeTruthy();
  });
});
