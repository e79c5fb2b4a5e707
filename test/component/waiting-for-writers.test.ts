// Writes kept on this computer for another person than the one connected are said apart from what
// waits for the database, as main's status tells them: on the desk's sign-in screen while nobody is
// signed in ("3 entries wait for Ana Lopez (ana) to sign in"), in the header's status while someone
// else is, and for a profile whose database user was changed, the user they wait for. In German too.
import { render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskView } from '../../electron/shared/shop-desk';
import type { ShopStatus } from '../../electron/shared/shop';
import AppHeader from '../../renderer/src/components/shell/AppHeader.svelte';
import DeskSignIn from '../../renderer/src/components/shell/DeskSignIn.svelte';
import { applyLanguage, resetLanguage } from '../../renderer/src/lib/i18n.svelte';
import { othersWaitingWords } from '../../renderer/src/lib/shop.svelte';
import { connectStores, desk, shop } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';

const signedOut: DeskView = {
  desk: true,
  profileId: 'p1',
  state: 'signed-out',
  person: null,
  lockMinutes: 10,
  remembered: [],
};

const closedDesk: ShopStatus = {
  state: 'solo',
  pending: 0,
  error: null,
  othersWaiting: [
    { role: 'ana', name: 'Ana Lopez', count: 3, until: 'signIn' },
    { role: 'ben', name: 'ben', count: 1, until: 'signIn' },
  ],
};

describe('writes waiting for their own writer', () => {
  afterEach(() => resetLanguage());

  it('are named on the sign-in screen while nobody is signed in', async () => {
    installFakeGarage({
      'desk.get': () => ({ ok: true, value: signedOut }),
      'shop.status': () => ({ ok: true, value: closedDesk }),
    });
    await desk.load();
    await shop.load();
    render(DeskSignIn);
    const said = screen.getByRole('status');
    expect(said.textContent).toContain('3 entries wait for Ana Lopez (ana) to sign in');
    expect(said.textContent).toContain('1 entry waits for ben to sign in');
  });

  it("are named in the header beside what waits for the database, as main's event says", async () => {
    const fake = installFakeGarage({
      'shop.status': () => ({ ok: true, value: { state: 'online', pending: 0, error: null } }),
    });
    const disconnect = connectStores(fake.api);
    await shop.load();
    render(AppHeader);
    expect(screen.getByText('Shop database connected')).toBeTruthy();
    fake.emit({
      type: 'shop.changed',
      profileId: 'p1',
      status: {
        state: 'offline',
        pending: 2,
        error: { kind: 'network', message: 'connect ECONNREFUSED' },
        othersWaiting: [{ role: 'ana', name: 'Ana Lopez', count: 3, until: 'signIn' }],
      },
    });
    await waitFor(() =>
      expect(
        screen.getByText(
          'Shop database unreachable · 2 entries waiting for the shop database · 3 entries wait for Ana Lopez (ana) to sign in',
        ),
      ).toBeTruthy(),
    );
    disconnect();
  });

  it('say which database user they wait for when the profile connects as another', async () => {
    const status: ShopStatus = {
      state: 'online',
      pending: 0,
      error: null,
      othersWaiting: [{ role: 'tech_a', name: 'Ana', count: 2, until: 'reconnect' }],
    };
    expect(othersWaitingWords(status)).toEqual([
      '2 entries written as tech_a wait until this profile connects as tech_a again',
    ]);
    await applyLanguage({ language: 'de', formatLocale: 'de-DE' });
    expect(othersWaitingWords(status)).toEqual([
      '2 als tech_a geschriebene Einträge warten, bis sich dieses Profil wieder als tech_a verbindet',
    ]);
    expect(
      othersWaitingWords({
        ...status,
        othersWaiting: [{ ...status.othersWaiting![0]!, count: 1, until: 'signIn' }],
      }),
    ).toEqual(['1 Eintrag wartet darauf, dass sich Ana (tech_a) anmeldet']);
  });
});
