import { render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import AppHeader from '../../renderer/src/components/shell/AppHeader.svelte';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import { profiles, vehicleList } from '../../renderer/src/lib/stores';

describe('shell', () => {
  beforeEach(() => {
    vehicleList.loading = false;
  });

  it('shows the empty garage state', () => {
    render(GarageSidebar);
    expect(screen.getByRole('navigation', { name: 'Garage' })).toBeTruthy();
    expect(screen.getByText('No vehicles yet')).toBeTruthy();
  });

  it('shows the demo badge while the demo profile is active, and follows a switch live', async () => {
    const demo = { id: 'demo', name: 'Demo', baseUrl: 'http://127.0.0.1:1', demo: true, hasToken: true };
    const real = { id: 'shop', name: 'Shop', baseUrl: 'https://fleet.example', demo: false, hasToken: true };
    profiles.all = [
      { ...demo, active: true },
      { ...real, active: false },
    ];
    render(AppHeader);
    expect(screen.getByRole('heading', { name: 'Vehicle Garage' })).toBeTruthy();
    expect(screen.getByText('Demo')).toBeTruthy();

    profiles.all = [
      { ...demo, active: false },
      { ...real, active: true },
    ];
    await tick();
    expect(screen.queryByText('Demo')).toBeNull();

    profiles.all = [
      { ...demo, active: true },
      { ...real, active: false },
    ];
    await tick();
    expect(screen.getByText('Demo')).toBeTruthy();
  });

  it('keeps the version and platform out of the header', () => {
    profiles.all = [];
    render(AppHeader);
    expect(screen.getByRole('banner').textContent).not.toMatch(/v\d+\.\d+|linux/);
  });
});
