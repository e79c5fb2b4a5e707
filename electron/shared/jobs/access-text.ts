// Who may drive the car, as a snapshot recorded it, in words: shared by the job panel, the PDF and
// the change summary. Zod-free (types only), so the renderer can import it.
import type { Snapshot } from './job-record';

type Drivers = Extract<Snapshot['drivers'], { known: true }>['value'];
type Invitations = Extract<Snapshot['invitations'], { known: true }>['value'];

/** "Ana Diaz (1001), 1002": each driver by name and id, as the record and the change summary say it. */
export function driversText(drivers: Drivers): string {
  return drivers.length === 0
    ? 'none'
    : drivers.map((driver) => (driver.name ? `${driver.name} (${driver.id})` : driver.id)).join(', ');
}

/** "2: 77 pending until 2026-12-01T00:00:00Z, 78 accepted until …". */
export function invitationsText(invitations: Invitations): string {
  return invitations.length === 0
    ? 'none'
    : `${invitations.length}: ${invitations
        .map((invitation) => `${invitation.id} ${invitation.state} until ${invitation.expiresAt}`)
        .join(', ')}`;
}
