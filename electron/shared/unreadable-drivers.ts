// Rows of a car's drivers list the app could not read, and how they are said: kept apart from the
// wire schemas (zod) so the window can word them without bundling the schemas.
import { english, type Say } from './i18n/english';

/** A row of the drivers list left out: its id when that much could be read, and the fields at fault. */
export interface UnreadableDriver {
  id: string | null;
  fields: string[];
}

/** "1 driver the service listed could not be read (driver 22: user_id) and is not shown: …" */
export function unreadableDriversText(unreadable: readonly UnreadableDriver[], say: Say = english): string {
  const which = unreadable
    .map((row) =>
      say('drivers.unreadableRow', {
        who: row.id === null ? say('drivers.idUnreadable') : say('drivers.driverId', { id: row.id }),
        fields: row.fields.join(', '),
      }),
    )
    .join('; ');
  return say('drivers.unreadable', { count: unreadable.length, which });
}
