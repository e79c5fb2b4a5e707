// Run by keychain-states.test.ts inside a Secret Service of its own (test/support/with-keyring.sh),
// because it locks the collection or ends the daemon, which would break any other test sharing it.
// Prints one JSON line: what the app answered at each step.
import { execFileSync } from 'node:child_process';
import { startCoreHarness } from '../support/core-harness';
import { waitFor } from '../support/wait-for';

const mode = process.argv[2];
/** One call on this session's bus with dbus-send (part of every D-Bus install), its reply printed. */
const bus = (dest: string, objectPath: string, method: string, ...args: string[]) =>
  execFileSync('dbus-send', ['--session', '--print-reply', `--dest=${dest}`, objectPath, method, ...args], {
    encoding: 'utf8',
    timeout: 5000,
  });
const SECRETS = 'org.freedesktop.secrets';
const DBUS = ['org.freedesktop.DBus', '/org/freedesktop/DBus'] as const;

function lockDefaultCollection(): void {
  const alias = bus(
    SECRETS,
    '/org/freedesktop/secrets',
    'org.freedesktop.Secret.Service.ReadAlias',
    'string:default',
  );
  const collection = /object path "(\/org\/freedesktop\/secrets\/collection\/[^"]+)"/.exec(alias)?.[1];
  if (!collection) throw new Error(`no default collection: ${alias}`);
  bus(
    SECRETS,
    '/org/freedesktop/secrets',
    'org.freedesktop.Secret.Service.Lock',
    `array:objpath:${collection}`,
  );
}

const hasOwner = () =>
  bus(...DBUS, 'org.freedesktop.DBus.NameHasOwner', `string:${SECRETS}`).includes('boolean true');

/** Ends this session's keyring daemon (started by with-keyring.sh for this run), by its pid. */
async function endDaemon(): Promise<void> {
  const answer = bus(...DBUS, 'org.freedesktop.DBus.GetConnectionUnixProcessID', `string:${SECRETS}`);
  const pid = Number(/uint32 (\d+)/.exec(answer)?.[1]);
  if (!Number.isSafeInteger(pid) || pid <= 1) throw new Error(`no daemon pid: ${answer}`);
  process.kill(pid, 'SIGTERM');
  // Wait for the bus to see it gone (an event the bus reports, polled briefly).
  await waitFor(() => !hasOwner(), 'the keyring daemon to end', { timeoutMs: 5_000, intervalMs: 50 });
}

const h = await startCoreHarness({ client: { sleep: async () => {} } });
const steps: Record<string, unknown> = {};
try {
  const g = h.garage;
  const created = await g.profiles.create({ name: 'Keychain', baseUrl: h.simulator.baseUrl });
  if (!created.ok) throw new Error(created.error.message);
  const id = created.value.id;
  steps['setToken'] = await g.profiles.setToken(id, h.simulator.token);
  await g.profiles.activate(id);
  const vin = h.simulator.vins[0]!;
  await g.vehicles.add({ vin });
  steps['before'] = await g.vehicles.telemetryConfig(vin, { refresh: true });
  if (mode === 'locked') lockDefaultCollection();
  else if (mode === 'stopped') await endDaemon();
  else throw new Error(`unknown mode ${mode}`);
  steps['read'] = await g.vehicles.telemetryConfig(vin, { refresh: true });
  const list = await g.profiles.list();
  steps['listed'] = list.ok ? list.value.find((p) => p.id === id) : list;
  steps['save'] = await g.profiles.setToken(id, `${h.simulator.token}`);
} finally {
  await h.close();
}
process.stdout.write(`${JSON.stringify(steps)}\n`);
