// Toasts stay small and out of the way: at most a few, announced politely, never taking focus, and
// gone on their own.
import { render, screen, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ToastRegion from '../../renderer/src/components/common/ToastRegion.svelte';
import { vehicleList } from '../../renderer/src/lib/stores';
import { toasts } from '../../renderer/src/lib/stores';
import { MAX_TOASTS } from '../../renderer/src/lib/toasts.svelte';

beforeEach(() => {
  vehicleList.loading = false;
});

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('shows at most three, in a polite status region, without taking focus, and leaves on its own', async () => {
    vi.useFakeTimers();
    render(ToastRegion);
    const before = document.activeElement;
    for (let i = 1; i <= 5; i++) toasts.show(`Notice ${i}`, 'success');
    await vi.advanceTimersByTimeAsync(0);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(within(region).getAllByRole('button', { name: 'Dismiss notice' })).toHaveLength(MAX_TOASTS);
    expect(region.textContent).toContain('Notice 5');
    expect(region.textContent).not.toContain('Notice 2');
    expect(document.activeElement).toBe(before);
    await vi.advanceTimersByTimeAsync(4100);
    expect(toasts.items).toHaveLength(0);
    toasts.show('Could not save', 'error');
    await vi.advanceTimersByTimeAsync(4100);
    expect(toasts.items.map((t) => t.message)).toEqual(['Could not save']);
  });
});
