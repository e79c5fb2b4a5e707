// The History tab's search of every vehicle's history, found by its accessible names: it asks main
// with the text typed and shows each entry with its vehicle named, the action in words and the time.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import AllVehiclesSearch from '../../renderer/src/components/vehicle/history/AllVehiclesSearch.svelte';
import { formatDateTimeSeconds } from '../../renderer/src/lib/format';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';

const one = vehicle(1);
const two = vehicle(2);

function entry(id: string, time: string, vin: string, operation: string) {
  const outcome = 'success' as const;
  return {
    id,
    time,
    profileId: 'demo',
    profileName: 'Demo',
    vin,
    operation,
    params: {},
    outcome,
    durationMs: 5,
  };
}

describe("search of all vehicles' history", () => {
  it("asks main for the text and lists each car's entries with the car named", async () => {
    const fake = installFakeGarage({
      'audit.search': ([text]) => ({
        ok: true,
        value: {
          stoppedEarly: null,
          hits:
            text === 'charge'
              ? [
                  {
                    entry: entry('b', '2026-11-21T10:00:00Z', two.vin, 'command:set_charge_limit'),
                    vehicle: 'Night Owl',
                  },
                  {
                    entry: entry('a', '2026-11-20T09:00:00Z', one.vin, 'command:start_charging'),
                    vehicle: null,
                  },
                ]
              : [],
        },
      }),
    });
    render(AllVehiclesSearch);
    const field = screen.getByRole('searchbox', { name: 'Search all vehicles’ history' });
    await fireEvent.input(field, { target: { value: '  charge ' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    const table = await screen.findByRole('table', {
      name: 'Entries of all vehicles matching “charge”, newest first',
    });
    const rows = within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(rows.map((row) => [...row.cells].map((cell) => cell.textContent?.trim()))).toEqual([
      [
        formatDateTimeSeconds('2026-11-21T10:00:00Z'),
        `Night Owl ${two.vin}`,
        'Set charge limit',
        '',
        'Success',
      ],
      [
        formatDateTimeSeconds('2026-11-20T09:00:00Z'),
        `${one.vin} (no longer in the garage)`,
        'Start charging',
        '',
        'Success',
      ],
    ]);
    expect(screen.getByRole('status').textContent).toBe('2 entries match “charge”.');
    expect(fake.calls.filter((call) => call.operation === 'audit.search').map((call) => call.args)).toEqual([
      ['charge'],
    ]);

    await fireEvent.input(field, { target: { value: 'nothing like it' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      (await screen.findByText('No entries of any vehicle match “nothing like it”.')).getAttribute('role'),
    ).toBe('status');
    expect(screen.queryByRole('table')).toBeNull();

    await fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('a search that stopped at its bound', () => {
  it('says how many entries it read and back to when, beside "none match"', async () => {
    installFakeGarage({
      'audit.search': () => ({
        ok: true,
        value: { hits: [], stoppedEarly: { examined: 20_000, oldest: '2026-03-02T08:15:00Z' } },
      }),
    });
    render(AllVehiclesSearch);
    const field = screen.getByRole('searchbox', { name: 'Search all vehicles’ history' });
    await fireEvent.input(field, { target: { value: 'wiper' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status.textContent).toMatch(/match/));
    expect(status.textContent).toBe(
      `No entries of any vehicle match “wiper”. Only the newest 20,000 entries were searched, back to ${formatDateTimeSeconds('2026-03-02T08:15:00Z')}; older entries were not.`,
    );
  });
});
