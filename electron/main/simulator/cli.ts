// `npm run simulator -- --port 8787 --token demo`: serves the simulated service until SIGINT/SIGTERM.
import { parseCliArgs, USAGE } from './cli-args';
import { startSimulator } from './index';

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
  const lines = [
    'Vehicle Management Service simulator',
    `Base URL: ${sim.baseUrl}`,
    `Token:    ${sim.token}`,
    `Vehicles (${sim.vins.length}):`,
    ...sim
      .vehicles()
      .map((v) => `  ${v.vin}  ${v.sleepState.padEnd(7)}  ${v.year} ${v.modelName} "${v.displayName}"`),
    '',
    `Try: curl -H "Authorization: Bearer ${sim.token}" ${sim.baseUrl}/${sim.vins[0] ?? 'VIN'}/fleet_telemetry_config`,
    'Stop with Ctrl+C.',
  ];
  console.log(lines.join('\n'));
  const stop = (): void => {
    void sim.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
