import { cleanup } from '@testing-library/svelte';
import { afterEach, beforeEach } from 'vitest';
import { resetStores } from '../../renderer/src/lib/stores';

// jsdom lacks ResizeObserver (bind:clientHeight uses it); a no-op keeps the list at its default height.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

// Every case starts from the stores' start state (the stores are module singletons, shared by the
// cases of a file); a case sets up only what it shows.
beforeEach(() => resetStores());
afterEach(() => cleanup());
