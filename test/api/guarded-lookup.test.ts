import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { guardedLookup } from '../../electron/main/api/images/guarded-lookup';

/** A resolver that answers every name with the given addresses. */
function resolvingTo(...addresses: string[]): typeof dns.lookup {
  return ((_host: string, _options: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )) as unknown as typeof dns.lookup;
}

function lookUp(lookup: typeof dns.lookup, all: boolean): Promise<unknown> {
  return new Promise((resolve, reject) =>
    guardedLookup(lookup)('images.example.com', { all }, (error: Error | null, address: unknown) =>
      error ? reject(error) : resolve(address),
    ),
  );
}

describe('guarded DNS lookup for image hosts', () => {
  it('passes public addresses through in both callback forms', async () => {
    await expect(lookUp(resolvingTo('93.184.216.34'), false)).resolves.toBe('93.184.216.34');
    await expect(lookUp(resolvingTo('93.184.216.34', '2606:2800::1'), true)).resolves.toHaveLength(2);
  });

  it('refuses a name that resolves to this machine or the local network, even in part', async () => {
    await expect(lookUp(resolvingTo('127.0.0.1'), false)).rejects.toThrow(/local address/);
    await expect(lookUp(resolvingTo('93.184.216.34', '10.0.0.7'), false)).rejects.toThrow(/local address/);
    await expect(lookUp(resolvingTo('169.254.169.254'), true)).rejects.toThrow(/local address/);
    await expect(lookUp(resolvingTo('::ffff:192.168.0.2'), false)).rejects.toThrow(/local address/);
  });
});
