// Waiting on events, not on time: resolves with the first value `predicate` accepts.
export function nextMatching<T>(
  subscribe: (listener: (value: T) => void) => () => void,
  predicate: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`Timed out waiting for ${what}`));
    }, timeoutMs);
    const unsubscribe = subscribe((value) => {
      if (!predicate(value)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    });
  });
}
