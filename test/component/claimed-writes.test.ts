// Writes other than commands ask first too when another technician holds the car (shop mode):
// setting the plate and creating an invitation name the holder, send nothing on Cancel, and send
// with the technician's confirmation on "Send anyway" (main checks it and records the override).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { ClaimView } from '../../electron/shared/shop';
import AccessPanel from '../../renderer/src/components/vehicle/access/AccessPanel.svelte';
import PlateAndTagsPanel from '../../renderer/src/components/vehicle/plate-and-tags/PlateAndTagsPanel.svelte';
import { shop } from '../../renderer/src/lib/stores';
import { installFakeGarage, type Responders } from './fake-garage';
import { emptyGarage, liveMeta, vehicle } from './fixtures';

const car = vehicle(1, { nickname: 'Loaner' });
const anaClaim: ClaimView = {
  vin: car.vin,
  claimedBy: 'Ana',
  machine: 'bay-1',
  note: null,
  since: '2026-01-01T08:00:00.000Z',
  expiresAt: '2099-01-01T16:00:00.000Z',
  expired: false,
  mine: false,
};

/** The window is online with the shop and shows Ana's claim, as main's events bring them. */
const shopResponders: Responders = {
  'shop.status': () => ({ ok: true, value: { state: 'online', pending: 0, error: null } }),
  'claims.list': () => ({ ok: true, value: [anaClaim] }),
};
function heldByAna(): void {
  shop.applyStatus({ state: 'online', pending: 0, error: null });
  shop.applyClaim(car.vin, anaClaim);
}

describe('a write to a car another technician holds', () => {
  it('asks before setting the plate, and sends with the override once confirmed', async () => {
    const { calls } = installFakeGarage({
      ...emptyGarage,
      ...shopResponders,
      'vehicles.setPlate': () => ({ ok: true, value: { result: true } }),
    });
    heldByAna();
    render(PlateAndTagsPanel, { props: { vehicle: car } });
    await fireEvent.input(screen.getByLabelText('Plate'), { target: { value: 'BAY-1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Set plate' }));
    const asked = await screen.findByRole('dialog', { name: 'Claimed by Ana' });
    await fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.operation === 'vehicles.setPlate')).toBe(false);

    await fireEvent.click(screen.getByRole('button', { name: 'Set plate' }));
    const again = await screen.findByRole('dialog', { name: 'Claimed by Ana' });
    await fireEvent.click(within(again).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(calls.some((c) => c.operation === 'vehicles.setPlate')).toBe(true));
    expect(calls.find((c) => c.operation === 'vehicles.setPlate')!.args).toEqual([
      car.vin,
      { plate: 'BAY-1', overrideClaim: true },
    ]);
  });

  it('asks before creating an invitation', async () => {
    const { calls } = installFakeGarage({
      ...shopResponders,
      'vehicles.drivers': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.invitations': () => ({ ok: true, value: { results: [] }, ...liveMeta }),
      'vehicles.createInvitation': () => ({
        ok: true,
        value: {
          id: 12,
          id_s: '12',
          owner_id: 1,
          owner_id_s: '1',
          share_user_id: null,
          share_user_id_s: null,
          product_id: car.vin,
          vin: car.vin,
          state: 'pending',
          code: 'c',
          expires_at: '2030-01-02T03:04:05.000Z',
          revoked_at: null,
          product_type: 'vehicle',
          share_type: 'customer',
          share_link: 'https://www.tesla.com/_rs/1/12',
        },
      }),
    });
    heldByAna();
    render(AccessPanel, { props: { vehicle: car } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Create invitation' }));
    const asked = await screen.findByRole('dialog', { name: 'Claimed by Ana' });
    expect(calls.some((c) => c.operation === 'vehicles.createInvitation')).toBe(false);
    await fireEvent.click(within(asked).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() =>
      expect(calls.find((c) => c.operation === 'vehicles.createInvitation')?.args).toEqual([
        car.vin,
        { overrideClaim: true },
      ]),
    );
  });
});

describe('claims while the shop is away', () => {
  it('are read at start from what main last knew, so a write to a held car still asks', async () => {
    installFakeGarage({
      ...emptyGarage,
      'shop.status': () => ({ ok: true, value: { state: 'offline', pending: 2, error: null } }),
      'claims.list': () => ({ ok: true, value: [anaClaim] }),
    });
    await shop.load();
    expect(shop.heldByOther(car.vin)).toEqual(anaClaim);
  });
});
