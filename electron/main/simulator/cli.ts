// `npm run simulator -- --port 8787 --token demo`: serves the simulated service until SIGINT/SIGTERM
// (or until the process that started it goes away).
import { parseCliArgs, USAGE } from './cli-args';
import { startSimulator } from './index';
import type { VehicleState } from './types';

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (parsed.kind === 'help') {
    console.log(USAGE);
    return;
  }
  if (parsed.kind === 'error') {
    console.error(`simulator: ${parsed.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  let sim;
  try {
    sim = await startSimulator(parsed.options);
  } catch (e) {
    console.error(`simulator: cannot start: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
    return;
  }
  const vehicles = sim.vehicles();
  const online = vehicles.find((v) => v.sleepState === 'awake') ?? vehicles[0];
  const lines = [
    'Vehicle Management Service simulator',
    `Base URL: ${sim.baseUrl}`,
    `Token:    ${sim.token}`,
    ...(sim.driverToken === null ? [] : [`Driver token (not the owner's): ${sim.driverToken}`]),
    `Vehicles (${vehicles.length}): VIN, state, first drive ids, model`,
    ...vehicles.map(
      (v) =>
        `  ${v.vin}  ${STATE_WORD[v.sleepState].padEnd(7)}  ${driveIds(v.drives).padEnd(28)}  ${v.year} ${v.modelName} "${v.displayName}"`,
    ),
    '',
    `Try: curl -H "Authorization: Bearer ${sim.token}" ${sim.baseUrl}/${online?.vin ?? 'VIN'}/fleet_telemetry_config`,
    'Stop with Ctrl+C.',
  ];
  console.log(lines.join('\n'));
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void sim.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
  // `npm run` puts a shell between npm and this process; npm forwards SIGTERM/SIGINT to that shell,
  // which dies without passing them on. Losing the parent is the signal then: stop, so no orphan
  // keeps serving on the port.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, PARENT_POLL_MS).unref();
}

const PARENT_POLL_MS = 200;

const STATE_WORD: Record<VehicleState['sleepState'], string> = {
  awake: 'online',
  asleep: 'asleep',
  offline: 'offline',
};

/** The first few drive ids, e.g. "drives 10025,10026,10027 +4" (ids for set_tag examples). */
function driveIds(drives: readonly { id: number }[]): string {
  if (drives.length === 0) return 'no drives';
  const shown = drives.slice(0, 3).map((d) => d.id);
  const more = drives.length - shown.length;
  return `drives ${shown.join(',')}${more > 0 ? ` +${more}` : ''}`;
}

void main();
