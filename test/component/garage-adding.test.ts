import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import { planPaste, splitPastedVins } from '../../renderer/src/lib/vin-paste';
import { normalizeVinInput } from '../../electron/shared/vin';
import { installFakeGarage, type Responders } from './fake-garage';
import { vehicle, vinFor } from './fixtures';
import { vehicleList } from '../../renderer/src/lib/stores';

const A = vinFor(11);
const B = vinFor(12);
const C = vinFor(13);
const grouped = (vin: string) =>
  `${vin.slice(0, 4)} ${vin.slice(4, 8)} ${vin.slice(8, 12)} ${vin.slice(12)}`.toLowerCase();

describe('splitting pasted VINs', () => {
  it('takes lines, commas, semicolons, tabs and spaces, and joins a VIN written in groups', () => {
    expect(splitPastedVins(`${A}\n${B}, ${C};${A}\t${B} ${C}`)).toEqual([A, B, C, A, B, C]);
    expect(splitPastedVins(grouped(A))).toEqual([grouped(A)]);
    expect(splitPastedVins(`${grouped(A)} ${B}\n\n  ,`)).toEqual([grouped(A), B]);
    // A short piece stays an entry of its own, to be reported, without swallowing the next VIN.
    expect(splitPastedVins(`ABC ${B}`)).toEqual(['ABC', B]);
  });

  it('normalises spaces (also no-break and zero-width) and case', () => {
    expect(normalizeVinInput(`\u00a0${grouped(A)}\u200b`)).toBe(A);
  });

  it('plans each entry: ready, invalid with why, already in the garage, listed twice, check digit warned', () => {
    const badCheck = `${A.slice(0, 8)}${A[8] === '0' ? '1' : '0'}${A.slice(9)}`;
    const plan = planPaste(`${A}\n${B}\n${A}\nABC\n5YJ3E1EA0PF00001O\n${badCheck}`, new Set([B]));
    expect(plan.map((e) => [e.status, e.note])).toEqual([
      ['ready', null],
      ['existing', 'Already in the garage'],
      ['repeated', 'Listed more than once; added once'],
      ['invalid', 'VIN has 3 characters; it needs 17'],
      ['invalid', "VIN may not contain I, O or Q (found 'O' at position 17)"],
      ['ready', expect.stringContaining('Check digit (position 9) does not match')],
    ]);
  });
});

function mount(responders: Responders) {
  const fake = installFakeGarage({ 'audit.list': () => ({ ok: true, value: [] }), ...responders });
  vehicleList.vehicles = [vehicle(12, { nickname: 'Existing' })];
  vehicleList.loading = false;
  render(GarageSidebar);
  return fake;
}

describe('adding many vehicles', { timeout: 20_000 }, () => {
  it('Paste VINs: previews each entry, adds the ready ones in one call and says what was added and skipped, and why', async () => {
    const { calls } = mount({
      'vehicles.addMany': ([input]) => {
        const { entries } = input as { entries: { vin: string }[] };
        return {
          ok: true,
          value: {
            added: entries.slice(1).map((e, i) => vehicle(20 + i, { vin: e.vin })),
            skipped: [
              {
                input: entries[0]!.vin,
                vin: entries[0]!.vin,
                reason: `${entries[0]!.vin} is already in the garage`,
              },
            ],
          },
        };
      },
      'vehicles.list': () => ({ ok: true, value: [vehicle(12), vehicle(13)] }),
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Paste VINs' }));
    const dialog = screen.getByRole('dialog', { name: 'Paste VINs' });
    const box = within(dialog).getByRole('textbox', { name: 'VINs' });
    expect(document.activeElement).toBe(box);
    await fireEvent.input(box, { target: { value: `${grouped(A)}\n${B}, ${C} ${C}\nnot-a-vin` } });
    expect(within(dialog).getByText('2 vehicles ready to add; 3 will be skipped.')).toBeTruthy();
    const entries = within(dialog).getByRole('list', { name: 'Pasted entries' });
    expect(entries.textContent).toContain('Skipped: Already in the garage');
    expect(entries.textContent).toContain('Skipped: Listed more than once');
    expect(entries.textContent).toMatch(/not-a-vin\s*Skipped: VIN has 9 characters/);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 vehicles' }));
    await waitFor(() => expect(within(dialog).getByText('Added 1 vehicle.')).toBeTruthy());
    expect(calls.find((c) => c.operation === 'vehicles.addMany')?.args).toEqual([
      { entries: [{ vin: A }, { vin: C }] },
    ]);
    const skipped = within(dialog).getByRole('list', { name: 'Skipped entries' });
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `${B}: Already in the garage`,
      `${C}: Listed more than once; added once`,
      'not-a-vin: VIN has 9 characters; it needs 17',
      `${A}: ${A} is already in the garage`,
    ]);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(vehicleList.reveal?.vin).toBe(C);
  });

  it('Paste VINs: nothing to add keeps the button disabled', async () => {
    mount({});
    await fireEvent.click(screen.getByRole('button', { name: 'Paste VINs' }));
    const dialog = screen.getByRole('dialog', { name: 'Paste VINs' });
    await fireEvent.input(within(dialog).getByRole('textbox', { name: 'VINs' }), {
      target: { value: `${B}` },
    });
    expect(within(dialog).getByRole('button', { name: 'Add 0 vehicles' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('Import from account: lists the account, marks those already added, picks with checkboxes, keeps the account name', async () => {
    const { calls } = mount({
      'account.vehicles': () => ({
        ok: true,
        value: {
          results: [
            {
              vin: A,
              is_active: true,
              last_state: {
                vin: A,
                state: 'online',
                display_name: 'Blue Thunder',
                vehicle_config: { car_type: 'model3' },
              },
            },
            {
              vin: B,
              is_active: true,
              last_state: { vin: B, state: 'asleep', display_name: 'Already here' },
            },
            { vin: C, is_active: false, last_state: null },
          ],
        },
      }),
      'vehicles.addMany': ([input]) => ({
        ok: true,
        value: {
          added: (input as { entries: { vin: string }[] }).entries.map((e, i) =>
            vehicle(30 + i, { vin: e.vin }),
          ),
          skipped: [],
        },
      }),
      'vehicles.list': () => ({ ok: true, value: [] }),
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Import from account' }));
    const dialog = screen.getByRole('dialog', { name: 'Import from account' });
    const list = await within(dialog).findByRole('list', { name: 'Account vehicles' });
    const here = within(list).getByRole('checkbox', { name: 'Already here' });
    expect(here.hasAttribute('disabled')).toBe(true);
    expect(list.textContent).toContain('Already in the garage');
    expect(list.textContent).toContain('Model 3');
    expect(list.textContent).toContain('inactive');
    const submit = within(dialog).getByRole('button', { name: 'Import 0 vehicles' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Select all not yet in the garage' }));
    expect(within(list).getByRole('checkbox', { name: 'Blue Thunder' })).toHaveProperty('checked', true);
    expect(within(list).getByRole('checkbox', { name: C })).toHaveProperty('checked', true);
    await fireEvent.click(within(list).getByRole('checkbox', { name: C }));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 vehicle' }));
    await waitFor(() => expect(within(dialog).getByText('Added 1 vehicle.')).toBeTruthy());
    expect(calls.find((c) => c.operation === 'vehicles.addMany')?.args).toEqual([
      { entries: [{ vin: A, nickname: 'Blue Thunder' }] },
    ]);
  });

  it('Import from account: a failed read says why and offers a retry', async () => {
    let n = 0;
    mount({
      'account.vehicles': () =>
        ++n === 1
          ? {
              ok: false,
              error: { kind: 'network', message: 'The service at api.example refused the connection.' },
            }
          : { ok: true, value: { results: [] } },
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Import from account' }));
    const dialog = screen.getByRole('dialog', { name: 'Import from account' });
    expect(await within(dialog).findByText(/refused the connection/)).toBeTruthy();
    await fireEvent.click(within(dialog).getByRole('button', { name: /Try again|Retry/ }));
    expect(await within(dialog).findByText('The account has no vehicles.')).toBeTruthy();
  });

  it('Import from account: the keyboard stays in the dialog when the list replaces "Asking", and Escape closes it', async () => {
    let answer: (value: {
      ok: true;
      value: { results: { vin: string; is_active: boolean; last_state: null }[] };
    }) => void = () => {};
    mount({
      'account.vehicles': () => new Promise((resolve) => (answer = resolve)),
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Import from account' }));
    const dialog = screen.getByRole('dialog', { name: 'Import from account' });
    // While the account is asked, the dialog's Cancel has the keyboard; then the list replaces it.
    expect(dialog.contains(document.activeElement)).toBe(true);
    answer({ ok: true, value: { results: [{ vin: A, is_active: true, last_state: null }] } });
    await within(dialog).findByRole('list', { name: 'Account vehicles' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Add vehicle: a VIN typed in groups is normalised, not refused as 20 characters', async () => {
    const { calls } = mount({
      'vehicles.add': ([input]) => ({
        ok: true,
        value: vehicle(11, { vin: (input as { vin: string }).vin }),
      }),
      'vehicles.list': () => ({ ok: true, value: [vehicle(12), vehicle(11)] }),
    });
    await fireEvent.click(screen.getByRole('button', { name: 'Add vehicle' }));
    const dialog = screen.getByRole('dialog', { name: 'Add vehicle' });
    await fireEvent.input(within(dialog).getByRole('textbox', { name: 'VIN' }), {
      target: { value: grouped(A) },
    });
    expect(within(dialog).queryByText(/characters; it needs 17/)).toBeNull();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.operation === 'vehicles.add')?.args).toEqual([{ vin: A }]);
    expect(vehicleList.selectedVin).toBe(A);
    expect(vehicleList.reveal?.vin).toBe(A);
  });
});
