import { cleanup } from '@testing-library/svelte';
import { afterEach } from 'vitest';

// jsdom lacks ResizeObserver (bind:clientHeight uses it); a no-op keeps the list at its default height.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => cleanup());
