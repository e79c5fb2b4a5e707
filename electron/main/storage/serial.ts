// One piece of work at a time, in the order asked: a store's read-change-write never interleaves
// with another of its own. A failed piece does not stop the ones after it.
export type Serial = <T>(work: () => Promise<T>) => Promise<T>;

export function createSerial(): Serial {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };
}
