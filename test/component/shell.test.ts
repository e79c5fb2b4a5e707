import { render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import AppHeader from '../../renderer/src/components/AppHeader.svelte';
import GarageSidebar from '../../renderer/src/components/sidebar/GarageSidebar.svelte';
import { garage } from '../../renderer/src/lib/garage.svelte';

describe('shell', () => {
  beforeEach(() => {
    garage.reset();
    garage.loading = false;
  });

  it('shows the empty garage state', () => {
    render(GarageSidebar);
    expect(screen.getByRole('navigation', { name: 'Garage' })).toBeTruthy();
    expect(screen.getByText('No vehicles yet')).toBeTruthy();
  });

  it('shows the demo badge and version in the header', () => {
    render(AppHeader, {
      props: {
        info: { name: 'Vehicle Garage', version: '1.2.3', platform: 'linux', arch: 'x64', demo: true },
      },
    });
    expect(screen.getByRole('heading', { name: 'Vehicle Garage' })).toBeTruthy();
    expect(screen.getByText('Demo')).toBeTruthy();
    expect(screen.getByText(/v1\.2\.3/)).toBeTruthy();
  });

  it('shows no demo badge for a real profile', () => {
    render(AppHeader, {
      props: {
        info: { name: 'Vehicle Garage', version: '1.2.3', platform: 'linux', arch: 'x64', demo: false },
      },
    });
    expect(screen.queryByText('Demo')).toBeNull();
  });
});
