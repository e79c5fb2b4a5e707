// Runs the built main bundle as its own process under the stand-in, as `electron .` would:
//   node --import tsx --import ./test/electron-standin/register.ts test/electron-standin/run.ts [entry]
// ELECTRON_STANDIN_USER_DATA chooses userData (a second instance shares the first one's folder).
import { bootMain, standin } from './boot';

standin().app.exitProcessOnQuit = true;
await bootMain({ entry: process.argv[2] });
