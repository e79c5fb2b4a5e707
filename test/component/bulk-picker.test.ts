// The bulk picker says what a technician picks by besides the name and VIN: the model, the state
// last read, and an offline car marked as such.
import { render, screen } from '@testing-library/svelte';
import { SvelteSet } from 'svelte/reactivity';
import { describe, expect, it } from 'vitest';
import BulkVehiclePicker from '../../renderer/src/components/bulk/BulkVehiclePicker.svelte';
import { glanced } from './glance-fixtures';
import { vehicle } from './fixtures';

describe('bulk vehicle picker', () => {
  it('describes each car by its model and state, and marks an offline one', () => {
    const now = Date.now();
    render(BulkVehiclePicker, {
      props: {
        vehicles: [
          glanced(1, { sleep: 'asleep' }, now, { nickname: 'Night Owl', model: 'Model Y' }),
          glanced(2, { sleep: 'offline' }, now, { nickname: 'Gone', model: 'Model S Plaid' }),
          vehicle(3, { nickname: 'Never read', model: 'Model 3' }),
        ],
        selected: new SvelteSet<string>(),
      },
    });
    const about = (name: string) => {
      const box = screen.getByRole('checkbox', { name: new RegExp(name) });
      return document.getElementById(box.getAttribute('aria-describedby')!)!;
    };
    expect(about('Night Owl').textContent).toMatch(/^Model Y( · \d{4})? · ☾ Asleep$/);
    expect(about('Gone').textContent).toMatch(/^Model S Plaid( · \d{4})? · ✕ Offline$/);
    expect(about('Gone').classList.contains('offline')).toBe(true);
    expect(about('Night Owl').classList.contains('offline')).toBe(false);
    expect(about('Never read').textContent).toMatch(/^Model 3( · \d{4})? · State not read yet$/);
  });
});
