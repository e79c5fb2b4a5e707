// Rows of a car's drivers list the app could not read, and how they are said: kept apart from the
// wire schemas (zod) so the window can word them without bundling the schemas.

/** A row of the drivers list left out: its id when that much could be read, and the fields at fault. */
export interface UnreadableDriver {
  id: string | null;
  fields: string[];
}

/** "1 driver the service listed could not be read (user_id) and is not shown." */
export function unreadableDriversText(unreadable: readonly UnreadableDriver[]): string {
  const n = unreadable.length;
  const which = unreadable
    .map((row) => `${row.id === null ? 'id unreadable' : `driver ${row.id}`}: ${row.fields.join(', ')}`)
    .join('; ');
  return `${n} driver${n === 1 ? '' : 's'} the service listed could not be read (${which}) and ${
    n === 1 ? 'is' : 'are'
  } not shown: check the car's drivers in the owner's app.`;
}
