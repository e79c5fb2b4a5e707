// A profile's shop settings as the database layer takes them, and as they are checked before saving.
import { hostname } from 'node:os';
import { AppError } from '../../../shared/result';
import { tm } from '../../i18n/main-words';
import type { ShopSettingsInput } from '../../../shared/shop';
import { applicationNameOf, resolveSettings, type ShopConnectionSettings } from '../../shop';

export function connectionOf(settings: ShopSettingsInput): ShopConnectionSettings {
  const { url, host, port, database, user, sslmode, caFile, clientCertFile, clientKeyFile } =
    settings.connection;
  return {
    ...(url ? { url } : {}),
    ...(host ? { host } : {}),
    ...(port ? { port } : {}),
    ...(database ? { database } : {}),
    ...(user ? { user } : {}),
    ...(sslmode ? { sslmode } : {}),
    ...(caFile ? { caFile } : {}),
    ...(clientCertFile ? { clientCertFile } : {}),
    ...(clientKeyFile ? { clientKeyFile } : {}),
    applicationName: applicationNameOf(settings.technician, settings.machine || hostname()),
  };
}

/**
 * The database a password is for: host, port, database and user as the connection resolves them,
 * or null while the settings name none. A password typed for one of these is never sent to another.
 */
export function passwordTargetOf(settings: ShopSettingsInput): string | null {
  try {
    const { host, port, database, user } = resolveSettings(connectionOf(settings));
    return JSON.stringify([host.toLowerCase(), port, database, user]);
  } catch {
    return null;
  }
}

/** The settings trimmed, the machine named, and in shop mode a technician and a usable connection. */
export function checkSettings(input: ShopSettingsInput): ShopSettingsInput {
  const settings: ShopSettingsInput = {
    ...input,
    technician: input.technician.trim(),
    machine: input.machine.trim() || hostname(),
  };
  if (settings.mode === 'shop') {
    if (settings.technician === '') throw new AppError('invalid_input', tm('mainShop.technicianMissing'));
    resolveSettings(connectionOf(settings));
  }
  return settings;
}
