// Argument parsing for `npm run simulator -- ...`, kept pure so it can be tested without a process.
import type { SimulatorOptions } from './api';

export const USAGE = `Usage: npm run simulator -- [options]

  --port N            port to listen on (default 8787; 0 picks a free one)
  --host H            address to bind (default 127.0.0.1)
  --token T           the owner's bearer token (default: a random one, printed)
  --driver-token T    also accept T as a driver's token (not the owner's): drivers, invitations,
                      guest mode and telemetry configuration writes answer 403 for it (default: none)
  --seed N            fleet seed (default 1)
  --vehicles N        fleet size, 1..1000 (default 12)
  --latency MS        added to every response (default 0)
  --rate-limit N/s    requests per second before 429 (default: off)
  --rate-limit-headers draft|structured
                      RateLimit-Limit/-Remaining/-Reset (draft, default) or the current
                      draft's structured RateLimit and RateLimit-Policy fields
  --wake-delay MS     time to wake an asleep vehicle (default 1500)
  --completion-delay MS  time one command attempt takes (default 300)
  --sleep-after MS    idle time before an awake vehicle falls asleep (default 900000: 15 minutes)
  --wake-timeout MS   how long wake tries an offline vehicle before answering false (default 60 × wake delay)
  --config-write-delay MS    time one telemetry configuration write takes; a second one meanwhile gets 429 (default 500)
  --telemetry-sync-delay MS  time an online vehicle takes to adopt a written configuration (default 3000)
  --update-install MS        time a software update takes to install (default 20000)
  --no-flakiness      commands never fail transiently
  --help              show this text`;

export type CliParse =
  { kind: 'run'; options: SimulatorOptions } | { kind: 'help' } | { kind: 'error'; message: string };

const VALUE_FLAGS = new Set([
  '--port',
  '--host',
  '--token',
  '--seed',
  '--vehicles',
  '--latency',
  '--rate-limit',
  '--rate-limit-headers',
  '--wake-delay',
  '--completion-delay',
  '--sleep-after',
  '--wake-timeout',
  '--driver-token',
  '--config-write-delay',
  '--telemetry-sync-delay',
  '--update-install',
]);

const INT_RE = /^\d+$/;
const NUM_RE = /^\d+(\.\d+)?$/;

/** Applies one `--flag value`; returns an error message or null. */
function applyOption(options: SimulatorOptions, flag: string, value: string): string | null {
  const int = (min: number, max: number, set: (n: number) => void): string | null => {
    if (!INT_RE.test(value) || Number(value) < min || Number(value) > max) {
      return `${flag} must be an integer from ${min} to ${max}`;
    }
    set(Number(value));
    return null;
  };
  switch (flag) {
    case '--port':
      return int(0, 65535, (n) => (options.port = n));
    case '--host':
      options.host = value;
      return value === '' ? '--host must not be empty' : null;
    case '--token':
      options.token = value;
      return value === '' || /\s/.test(value) ? '--token must be non-empty without spaces' : null;
    case '--driver-token':
      options.driverToken = value;
      return value === '' || /\s/.test(value) ? '--driver-token must be non-empty without spaces' : null;
    case '--config-write-delay':
      return int(0, 600_000, (n) => (options.configWriteDelayMs = n));
    case '--telemetry-sync-delay':
      return int(0, 600_000, (n) => (options.telemetrySyncDelayMs = n));
    case '--update-install':
      return int(0, 3_600_000, (n) => (options.updateInstallMs = n));
    case '--seed':
      return int(0, 2 ** 32 - 1, (n) => (options.seed = n));
    case '--vehicles':
      return int(1, 1000, (n) => (options.vehicles = n));
    case '--latency':
      return int(0, 600_000, (n) => (options.latencyMs = n));
    case '--wake-delay':
      return int(0, 600_000, (n) => (options.wakeDelayMs = n));
    case '--completion-delay':
      return int(0, 600_000, (n) => (options.completionDelayMs = n));
    case '--sleep-after':
      return int(1, 86_400_000, (n) => (options.sleepAfterMs = n));
    case '--wake-timeout':
      return int(0, 600_000, (n) => (options.wakeTimeoutMs = n));
    case '--rate-limit': {
      const n = value.replace(/\/s$/, '');
      if (!NUM_RE.test(n) || !(Number(n) > 0))
        return '--rate-limit must look like 20/s (a positive number per second)';
      options.rateLimitPerSecond = Number(n);
      return null;
    }
    case '--rate-limit-headers':
      if (value !== 'draft' && value !== 'structured')
        return '--rate-limit-headers must be draft or structured';
      options.rateLimitHeaders = value;
      return null;
    default:
      return `unknown option ${flag}`;
  }
}

export function parseCliArgs(argv: readonly string[]): CliParse {
  const options: SimulatorOptions = { port: 8787 };
  // --flag=value is the same as --flag value.
  const args = argv.flatMap((a) => {
    const eq = a.indexOf('=');
    return a.startsWith('--') && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a];
  });
  for (let i = 0; i < args.length; i++) {
    const flag = args[i] as string;
    if (flag === '--help' || flag === '-h') return { kind: 'help' };
    if (flag === '--no-flakiness') {
      options.flakiness = false;
      continue;
    }
    if (!flag.startsWith('--')) return { kind: 'error', message: `Unexpected argument '${flag}'` };
    // A misspelt flag is named as unknown, not as one missing its value.
    if (!VALUE_FLAGS.has(flag)) return { kind: 'error', message: `unknown option ${flag}` };
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--'))
      return { kind: 'error', message: `${flag} needs a value` };
    i++;
    const problem = applyOption(options, flag, value);
    if (problem) return { kind: 'error', message: problem };
  }
  return { kind: 'run', options };
}
