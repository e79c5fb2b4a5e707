// Types of what test/unit/main-layers.test.ts reads from eslint.config.js.
import type { Linter } from 'eslint';

/** Per part of electron/main (folder, or root file without .ts), the parts it may import. */
export const MAY_IMPORT: Readonly<Record<string, readonly string[]>>;
declare const config: Linter.Config[];
export default config;
/** The one file of the shop's database layer the rest of main may import. */
export const SHOP_FACADE: string;
