// The history's times carry seconds, so events seconds apart are told apart.
import { render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import HistoryPanel from '../../renderer/src/components/vehicle/history/HistoryPanel.svelte';
import { vehicleList } from '../../renderer/src/lib/stores';
import type { AuditEntry } from '../../electron/shared/types';
import { installFakeGarage } from './fake-garage';
import { vehicle } from './fixtures';

beforeEach(() => {
  vehicleList.loading = false;
});

describe('history', () => {
  it('shows times to the second, so events seconds apart are told apart', async () => {
    const at = (s: number) => `2026-11-20T05:51:0${s}Z`;
    const row = (id: string, s: number): AuditEntry => ({
      id,
      time: at(s),
      profileId: 'demo',
      profileName: 'Demo',
      vin: vehicle(1).vin,
      operation: 'command:open_charge_port',
      params: {},
      outcome: 'success',
      durationMs: 301,
    });
    installFakeGarage({ 'audit.list': () => ({ ok: true, value: [row('a', 4), row('b', 2)] }) });
    render(HistoryPanel, { props: { vehicle: vehicle(1) } });
    const times = await screen.findAllByText((_, el) => el?.tagName === 'TIME');
    const texts = times.map((t) => t.textContent);
    expect(new Set(texts).size).toBe(2);
    expect(texts[0]).toMatch(/:04/);
    const took = screen.getAllByText('301 ms')[0]!;
    expect(took.className).toContain('nowrap');
  });
});
