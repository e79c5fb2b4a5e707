/** Where register.ts publishes the stand-in's module namespace for the CommonJS shim and tests. */
export const STANDIN_KEY = Symbol.for('vehicle-garage.electron-standin');

/** Where recorders.ts publishes the dialog and shell calls it recorded, for tests. */
export const RECORDS_KEY = Symbol.for('vehicle-garage.electron-standin.records');

/** Where register.ts publishes an import() that runs in Node's own loader, for booting the bundle. */
export const IMPORT_KEY = Symbol.for('vehicle-garage.electron-standin.import');

/** Where bootMain records the folder of the entry it booted, so only the bundle's keytar is mapped. */
export const BUNDLE_DIR_KEY = Symbol.for('vehicle-garage.electron-standin.bundle-dir');

/** Where register.ts publishes the factory of the keytar the bundle gets (keychain.ts). */
export const KEYTAR_KEY = Symbol.for('vehicle-garage.electron-standin.keytar');
