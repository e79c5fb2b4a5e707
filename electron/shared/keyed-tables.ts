// Grouping a table keyed by dotted names ("vehicles.state") into one object per group, as
// window.garage is: the grouped type is derived from the table's own, so each method keeps the type
// its operation gives it.

type GroupOf<Table> = keyof Table extends infer Key
  ? Key extends `${infer Group}.${string}`
    ? Group
    : never
  : never;

/** `{ 'ns.name': v }` as `{ ns: { name: v } }`. */
export type Grouped<Table> = {
  readonly [Group in GroupOf<Table>]: {
    readonly [Key in keyof Table as Key extends `${Group}.${infer Name}` ? Name : never]: Table[Key];
  };
};

/** Groups a table's dotted keys, each group frozen. */
export function grouped<Table extends Record<`${string}.${string}`, unknown>>(table: Table): Grouped<Table> {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(table)) {
    const dot = key.indexOf('.');
    (groups[key.slice(0, dot)] ??= {})[key.slice(dot + 1)] = value;
  }
  for (const group of Object.values(groups)) Object.freeze(group);
  // The loop above puts every key of the table in its group, which is what Grouped says.
  return groups as Grouped<Table>;
}
