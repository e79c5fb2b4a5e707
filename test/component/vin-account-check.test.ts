// Adding and pasting VINs checks them against the account's vehicles when the service can be asked:
// a VIN the account does not know is refused with the reason and added only through "Add anyway";
// offline, the VIN is added and the technician is told it could not be checked.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import { vehicleList } from '../../renderer/src/lib/stores';
import { toasts } from '../../renderer/src/lib/stores';
import { installFakeGarage, type Responder, type Responders } from './fake-garage';
import { vehicle, vinFor } from './fixtures';

const KNOWN = vinFor(31);
const STRANGER = vinFor(32);
const account: Responder<'account.vehicles'> = () => ({
  ok: true,
  value: {
    results: [
      { vin: KNOWN, is_active: true },
      { vin: vinFor(12), is_active: true },
    ],
  },
});

function mount(responders: Responders) {
  const fake = installFakeGarage({
    'audit.list': () => ({ ok: true, value: [] }),
    'vehicles.add': ([input]) => ({ ok: true, value: vehicle(40, { vin: (input as { vin: string }).vin }) }),
    'vehicles.addMany': ([input]) => ({
      ok: true,
      value: {
        added: (input as { entries: { vin: string }[] }).entries.map((e, i) =>
          vehicle(50 + i, { vin: e.vin }),
        ),
        skipped: [],
      },
    }),
    'vehicles.list': () => ({ ok: true, value: [vehicle(12)] }),
    ...responders,
  });
  vehicleList.vehicles = [vehicle(12, { nickname: 'Existing' })];
  vehicleList.loading = false;
  render(GarageSidebar);
  return fake;
}

async function typeVin(vin: string) {
  await fireEvent.click(screen.getByRole('button', { name: 'Add vehicle' }));
  const dialog = screen.getByRole('dialog', { name: 'Add vehicle' });
  await fireEvent.input(within(dialog).getByRole('textbox', { name: 'VIN' }), { target: { value: vin } });
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
  return dialog;
}

describe('VINs checked against the account', { timeout: 20_000 }, () => {
  it('Add vehicle: refuses a VIN the account does not know, with the reason, until "Add anyway"', async () => {
    const { calls } = mount({ 'account.vehicles': account });
    const dialog = await typeVin(STRANGER);
    expect(
      await within(dialog).findByText(
        /Not among this account's 2 vehicles: the service would answer “not found”/,
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.operation === 'vehicles.add')).toBe(false);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.operation === 'vehicles.add').map((c) => c.args)).toEqual([
      [{ vin: STRANGER }],
    ]);
  });

  it('Add vehicle: adds a VIN the account knows at once', async () => {
    const { calls } = mount({ 'account.vehicles': account });
    await typeVin(KNOWN);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.operation === 'vehicles.add')?.args).toEqual([{ vin: KNOWN }]);
    expect(toasts.items.map((t) => t.message)).toContain('Added Car 40 to the garage');
  });

  it('Add vehicle offline: says it could not be checked and adds it', async () => {
    const { calls } = mount({
      'account.vehicles': () => ({ ok: false, error: { kind: 'network', message: 'Connection refused.' } }),
    });
    await typeVin(STRANGER);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.operation === 'vehicles.add')?.args).toEqual([{ vin: STRANGER }]);
    expect(toasts.items.map((t) => t.message).join('\n')).toContain(
      'Could not check against the account (the service could not be reached); added as typed.',
    );
  });

  it('Paste VINs: leaves out the VINs the account does not know, with why, and adds them on request', async () => {
    const { calls } = mount({ 'account.vehicles': account });
    await fireEvent.click(screen.getByRole('button', { name: 'Paste VINs' }));
    const dialog = screen.getByRole('dialog', { name: 'Paste VINs' });
    await fireEvent.input(within(dialog).getByRole('textbox', { name: 'VINs' }), {
      target: { value: `${KNOWN}\n${STRANGER}` },
    });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 vehicles' }));
    await waitFor(() => expect(within(dialog).getByText('Added 1 vehicle.')).toBeTruthy());
    expect(calls.find((c) => c.operation === 'vehicles.addMany')?.args).toEqual([
      { entries: [{ vin: KNOWN }] },
    ]);
    const skipped = within(dialog).getByRole('list', { name: 'Skipped entries' });
    expect(skipped.textContent).toContain(`${STRANGER}: Not among this account's 2 vehicles`);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add 1 VIN anyway' }));
    await waitFor(() => expect(within(dialog).getByText('Added 2 vehicles.')).toBeTruthy());
    expect(calls.filter((c) => c.operation === 'vehicles.addMany').map((c) => c.args)).toEqual([
      [{ entries: [{ vin: KNOWN }] }],
      [{ entries: [{ vin: STRANGER }] }],
    ]);
    expect(within(dialog).queryByRole('list', { name: 'Skipped entries' })).toBeNull();
  });

  it('Paste VINs offline: adds them all and says they could not be checked', async () => {
    const { calls } = mount({
      'account.vehicles': () => ({ ok: false, error: { kind: 'timeout', message: 'No answer.' } }),
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Paste VINs' }));
    const dialog = screen.getByRole('dialog', { name: 'Paste VINs' });
    await fireEvent.input(within(dialog).getByRole('textbox', { name: 'VINs' }), {
      target: { value: `${KNOWN}\n${STRANGER}` },
    });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 vehicles' }));
    await waitFor(() => expect(within(dialog).getByText('Added 2 vehicles.')).toBeTruthy());
    expect(calls.find((c) => c.operation === 'vehicles.addMany')?.args).toEqual([
      { entries: [{ vin: KNOWN }, { vin: STRANGER }] },
    ]);
    expect(
      within(dialog).getByText(
        'Could not check against the account (the service could not be reached); added as typed.',
      ),
    ).toBeTruthy();
  });
});
