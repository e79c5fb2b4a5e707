// What the access lists say of rows the service sent but the app could not read: in words, for the
// window and the job's record alike, without the schemas that read them (no zod in the window).
import { english, type Say } from './i18n/english';
import type { UnreadableDriver } from './wire-access';

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
