// `require('keytar')` from the bundle under the stand-in: keytar with a per-userData service (keychain.ts).
'use strict';
module.exports = globalThis[Symbol.for('vehicle-garage.electron-standin.keytar')]();
