// DNS lookup for image hosts that refuses names resolving to this machine or the local network, so
// a public-looking host name cannot smuggle an image request to an internal address.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress } from './private-address';

type Lookup = typeof dns.lookup;

export function guardedLookup(lookup: Lookup = dns.lookup): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = addresses as unknown as dns.LookupAddress[];
      const blocked = list.find((entry) => isPrivateAddress(entry.address));
      if (blocked || list.length === 0) {
        const refusal = Object.assign(new Error(`${hostname} resolves to a local address`), {
          code: 'EADDRNOTAVAIL',
        });
        return callback(refusal);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  }) as LookupFunction;
}
