// Who did something in a shop: the name the technician typed, and the database role the server
// stamped on the row. The name is what anyone may type (a colleague's too); the role is what they
// logged in as. Where the two differ the role is shown beside the name ("Ana (role tech_bob)"), in
// the History, a job's record and its PDF, so a forged name shows. Pure.
import { english, type Say } from './i18n/english';

/**
 * Whether the role is another name than the one typed: not when no role is known (solo mode, an
 * entry not uploaded yet). Exactly as written: "Cleo" typed by the role `cleo` shows the role, since
 * nothing but the role itself says who logged in.
 */
export function roleDiffers(name: string, role: string | null | undefined): role is string {
  return typeof role === 'string' && role !== '' && role !== name;
}

/** "Ana", or "Ana (role tech_bob)" when the role that wrote it is another name. */
export function nameWithRole(name: string, role: string | null | undefined, say: Say = english): string {
  return roleDiffers(name, role) ? say('history.whoRole', { name, role }) : name;
}

/**
 * The role that opened a job: its opening event's, as the shop recorded it. The job's technician is
 * the name typed at that opening, so this is the role shown beside it (and on the signature line).
 */
export function openedRole(job: {
  events: readonly { kind: string; role?: string | undefined }[];
}): string | undefined {
  return job.events.find((event) => event.kind === 'opened')?.role;
}
