// A second launch of the shipped bundle under the stand-in, on a running app's data folder, as the
// OS starts it (with a vehicle-garage:// link among its arguments, say): it hands its arguments to the
// running copy and exits. Settles with its exit code.
import { spawn } from 'node:child_process';
import { TSX_NODE_ARGS } from './tsx-node';

export function launchAgain(userData: string, args: readonly string[] = []): Promise<number | null> {
  const child = spawn(
    process.execPath,
    [
      ...TSX_NODE_ARGS,
      '--import',
      './test/electron-standin/register.ts',
      'test/electron-standin/run.ts',
      ...args,
    ],
    { env: { ...process.env, ELECTRON_STANDIN_USER_DATA: userData }, stdio: 'ignore' },
  );
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}
