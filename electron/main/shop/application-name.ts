// The name each connection carries to the server (`application_name`), so a DBA looking at
// pg_stat_activity or the server's log sees which desk and which technician a session is. The server
// keeps at most 63 bytes of it (NAMEDATALEN - 1) and turns anything but printable ASCII into
// question marks (PostgreSQL 15) or escapes (16 and later); the app makes the name ASCII itself
// (Jürgen becomes Jurgen, not J?rgen) and shortens the two names fairly to fit, so the end of the
// name is never cut off by the server mid-word.
export const APPLICATION_NAME_MAX_BYTES = 63;
const PREFIX = 'Vehicle Garage: ';
const BETWEEN = ' @ ';

/** Printable ASCII only: accents dropped from their letters, anything else a question mark. */
function ascii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Vehicle Garage: <technician> @ <machine>", within 63 bytes. */
export function applicationNameOf(technician: string, machine: string): string {
  const who = ascii(technician);
  const where = ascii(machine);
  if (!who) return `${PREFIX}${where}`.slice(0, APPLICATION_NAME_MAX_BYTES);
  const room = APPLICATION_NAME_MAX_BYTES - PREFIX.length - BETWEEN.length;
  // Each name gets half the room; what one does not need, the other may use.
  const half = Math.floor(room / 2);
  const whoRoom = Math.max(half, room - Math.min(where.length, room - half));
  const whoPart = who.slice(0, whoRoom).trimEnd();
  const wherePart = where.slice(0, room - whoPart.length).trimEnd();
  return `${PREFIX}${whoPart}${BETWEEN}${wherePart}`;
}
