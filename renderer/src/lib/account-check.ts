// Whether VINs belong to the active profile's account (`GET /vehicles`), checked before adding:
// a VIN the account does not know only answers 404 on every card. When the service cannot be
// asked (offline, token refused) the check says so, and the technician may still add the VIN.
import { t } from './i18n.svelte';
import type { ResultOf } from '../../../electron/shared/ipc/api';
import type { ErrorInfo } from '../../../electron/shared/result';
import { isUnreachable } from '../../../electron/shared/reachability';
import { describeError } from './errors';
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
  return isUnreachable(error.kind) ? t('account.unreachable') : describeError(error);
}

/** Why a VIN is refused: said where the technician decides whether to add it anyway. */
export function unknownVinReason(check: Extract<AccountCheck, { checked: true }>): string {
  return t('account.notListed', { count: check.count });
}

/** The note shown when the VINs could not be checked. */
export function uncheckedNote(check: Extract<AccountCheck, { checked: false }>): string {
  return t('account.unchecked', { reason: check.reason });
}
