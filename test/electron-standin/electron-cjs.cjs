// `require('electron')` under the stand-in: the same instance `import 'electron'` gets (register.ts).
'use strict';
module.exports = globalThis[Symbol.for('vehicle-garage.electron-standin')].default;
