// Every IPv6 spelling that carries a loopback or private IPv4 address is local, in a URL and in a
// DNS answer; public addresses, in any of those spellings, stay allowed.
import type dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { guardedLookup } from '../../../electron/main/api/images/guarded-lookup';
import { imageUrlProblem } from '../../../electron/main/api/images/network-policy';
import { isPrivateAddress } from '../../../electron/main/api/images/private-address';

const EMBEDDED_LOCAL = [
  '::127.0.0.1', // IPv4-compatible
  '::7f00:1',
  '::ffff:127.0.0.1', // IPv4-mapped
  '::ffff:7f00:1',
  '::ffff:0:7f00:1', // IPv4-translated
  '::ffff:0:127.0.0.1',
  '64:ff9b::7f00:1', // NAT64 well-known prefix
  '64:ff9b::10.0.0.1',
  '64:ff9b::a9fe:a9fe', // 169.254.169.254, cloud metadata
  '64:ff9b:1::808:808', // local-use NAT64, whatever it carries
  '2002:7f00:1::1', // 6to4 of 127.0.0.1
  '2002:c0a8:101::', // 6to4 of 192.168.1.1
  '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1
  '0:0:0:0:0:0:0:1',
  '::',
  '::1',
  '0::ffff:a00:1',
  'fd00::1',
  'fe80::1',
  'fec0::1', // site-local
  'ff02::1',
  '100::1', // discard-only
];

const PUBLIC = [
  '93.184.216.34',
  '2606:2800:220:1::',
  '::ffff:93.184.216.34',
  '64:ff9b::5db8:d822',
  '2002:5db8:d822::1',
];

describe('embedded and special IPv6 addresses', () => {
  it.each(EMBEDDED_LOCAL)('%s is not a public address', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
    expect(isPrivateAddress(`[${address}]`)).toBe(true);
  });

  it.each(PUBLIC)('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it.each(EMBEDDED_LOCAL)('an image URL on [%s] is refused for a remote service', (address) => {
    expect(imageUrlProblem(`https://[${address}]/a.png`, { allowLocal: false })).toMatch(/this machine/);
  });

  it.each(['localhost.', 'cdn.localhost', 'LOCALHOST'])('an image URL on %s is refused', (host) => {
    expect(imageUrlProblem(`https://${host}/a.png`, { allowLocal: false })).toMatch(/this machine/);
  });

  it.each(EMBEDDED_LOCAL)('a host name resolving to %s is refused', async (address) => {
    const lookup = ((_h: string, _o: unknown, callback: (e: null, a: dns.LookupAddress[]) => void) =>
      callback(null, [{ address, family: 6 }])) as unknown as typeof dns.lookup;
    const answer = new Promise((resolve, reject) =>
      guardedLookup(lookup)('images.example.com', { all: false }, (error: Error | null, value: unknown) =>
        error ? reject(error) : resolve(value),
      ),
    );
    await expect(answer).rejects.toThrow(/local address/);
  });
});
