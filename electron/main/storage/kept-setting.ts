// One setting main keeps in a file of the data folder: read once at start (a read that fails keeps
// the default, and says why), written before a change is answered, changes written one after the
// other in the order asked (the last one asked wins), and `view` answering once every change asked
// before it is on disk (a window reloaded mid-change sees it).
export interface KeptSetting<T> {
  load(): Promise<void>;
  /** The setting now (the default until loaded). */
  current(): T;
  view(): Promise<T>;
  set(input: T): Promise<T>;
}

export function keptSetting<T extends object>(deps: {
  initial: T;
  read(): Promise<T>;
  write(value: T): Promise<void>;
  /** The value to keep for what was asked (only its known fields, coerced). */
  normalize(input: T): T;
  /** After a change is on disk. */
  saved?: () => void;
  onReadProblem?: (error: unknown) => void;
}): KeptSetting<T> {
  let value: T = { ...deps.initial };
  let writing: Promise<unknown> = Promise.resolve();
  return {
    async load() {
      try {
        value = await deps.read();
      } catch (error) {
        deps.onReadProblem?.(error);
      }
    },
    current: () => ({ ...value }),
    async view() {
      await writing.catch(() => undefined);
      return { ...value };
    },
    set(input) {
      const next = deps.normalize(input);
      const done = writing
        .catch(() => undefined)
        .then(async () => {
          await deps.write(next);
          value = next;
          deps.saved?.();
          return { ...value };
        });
      writing = done;
      return done;
    },
  };
}
