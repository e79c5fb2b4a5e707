// The embedded demo simulator's settings in development runs (`npm start`, `npm run dev`, the test
// harness): VG_DEMO_SIMULATOR holds flags of `npm run simulator` (a bigger fleet, a rate limit,
// quicker wake-ups) so the demo garage can show a situation without a second process. An installed
// app ignores it: what a technician's demo garage does is not set by the environment.
import { parseCliArgs } from '../simulator/cli-args';
import type { SimulatorOptions } from '../simulator/api';

export const DEMO_SIMULATOR_ENV = 'VG_DEMO_SIMULATOR';

// The demo always listens on 127.0.0.1 on a free port with a token that lives only in memory (and no
// second, driver's token known outside the process).
const REFUSED = new Set(['--port', '--host', '--token', '--driver-token', '--help', '-h']);

export interface DemoSimulatorSettings {
  /** Options for the embedded simulator; empty means its defaults. */
  options: SimulatorOptions;
  /** Why the variable was not used, for the log; null when it was used or not set. */
  problem: string | null;
}

export function demoSimulatorSettings(
  env: Readonly<Record<string, string | undefined>>,
  isPackaged: boolean,
): DemoSimulatorSettings {
  const text = env[DEMO_SIMULATOR_ENV]?.trim() ?? '';
  if (text === '') return { options: {}, problem: null };
  if (isPackaged) {
    return { options: {}, problem: `${DEMO_SIMULATOR_ENV} is ignored by an installed app` };
  }
  const args = text.split(/\s+/);
  const refused = args.map((arg) => arg.split('=')[0]!).find((flag) => REFUSED.has(flag));
  if (refused) {
    return {
      options: {},
      problem: `${DEMO_SIMULATOR_ENV}: ${refused} cannot be set for the demo garage; the demo runs with its defaults`,
    };
  }
  const parsed = parseCliArgs(args);
  if (parsed.kind !== 'run') {
    const why = parsed.kind === 'error' ? parsed.message : 'unexpected --help';
    return { options: {}, problem: `${DEMO_SIMULATOR_ENV}: ${why}; the demo runs with its defaults` };
  }
  const { port: _port, host: _host, token: _token, ...options } = parsed.options;
  return { options, problem: null };
}
