// One IPC channel per operation (no generic invoke). Zod-free: the sandboxed preload and the
// renderer import this list; the argument schemas live in ./schemas (main only).

export const OPERATION_NAMES = [
  'app.info',
  'app.diagnostics',
  'updates.check',
  'updates.install',
  'profiles.list',
  'profiles.create',
  'profiles.update',
  'profiles.remove',
  'profiles.activate',
  'profiles.setToken',
  'profiles.clearToken',
  'profiles.testConnection',
  'vehicles.list',
  'vehicles.add',
  'vehicles.addMany',
  'vehicles.remove',
  'vehicles.rename',
  'vehicles.telemetryConfig',
  'vehicles.releaseNotes',
  'vehicles.setPlate',
  'vehicles.setDriveTag',
  'vehicles.command',
  'vehicles.state',
  'vehicles.status',
  'vehicles.wake',
  'vehicles.plate',
  'vehicles.drives',
  'vehicles.firmwareAlerts',
  'vehicles.tirePressure',
  'account.vehicles',
  'audit.list',
  'audit.exportToFile',
] as const;

export type OperationName = (typeof OPERATION_NAMES)[number];

const CHANNEL_PREFIX = 'garage:';

export function channelOf(operation: OperationName): string {
  return CHANNEL_PREFIX + operation;
}

export function operationOf(channel: string): OperationName | null {
  if (!channel.startsWith(CHANNEL_PREFIX)) return null;
  const name = channel.slice(CHANNEL_PREFIX.length);
  return (OPERATION_NAMES as readonly string[]).includes(name) ? (name as OperationName) : null;
}
