// Service mode, a tyre reported low and a battery at 20 % or less are marks in the garage list, in
// words (never colour alone), and filters like updates and alerts.
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import { vehicleList } from '../../renderer/src/lib/stores';
import { installFakeGarage } from './fake-garage';
import { glanced } from './glance-fixtures';

const MIN = 60_000;

function shownNames() {
  return within(screen.getByRole('listbox', { name: 'Vehicles' }))
    .getAllByRole('option')
    .map((o) => o.querySelector('.name')?.textContent);
}

function mount() {
  const now = Date.now();
  installFakeGarage({ 'audit.list': () => ({ ok: true, value: [] }) });
  vehicleList.vehicles = [
    glanced(1, { sleep: 'awake', batteryLevel: 80, inService: true }, now - MIN, { nickname: 'Workshop' }),
    glanced(2, { sleep: 'asleep', batteryLevel: 70, tyresLow: true }, now - MIN, { nickname: 'Flat' }),
    glanced(3, { sleep: 'asleep', batteryLevel: 19, tyresLow: false, inService: false }, now - MIN, {
      nickname: 'Drained',
    }),
    glanced(4, { sleep: 'awake', batteryLevel: 21 }, now - MIN, { nickname: 'Fine' }),
  ];
  vehicleList.loading = false;
  render(GarageSidebar);
}

const text = (name: RegExp) => screen.getByRole('option', { name }).textContent!.replace(/\s+/g, ' ');

describe('garage list marks', () => {
  it('marks service mode, a low tyre and a low battery in words', () => {
    mount();
    expect(screen.getByRole('option', { name: /Workshop.*In service/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Flat.*Tyre low/ })).toBeTruthy();
    expect(text(/Drained/)).toContain('19 % low');
    for (const name of [/Fine/, /Drained/]) {
      expect(text(name)).not.toContain('In service');
      expect(text(name)).not.toContain('Tyre low');
    }
    expect(text(/Fine/)).toContain('21 %');
    expect(text(/Fine/)).not.toContain('% low');
  });

  it('filters on service mode, a low tyre and a low battery', async () => {
    mount();
    await fireEvent.click(screen.getByRole('button', { name: /Filter and sort/ }));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'In service mode' }));
    expect(shownNames()).toEqual(['Workshop']);
    await fireEvent.click(screen.getByRole('checkbox', { name: 'In service mode' }));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Tyre reported low' }));
    expect(shownNames()).toEqual(['Flat']);
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Tyre reported low' }));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Battery at 20 % or less' }));
    expect(shownNames()).toEqual(['Drained']);
    expect(screen.getByRole('button', { name: 'Filter and sort (1 on)' })).toBeTruthy();
  });
});
