// What the stand-in does not provide fails loudly and by name, never silently as `undefined`.

export class ElectronStandinUnsupported extends Error {
  constructor(what: string) {
    super(`electron.${what} is not provided by the Electron stand-in (see test/electron-standin/README.md)`);
    this.name = 'ElectronStandinUnsupported';
  }
}

/** An export whose every use (property read, call, construction) throws a named error. */
export function unsupported<T = never>(name: string): T {
  const fail = (what: string): never => {
    throw new ElectronStandinUnsupported(what);
  };
  // Symbols and `then` are probed by module interop and inspection, not by the app: answer them.
  return new Proxy(function unsupportedExport() {}, {
    get: (_target, property) =>
      typeof property === 'symbol' || property === 'then' ? undefined : fail(`${name}.${property}`),
    apply: () => fail(`${name}()`),
    construct: () => fail(`new ${name}()`),
  }) as T;
}

/** Wraps an implemented object so a member it lacks throws by name instead of reading `undefined`. */
export function strict<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'symbol' || property in object) return Reflect.get(object, property, receiver);
      if (property === 'then' || property === 'toJSON') return undefined;
      throw new ElectronStandinUnsupported(`${name}.${property}`);
    },
  });
}
