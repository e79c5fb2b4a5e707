// Whether an IP address reaches this machine, the local network or anything else that is not the
// public internet. IPv6 is judged on its 128 bits, not its spelling, so every form that carries an
// IPv4 address inside (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo) is
// judged by the IPv4 address it carries: `[::127.0.0.1]`, `[64:ff9b::7f00:1]` and
// `[::ffff:0:7f00:1]` are loopback, whatever they look like.
import { isIP } from 'node:net';

const PRIVATE_V4: readonly [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata)
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24 protocol assignments
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xe0000000, 3], // multicast and reserved
];

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function privateV4(n: number): boolean {
  return PRIVATE_V4.some(([net, bits]) => n >>> (32 - bits) === net >>> (32 - bits));
}

/** The eight 16-bit groups of a valid IPv6 literal (a trailing dotted quad included). */
function v6Groups(address: string): number[] {
  let text = address;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const n = v4Number(quad[1]!);
    text = `${text.slice(0, quad.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back];
}

const v4Of = (high: number, low: number) => ((high << 16) | low) >>> 0;

/** The IPv4 addresses an IPv6 address carries inside it (none for a native IPv6 address). */
export function embeddedV4(groups: readonly number[]): number[] {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const last = v4Of(g6, g7);
  const zeroTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroTo(5) && (g5 === 0 || g5 === 0xffff)) return [last]; // ::a.b.c.d, ::ffff:a.b.c.d
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return [last]; // ::ffff:0:a.b.c.d (translated)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return [last]; // NAT64
  if (g0 === 0x2002) return [v4Of(g1, g2)]; // 6to4
  if (g0 === 0x2001 && g1 === 0) return [v4Of(g2, g3), ~last >>> 0]; // Teredo: server, client
  return [];
}

/** Whether an IP literal (v4, or v6 with or without brackets) is not a public internet address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const kind = isIP(bare);
  if (kind === 4) return privateV4(v4Number(bare));
  if (kind !== 6) return false;
  const groups = v6Groups(bare.replace(/%.*$/, ''));
  const carried = embeddedV4(groups);
  if (carried.length > 0) return carried.some(privateV4);
  // Only 2000::/3 is global unicast: loopback, unspecified, unique-local, link-local, site-local,
  // multicast, discard and local-use NAT64 all fall outside it. 2001:db8::/32 is documentation.
  const g0 = groups[0]!;
  if (g0 >>> 13 !== 1) return true;
  return g0 === 0x2001 && groups[1] === 0x0db8;
}
