// Runs the built main bundle as its own process under the stand-in, as `electron .` would:
//   node --import tsx --import ./test/electron-standin/register.ts test/electron-standin/run.ts [entry.js] [args…]
// ELECTRON_STANDIN_USER_DATA chooses userData (a second instance shares the first one's folder).
import { bootMain, standin } from './boot';

standin().app.exitProcessOnQuit = true;
// Arguments after the entry are the app's own (a vehicle-garage:// link, as the OS passes one).
const entry = process.argv[2]?.endsWith('.js') ? process.argv[2] : undefined;
await bootMain({ entry });
