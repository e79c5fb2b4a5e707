/// <reference types="svelte" />
/// <reference types="vite/client" />
import type { GarageApi } from '../../electron/shared/ipc/api';

declare global {
  interface Window {
    /** Exposed by the preload (or, in end-to-end tests, by the harness with the same code). */
    readonly garage: GarageApi;
  }
}
