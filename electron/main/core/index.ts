// The composition root of the main process, entered here: build the core from its options.
export { createCore } from './create-core';
export type { Core, CoreOptions } from './core-options';
