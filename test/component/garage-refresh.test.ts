// "Refresh garage" in the sidebar: a run main owns. The bar starts it, shows main's progress and
// end, asks main to cancel, and shows again a refresh main kept going while the window reloaded.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import { installFakeRuns } from './fake-runs';
import { fleet } from './fixtures';
import { LEGACY_CHOICE_KEY } from '../../renderer/src/lib/garage-refresh-run.svelte';
import { garageRefreshRun, toasts, vehicleList } from '../../renderer/src/lib/stores';
import type { Responders } from './fake-garage';

/** Main's kept "Also alerts, tyres and certificates" choice, as settings.* answer it. */
let kept = false;

function mount(count: number, extra: Responders = {}) {
  const fake = installFakeRuns(
    {
      'audit.list': () => ({ ok: true, value: [] }),
      'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }),
      'settings.garageRefresh': () => ({ ok: true, value: { alertsAndCertificates: kept } }),
      'settings.setGarageRefresh': ([input]) => {
        kept = (input as { alertsAndCertificates: boolean }).alertsAndCertificates;
        return { ok: true, value: { alertsAndCertificates: kept } };
      },
      ...extra,
    },
    { garageVins: () => vehicleList.vehicles.map((v) => v.vin) },
  );
  vehicleList.vehicles = fleet(count);
  vehicleList.loading = false;
  render(GarageSidebar);
  return fake;
}

describe('Refresh garage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    kept = false;
    localStorage.clear();
  });

  it('starts the refresh in main, shows its progress from main, then says how it ended', async () => {
    const fake = mount(3);
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh garage' }));
    expect(fake.calls.filter((c) => c.operation === 'runs.startGarageRefresh').map((c) => c.args)).toEqual([
      [{ alertsAndCertificates: false }],
    ]);
    // The window reads nothing itself: main does.
    expect(fake.calls.filter((c) => c.operation === 'vehicles.state')).toHaveLength(0);
    const bar = await screen.findByRole('progressbar', { name: 'Refreshing the garage' });
    expect(bar.getAttribute('max')).toBe('3');
    const run = fake.last();
    fake.update(run.id, (r) => {
      r.items[0]!.status = 'succeeded';
      r.items[1]!.status = 'failed';
      r.items[1]!.message = 'The service is not answering.';
    });
    await screen.findByText('2 of 3 read · 1 failed');
    fake.update(run.id, (r) => {
      r.items[2]!.status = 'succeeded';
      r.state = 'completed';
      r.endedAt = new Date().toISOString();
    });
    await screen.findByText(/^Refreshed 2 of 3 vehicles at .*; 1 failed$/);
    await fireEvent.click(screen.getByRole('button', { name: 'Show failed vehicles' }));
    expect(screen.getByRole('list', { name: 'Vehicles not refreshed' }).textContent).toContain(
      'The service is not answering.',
    );
    await fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/^Refreshed /)).toBeNull();
  });

  it('asks main for alerts and certificates too when ticked, and main keeps the choice', async () => {
    const fake = mount(2);
    const box = screen.getByRole('checkbox', {
      name: /Also alerts, tyres and certificates \(4 requests a vehicle\)/,
    });
    await waitFor(() => expect(fake.calls.some((c) => c.operation === 'settings.garageRefresh')).toBe(true));
    expect((box as HTMLInputElement).checked).toBe(false);
    await fireEvent.click(box);
    expect(fake.calls.filter((c) => c.operation === 'settings.setGarageRefresh').map((c) => c.args)).toEqual([
      [{ alertsAndCertificates: true }],
    ]);
    expect(kept).toBe(true);
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh garage' }));
    expect(fake.calls.find((c) => c.operation === 'runs.startGarageRefresh')!.args).toEqual([
      { alertsAndCertificates: true },
    ]);
    // Nothing of it is left in the window's own storage: main's copy is the one the next start reads.
    expect(localStorage.getItem(LEGACY_CHOICE_KEY)).toBeNull();
  });

  it("shows main's kept choice when the window opens", async () => {
    kept = true;
    mount(2);
    const box = screen.getByRole('checkbox', { name: /Also alerts, tyres and certificates/ });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
  });

  it("moves an earlier version's choice from the window's storage to main once", async () => {
    localStorage.setItem(LEGACY_CHOICE_KEY, 'true');
    const fake = mount(2);
    const box = screen.getByRole('checkbox', { name: /Also alerts, tyres and certificates/ });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    expect(fake.calls.filter((c) => c.operation === 'settings.setGarageRefresh').map((c) => c.args)).toEqual([
      [{ alertsAndCertificates: true }],
    ]);
    expect(kept).toBe(true);
    expect(localStorage.getItem(LEGACY_CHOICE_KEY)).toBeNull();
    // The next window only reads main's choice.
    cleanup();
    garageRefreshRun.reset();
    const again = mount(2);
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: /Also alerts, tyres and certificates/ }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
    expect(again.calls.filter((c) => c.operation === 'settings.setGarageRefresh')).toHaveLength(0);
  });

  it('a choice main could not keep is undone in the box, and said', async () => {
    mount(2, {
      'settings.setGarageRefresh': () => ({
        ok: false,
        error: { kind: 'storage', message: 'Could not write garage-refresh.json (EACCES).' },
      }),
    });
    const box = screen.getByRole('checkbox', {
      name: /Also alerts, tyres and certificates/,
    }) as HTMLInputElement;
    await fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(toasts.items.map((t) => t.message).join(' ')).toMatch(/The choice was not kept/);
  });

  it('a read the app started by itself at start-up says so', async () => {
    const fake = mount(3);
    const run = fake.add(
      'garage-refresh',
      vehicleList.vehicles.map((v) => v.vin),
    );
    fake.update(run.id, (r) => {
      r.startedBy = 'app';
      r.title = 'Reading the garage at start-up (3 vehicles)';
    });
    expect(
      await screen.findByRole('progressbar', { name: 'Reading the garage at start-up (3 vehicles)' }),
    ).toBeTruthy();
  });

  it('Cancel asks main to stop; the end says cancelled and what was not read', async () => {
    const fake = mount(4);
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh garage' }));
    const run = fake.last();
    fake.update(run.id, (r) => (r.items[0]!.status = 'succeeded'));
    await fireEvent.click(await screen.findByRole('button', { name: 'Cancel refresh' }));
    expect(fake.calls.filter((c) => c.operation === 'runs.cancel').map((c) => c.args)).toEqual([[run.id]]);
    fake.update(run.id, (r) => {
      for (const item of r.items) if (item.status === 'queued') item.status = 'not-sent';
      r.state = 'cancelled';
      r.endedAt = new Date().toISOString();
    });
    await screen.findByText(/^Cancelled: 1 of 4 refreshed, 3 vehicles not read$/);
  });

  it('shows a refresh main kept going while the window reloaded', async () => {
    const fake = installFakeRuns(
      {
        'audit.list': () => ({ ok: true, value: [] }),
        'vehicles.list': () => ({ ok: true, value: vehicleList.vehicles }),
      },
      { connect: false },
    );
    vehicleList.vehicles = fleet(3);
    vehicleList.loading = false;
    const run = fake.add(
      'garage-refresh',
      vehicleList.vehicles.map((v) => v.vin),
    );
    fake.update(run.id, (r) => (r.items[0]!.status = 'succeeded'));
    fake.connect();
    render(GarageSidebar);
    await screen.findByText('1 of 3 read');
    fake.update(run.id, (r) => (r.items[1]!.status = 'succeeded'));
    await waitFor(() => expect(screen.getByText('2 of 3 read')).toBeTruthy());
  });
});
