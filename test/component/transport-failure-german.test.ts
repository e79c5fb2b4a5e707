// When the window cannot reach main at all (the IPC transport fails), the preload that notices has
// no catalog: the window says it in its own language wherever the error shows, and only once.
import { render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import HistoryPanel from '../../renderer/src/components/vehicle/history/HistoryPanel.svelte';
import { describeError } from '../../renderer/src/lib/errors';
import { applyLanguage, resetLanguage } from '../../renderer/src/lib/i18n.svelte';
import { mainApi } from '../../renderer/src/lib/main-api';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';

const car = vehicle(1);
const GERMAN = 'Die App erreicht ihren Hauptprozess nicht. Starten Sie die App neu.';

/** The transport rejects, as ipcRenderer.invoke does when main is gone. */
const gone = () => {
  throw new Error('Error invoking remote method: main is gone');
};

describe('a failed transport in German', () => {
  beforeEach(() => applyLanguage({ language: 'de', formatLocale: 'de-DE' }));
  afterEach(() => resetLanguage());

  it('the answer a store gets carries the window’s words, and says them once', async () => {
    installFakeGarage({ 'audit.list': gone });
    const answer = await mainApi().audit.list({});
    expect(answer).toMatchObject({
      ok: false,
      error: { kind: 'internal', transport: true, message: GERMAN },
    });
    if (answer.ok) throw new Error('unreachable');
    expect(describeError(answer.error)).toBe(GERMAN);
  });

  it('the History tab shows it in German', async () => {
    installFakeGarage({ 'audit.list': gone });
    render(HistoryPanel, { props: { vehicle: car } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(GERMAN);
    expect(alert.textContent).not.toMatch(/main process|garage:|Restart/);
  });
});
