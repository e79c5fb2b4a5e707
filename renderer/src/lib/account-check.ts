// Whether VINs belong to the active profile's account (`GET /vehicles`), checked before adding:
// a VIN the account does not know only answers 404 on every card. When the service cannot be
// asked (offline, token refused) the check says so, and the technician may still add the VIN.
import type { ResultOf } from '../../../electron/shared/ipc/api';
import type { ErrorInfo } from '../../../electron/shared/result';
import { isUnreachable } from '../../../electron/shared/reachability';
import { describeError } from './errors';
import { plural } from './format';
import { mainApi } from './main-api';

export type AccountCheck =
  { checked: true; known: ReadonlySet<string>; count: number } | { checked: false; reason: string };

/** The account's vehicles (`GET /vehicles`), as "Import from account" lists them. */
export function accountVehicles(): Promise<ResultOf<'account.vehicles'>> {
  return mainApi().account.vehicles();
}

/** Asks main for the account's vehicles; `offline` (the service known unreachable) skips the ask. */
export async function checkAccount(offline: boolean): Promise<AccountCheck> {
  if (offline) return { checked: false, reason: 'the service could not be reached' };
  const result = await accountVehicles();
  if (!result.ok) return { checked: false, reason: uncheckedReason(result.error) };
  const vins = result.value.results.map((vehicle) => vehicle.vin.toUpperCase());
  return { checked: true, known: new Set(vins), count: vins.length };
}

function uncheckedReason(error: ErrorInfo): string {
  return isUnreachable(error.kind) ? 'the service could not be reached' : describeError(error);
}

/** Why a VIN is refused: said where the technician decides whether to add it anyway. */
export function unknownVinReason(check: Extract<AccountCheck, { checked: true }>): string {
  return `Not among this account's ${plural(check.count, 'vehicle')}: the service would answer “not found” for it`;
}

/** The note shown when the VINs could not be checked. */
export function uncheckedNote(check: Extract<AccountCheck, { checked: false }>): string {
  return `Could not check against the account (${check.reason}); added as typed.`;
}
