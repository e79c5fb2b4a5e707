// A bulk command's entries are marked as such in a vehicle's History, with its run: the mark narrows
// the table to that run's entries and back.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import HistoryPanel from '../../renderer/src/components/vehicle/history/HistoryPanel.svelte';
import type { AuditEntry } from '../../electron/shared/types';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';

const car = vehicle(1);
const RUN = 'a1b2c3d4-0000-4000-8000-000000000001';

function entry(id: string, time: string, operation: string, extra: Partial<AuditEntry> = {}): AuditEntry {
  const base = { id, time, profileId: 'demo', profileName: 'Demo', vin: car.vin, operation };
  return { ...base, params: {}, outcome: 'success', durationMs: 300, ...extra };
}

describe('History marks bulk commands', () => {
  it('says "Bulk run" with the run on its entries, and filters to that run', async () => {
    installFakeGarage({
      'audit.list': () => ({
        ok: true,
        value: [
          entry('a', '2026-11-20T10:00:00Z', 'command:set_charge_limit', { params: { percent: 80 } }),
          entry('b', '2026-11-21T10:00:00Z', 'command:close_windows', { runId: RUN, bulk: true }),
          entry('c', '2026-11-22T10:00:00Z', 'command:set_charge_limit', {
            params: { percent: 90 },
            runId: RUN,
            bulk: true,
          }),
          entry('d', '2026-11-23T10:00:00Z', 'command:close_windows', { runId: 'other-run', bulk: false }),
        ],
      }),
    });
    render(HistoryPanel, { props: { vehicle: car } });
    const table = await screen.findByRole('table');
    const marks = within(table).getAllByRole('button', { name: /^Bulk run a1b2c3d4$/ });
    expect(marks).toHaveLength(2);
    // A long command's run (not bulk) is not called bulk.
    const rows = within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(rows[0]!.cells[1]!.textContent?.trim()).toBe('Close windows');

    await fireEvent.click(marks[0]!);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toMatch(/bulk run a1b2c3d4 \(2\)/);
    await fireEvent.click(screen.getByRole('button', { name: 'Show all entries' }));
    expect(within(table).getAllByRole('row')).toHaveLength(5);
  });
});
