// The Access tab: drivers with their access, removal behind a confirmation that names the person and
// their phone keys, pending invitations with expiry and state, a created invitation's share link
// with Copy, revoke, guest mode, and a driver token's refusal in words.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import AccessPanel from '../../renderer/src/components/vehicle/access/AccessPanel.svelte';
import { commandRuns } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { liveMeta, vehicle } from './fixtures';

const car = vehicle(1);
const ID = '2300000000000001';

const driver = (first: string, userId: string) => ({
  my_tesla_unique_id: 1,
  user_id: Number(userId),
  user_id_s: userId,
  driver_first_name: first,
  driver_last_name: 'Lee',
  granular_access: { hide_private: false },
  active_pubkeys: ['k1', 'k2'],
  public_key: 'k',
});

const invitation = (idS: string, state: string) => ({
  id: Number(idS),
  id_s: idS,
  owner_id: 1,
  owner_id_s: '1',
  share_user_id: null,
  share_user_id_s: null,
  product_id: car.vin,
  vin: car.vin,
  state,
  code: 'c',
  expires_at: '2030-01-02T03:04:05.000Z',
  revoked_at: null,
  product_type: 'vehicle',
  share_type: 'customer',
  share_link: `https://www.tesla.com/_rs/1/${idS}`,
});

describe('invitations in words', () => {
  it('names an invitation by its id’s end, and a revoked one by when it was revoked, not an expiry', async () => {
    installFakeGarage({
      'vehicles.drivers': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.invitations': () => ({
        ok: true,
        value: {
          results: [
            invitation('2251799813685249', 'pending'),
            { ...invitation('2251799813685250', 'revoked'), revoked_at: '2026-11-20T10:00:00.000Z' },
          ],
        },
        ...liveMeta,
      }),
    });
    render(AccessPanel, { props: { vehicle: car } });
    const list = await screen.findByRole('list', { name: 'Invitations' });
    const [pending, revoked] = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent!.replace(/\s+/g, ' '));
    expect(pending).toMatch(/^Invitation …5249 · .*· expires /);
    expect(pending).not.toContain('2251799813685249');
    expect(revoked).toMatch(/^Invitation …5250 · .*· revoked /);
    expect(revoked).not.toMatch(/expire/);
    expect(screen.getByRole('button', { name: 'Revoke invitation 2251799813685249' })).toBeTruthy();
  });
});

describe('access tab', () => {
  it('removes a driver after a confirmation naming them and their phone keys, by the id string', async () => {
    let drivers = [driver('Ada', ID), driver('Bo', '2300000000000002')];
    const fake = installFakeGarage({
      'vehicles.drivers': () => ({ ok: true, value: { results: drivers }, ...liveMeta }),
      'vehicles.invitations': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.removeDriver': ([, id]) => {
        drivers = drivers.filter((d) => d.user_id_s !== id);
        return { ok: true, value: { result: true } };
      },
    });
    render(AccessPanel, { props: { vehicle: car } });
    const list = await screen.findByRole('list', { name: 'Drivers' });
    expect(within(list).getByText('Ada Lee')).toBeTruthy();
    expect(within(list).getAllByText(/can unlock and drive · 2 phone keys/)).toHaveLength(2);
    await fireEvent.click(screen.getByRole('button', { name: 'Remove driver Ada Lee' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove driver?' });
    expect(dialog.textContent).toMatch(
      /Remove Ada Lee as a driver .*phone keys are removed from the car too/s,
    );
    expect(fake.calls.some((c) => c.operation === 'vehicles.removeDriver')).toBe(false);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Ada Lee' }));
    await waitFor(() => expect(screen.queryByText('Ada Lee')).toBeNull());
    expect(fake.calls.find((c) => c.operation === 'vehicles.removeDriver')?.args).toEqual([car.vin, ID]);
  });

  it('lists invitations with state and expiry, shows a new one’s share link with Copy, revokes', async () => {
    let invitations = [invitation('11', 'pending')];
    const fake = installFakeGarage({
      'vehicles.drivers': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.invitations': () => ({ ok: true, value: { results: invitations }, ...liveMeta }),
      'vehicles.createInvitation': () => {
        const created = invitation('12', 'pending');
        invitations = [...invitations, created];
        return { ok: true, value: created };
      },
      'vehicles.revokeInvitation': ([, id]) => {
        invitations = invitations.map((i) => (i.id_s === id ? { ...i, state: 'revoked' } : i));
        return { ok: true, value: { result: true } };
      },
    });
    render(AccessPanel, { props: { vehicle: car } });
    const list = await screen.findByRole('list', { name: 'Invitations' });
    expect(within(list).getByText('pending')).toBeTruthy();
    expect(list.querySelector('time')?.getAttribute('datetime')).toBe('2030-01-02T03:04:05.000Z');
    await fireEvent.click(screen.getByRole('button', { name: 'Create invitation' }));
    expect(await screen.findByText('https://www.tesla.com/_rs/1/12')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Revoke invitation 11' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke invitation 11' })).toBeNull());
    expect(fake.calls.find((c) => c.operation === 'vehicles.revokeInvitation')?.args).toEqual([
      car.vin,
      '11',
    ]);
  });

  it('explains a driver token’s 403 in words', async () => {
    const message =
      "This API token is not the owner's of vehicle X (403): only the owner's token can list the drivers. Use the owner's token for this vehicle.";
    installFakeGarage({
      'vehicles.drivers': () => ({ ok: false, error: { kind: 'forbidden', message, status: 403 } }),
      'vehicles.invitations': () => ({ ok: false, error: { kind: 'forbidden', message, status: 403 } }),
    });
    render(AccessPanel, { props: { vehicle: car } });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]!.textContent).toContain("only the owner's token can list the drivers");
  });

  it('turns guest mode off as a command run in main, its outcome beside the button', async () => {
    const fake = installFakeGarage({
      'vehicles.drivers': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.invitations': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.status': () => ({ ok: true, value: { status: 'awake' }, ...liveMeta }),
      'service.command': () => ({ ok: true, value: { result: true } }),
      'vehicles.state': () => ({
        ok: false,
        error: { kind: 'vehicle_offline', message: 'the vehicle is offline' },
      }),
    });
    render(AccessPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Guest mode off' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.operation === 'service.command')?.args).toEqual([
        car.vin,
        'disable_guest',
        {},
      ]),
    );
    const row = screen.getByRole('button', { name: 'Guest mode off' }).closest('.command') as HTMLElement;
    const status = within(row).getByRole('status');
    await within(status).findByText('Guest mode off: the vehicle said it did it');
    // The state could not be read back: the outcome says so, never "guest mode off" as the car's.
    expect(status.textContent).toContain('not read back: the vehicle is offline');
  });
  it('guest mode waits while another command runs on the car, and says which', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    installFakeGarage({
      'vehicles.drivers': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.invitations': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.status': () => ({ ok: true, value: { status: 'awake' }, ...liveMeta }),
      'service.command': async () => {
        await held;
        return { ok: true, value: { result: true } };
      },
      'vehicles.state': () => ({
        ok: false,
        error: { kind: 'vehicle_offline', message: 'the vehicle is offline' },
      }),
    });
    render(AccessPanel, { props: { vehicle: car } });
    const on = (await screen.findByRole('button', { name: 'Guest mode on' })) as HTMLButtonElement;
    expect(on.disabled).toBe(false);
    // As the Commands tab sends it.
    const sent = commandRuns.send(car.vin, 'close_windows', {});
    const note = await screen.findByText(
      'Close windows is still running on this vehicle; wait for it to finish.',
    );
    expect(on.disabled).toBe(true);
    expect(on.getAttribute('aria-describedby')).toBe(note.id);
    release();
    await sent;
    await waitFor(() => expect(on.disabled).toBe(false));
    expect(screen.queryByText(/still running on this vehicle/)).toBeNull();
  });
});
