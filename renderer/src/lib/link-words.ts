// What the window says when a vehicle-garage:// link from another program cannot be opened.
import type { ShellRequest } from '../../../electron/shared/shell-requests';

type Refused = Extract<ShellRequest, { kind: 'link-refused' }>;

export function refusedLinkMessage(request: Refused, profileName: string | null): string {
  const garageName = profileName ? `this garage (${profileName})` : 'this garage';
  switch (request.reason) {
    case 'not-a-link':
      return 'A link could not be opened: it is not a vehicle-garage:// link.';
    case 'unknown-kind':
      return `A link could not be opened: "${request.shown}" is not something Vehicle Garage opens. Links name a vehicle (vehicle-garage://vehicle/VIN) or a job (vehicle-garage://job/repair order).`;
    case 'malformed-vin':
      return `A link could not be opened: "${request.shown}" is not a VIN (${request.problem ?? 'it needs 17 characters'}).`;
    case 'malformed-repair-order':
      return 'A link could not be opened: its repair order is empty, too long or not on one line.';
    case 'unknown-vehicle':
      return `A link names the vehicle ${request.shown}, which is not in ${garageName}. Add it to the garage, or switch to the profile that has it.`;
    case 'unknown-job':
      return `A link names the repair order "${request.shown}", but ${garageName} has no job with it.`;
  }
}
