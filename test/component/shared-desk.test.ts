// The shared desk in the window, by accessible names: the sign-in (user, password, "remember" off
// by default; the password handed to main once and cleared), the lock for the same person or
// someone else, the header naming who is signed in with Lock and Sign out, and the window showing
// nothing but the sign-in while nobody is signed in.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { DeskView } from '../../electron/shared/shop-desk';
import Root from '../../renderer/src/Root.svelte';
import DeskPerson from '../../renderer/src/components/shell/DeskPerson.svelte';
import DeskSignIn from '../../renderer/src/components/shell/DeskSignIn.svelte';
import { desk } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';

const ana = { role: 'ana', name: 'Ana Lopez' };
const signedOut: DeskView = {
  desk: true,
  profileId: 'p1',
  state: 'signed-out',
  person: null,
  lockMinutes: 10,
  remembered: [],
};
const signedIn: DeskView = { ...signedOut, state: 'signed-in', person: ana };
const locked: DeskView = { ...signedOut, state: 'locked', person: ana };

describe('signing in at a shared desk', () => {
  it('hands the user, the password and the unticked "remember" to main once, then clears the password', async () => {
    const { calls } = installFakeGarage({
      'desk.get': () => ({ ok: true, value: signedOut }),
      'desk.signIn': ([, password]) =>
        password === 'ana-password'
          ? { ok: true, value: signedIn }
          : { ok: false, error: { kind: 'unauthorized', message: 'The password is wrong.' } },
    });
    await desk.load();
    render(DeskSignIn);
    expect(screen.getByRole('heading', { name: 'Sign in at this desk' })).toBeTruthy();
    const remember = screen.getByRole('checkbox', {
      name: 'Remember my password on this computer',
    }) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    await fireEvent.input(screen.getByRole('textbox', { name: 'Database user' }), {
      target: { value: 'ana' },
    });
    await fireEvent.input(password, { target: { value: 'wrong' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The password is wrong.');
    // Main's words alone: the headline "unauthorized" gets elsewhere is about the service's token.
    expect(screen.getByRole('alert').textContent).not.toMatch(/access token|Settings/);
    expect(password.value).toBe('');

    await fireEvent.input(password, { target: { value: 'ana-password' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(desk.open).toBe(true));
    const signIns = calls.filter((call) => call.operation === 'desk.signIn');
    expect(signIns.map((call) => call.args)).toEqual([
      ['ana', 'wrong', { remember: false }],
      ['ana', 'ana-password', { remember: false }],
    ]);
    expect(password.value).toBe('');
  });

  it('asks the locked person for their password only, or lets someone else sign in', async () => {
    const { calls } = installFakeGarage({
      'desk.get': () => ({ ok: true, value: locked }),
      'desk.unlock': () => ({ ok: true, value: signedIn }),
    });
    await desk.load();
    const first = render(DeskSignIn);
    expect(screen.getByRole('heading', { name: 'Locked: Ana Lopez' })).toBeTruthy();
    // True whether it locked by itself or someone pressed Lock: the view does not say which.
    expect(
      screen.getByText(/^This desk is locked \(it locks by itself after 10 minutes without use\)\./),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Database user' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Remember/ })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Sign in as someone else' }));
    expect(screen.getByRole('heading', { name: 'Sign in at this desk' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Database user' })).toBeTruthy();
    expect(calls.some((call) => call.operation === 'desk.signOut')).toBe(false);

    // Shown again (the same locked desk): the locked person's own way in.
    first.unmount();
    render(DeskSignIn);
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'ana-password' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(desk.open).toBe(true));
    expect(calls.filter((call) => call.operation === 'desk.unlock').map((call) => call.args)).toEqual([
      ['ana-password'],
    ]);
  });
});

describe('unlocking a shared desk', () => {
  it('says it is unlocking while main checks, and a wrong password in main’s words only', async () => {
    let answer: (value: { ok: false; error: { kind: 'unauthorized'; message: string } }) => void = () => {};
    installFakeGarage({
      'desk.get': () => ({ ok: true, value: locked }),
      'desk.unlock': () => new Promise((resolve) => (answer = resolve)),
    });
    await desk.load();
    render(DeskSignIn);
    await fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'not-anas' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('button', { name: 'Unlocking…' })).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Signing in…' })).toBeNull();
    answer({
      ok: false,
      error: { kind: 'unauthorized', message: 'That is not the password Ana Lopez signed in with.' },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That is not the password Ana Lopez signed in with.',
    );
  });
});

describe('the header at a shared desk', () => {
  it('names who is signed in, and signs them out', async () => {
    const { calls, emit } = installFakeGarage({
      'desk.get': () => ({ ok: true, value: signedIn }),
      'desk.signOut': () => ({ ok: true, value: signedOut }),
      'desk.lock': () => ({ ok: true, value: locked }),
    });
    const disconnect = desk.connect();
    await desk.load();
    render(DeskPerson);
    const who = screen.getByRole('group', { name: 'Signed in: Ana Lopez, database user ana' });
    expect(who.textContent).toContain('Ana Lopez (ana)');
    await fireEvent.click(within(who).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: /Signed in/ })).toBeNull());
    expect(calls.some((call) => call.operation === 'desk.signOut')).toBe(true);
    // Someone signs in again (main's event): the header names them.
    emit({ type: 'desk.changed', view: { ...signedIn, person: { role: 'ben', name: 'ben' } } });
    const ben = await screen.findByRole('group', { name: 'Signed in: ben, database user ben' });
    expect(ben.textContent).toContain('ben');
    expect(ben.textContent).not.toContain('(ben)');
    disconnect();
  });

  it('offers "Forget my password" only to a person whose password is remembered, and asks main', async () => {
    const { calls, emit } = installFakeGarage({
      'desk.get': () => ({ ok: true, value: { ...signedIn, remembered: ['ana', 'ben'] } }),
      'desk.forgetMe': () => ({ ok: true, value: { ...signedIn, remembered: ['ben'] } }),
    });
    const disconnect = desk.connect();
    await desk.load();
    render(DeskPerson);
    const who = screen.getByRole('group', { name: 'Signed in: Ana Lopez, database user ana' });
    await fireEvent.click(within(who).getByRole('button', { name: 'Forget my password' }));
    await waitFor(() => expect(within(who).queryByRole('button', { name: 'Forget my password' })).toBeNull());
    expect(calls.filter((call) => call.operation === 'desk.forgetMe').map((call) => call.args)).toEqual([[]]);
    // Ben's is remembered, Ana's no longer: signed in as Ben, he is offered his.
    emit({
      type: 'desk.changed',
      view: { ...signedIn, person: { role: 'ben', name: 'ben' }, remembered: ['ben'] },
    });
    const ben = await screen.findByRole('group', { name: 'Signed in: ben, database user ben' });
    expect(within(ben).getByRole('button', { name: 'Forget my password' })).toBeTruthy();
    disconnect();
  });

  it('shows nothing when the profile is no shared desk', async () => {
    installFakeGarage({ 'desk.get': () => ({ ok: true, value: { desk: false } }) });
    await desk.load();
    render(DeskPerson);
    expect(screen.queryByRole('group', { name: /Signed in/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});

describe('the window at a shared desk', () => {
  it('shows only the sign-in while nobody is signed in, and reads nothing of the garage', async () => {
    const { calls } = installFakeGarage({ 'desk.get': () => ({ ok: true, value: signedOut }) });
    render(Root);
    expect(await screen.findByRole('heading', { name: 'Sign in at this desk' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(calls.some((call) => call.operation === 'vehicles.list')).toBe(false);
    expect(calls.some((call) => call.operation === 'claims.list')).toBe(false);
  });

  it('keeps nothing of the cars behind the lock: not in the text, the attributes or the accessibility tree', async () => {
    const car = vehicle(1);
    const { emit } = installFakeGarage({
      'desk.get': () => ({ ok: true, value: signedIn }),
      'profiles.list': () => ({ ok: true, value: [] }),
      'vehicles.list': () => ({ ok: true, value: [car] }),
      'updates.status': () => ({ ok: true, value: { state: 'disabled', currentVersion: '1.0.0' } }),
      'settings.updates': () => ({ ok: true, value: { mode: 'notify' } }),
    });
    render(Root);
    expect((await screen.findAllByText(car.vin)).length).toBeGreaterThan(0);
    // The header names who is signed in while the work shows.
    expect(screen.getByRole('group', { name: 'Signed in: Ana Lopez, database user ana' })).toBeTruthy();
    emit({ type: 'desk.changed', view: locked });
    expect(await screen.findByRole('heading', { name: 'Locked: Ana Lopez' })).toBeTruthy();
    // Not hidden behind the lock screen (aria-hidden, inert, display none): gone from the document.
    expect(document.body.innerHTML).not.toContain(car.vin);
    expect(document.body.innerHTML).not.toContain(car.plate!);
    expect(document.body.innerHTML).not.toContain(car.nickname!);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('group', { name: /Signed in/ })).toBeNull();
  });
});
