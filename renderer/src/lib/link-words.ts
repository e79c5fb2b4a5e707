// What the window says when a vehicle-garage:// link from another program cannot be opened.
import type { ShellRequest } from '../../../electron/shared/shell-requests';
import { VIN_LENGTH } from '../../../electron/shared/vin';
import { t } from './i18n.svelte';

type Refused = Extract<ShellRequest, { kind: 'link-refused' }>;

export function refusedLinkMessage(request: Refused, profileName: string | null): string {
  const garage = t('link.garage', { named: String(profileName !== null), name: profileName ?? '' });
  const shown = request.shown;
  switch (request.reason) {
    case 'not-a-link':
      return t('link.notALink');
    case 'unknown-kind':
      return t('link.unknownKind', { shown });
    case 'malformed-vin':
      return t('link.malformedVin', {
        shown,
        problem: request.problem ?? t('link.vinLength', { length: VIN_LENGTH }),
      });
    case 'malformed-repair-order':
      return t('link.malformedRepairOrder');
    case 'unknown-vehicle':
      return t('link.unknownVehicle', { shown, garage });
    case 'unknown-job':
      return t('link.unknownJob', { shown, garage });
  }
}
