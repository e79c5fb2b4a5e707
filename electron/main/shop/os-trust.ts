// The certificates this computer's own store trusts, so a shop whose server certificate comes from
// a CA its IT already installed on every desk (a company CA, a managed service's CA) connects with
// verify-full and no CA file. Node's TLS trusts only its bundled roots unless told otherwise, and a
// `ca` option replaces those: the caller passes bundled roots, these and the chosen CA file together.
import tls from 'node:tls';
import { readRegularFile } from '../storage/regular-file';

/**
 * Where Linux distributions keep the bundle OpenSSL reads, for a Node without
 * `tls.getCACertificates('system')` (it came in Node 22.15; Electron's Node has it).
 */
const LINUX_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  '/etc/ssl/ca-bundle.pem',
  '/etc/ssl/cert.pem',
];

/** A system bundle holds a few hundred certificates; far more is not one. */
const BUNDLE_MAX = 8 * 1024 * 1024;

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

type SystemStore = (type: 'system') => string[];

async function fromBundleFiles(): Promise<string[]> {
  // OpenSSL's own override comes first, as it does for every OpenSSL program on the machine.
  const candidates = [process.env.SSL_CERT_FILE, ...LINUX_BUNDLES].filter(
    (each): each is string => typeof each === 'string' && each !== '',
  );
  for (const file of candidates) {
    try {
      const text = (await readRegularFile(file, BUNDLE_MAX)).toString('utf8');
      const found = text.match(PEM);
      if (found && found.length > 0) return found;
    } catch {
      // Not on this distribution (or not readable): the next place.
    }
  }
  return [];
}

/**
 * OpenSSL's own override (`SSL_CERT_FILE`), read when a connection is made: Node reads the system
 * store once per process, and an IT that points this variable at the company's bundle expects every
 * OpenSSL program to follow it.
 */
async function fromOverride(): Promise<string[]> {
  const file = process.env.SSL_CERT_FILE;
  if (!file || process.platform === 'win32' || process.platform === 'darwin') return [];
  try {
    return (await readRegularFile(file, BUNDLE_MAX)).toString('utf8').match(PEM) ?? [];
  } catch {
    return [];
  }
}

/** The OS store's certificates as PEM; empty when it cannot be read (the bundled roots still apply). */
export async function systemCertificates(): Promise<string[]> {
  const store = (tls as { getCACertificates?: SystemStore }).getCACertificates;
  if (typeof store === 'function') {
    try {
      const system = store('system');
      const override = (await fromOverride()).filter((pem) => !system.includes(pem));
      return [...system, ...override];
    } catch {
      // An OS store Node cannot open: fall through to the files OpenSSL would read.
    }
  }
  return process.platform === 'win32' || process.platform === 'darwin' ? [] : fromBundleFiles();
}

/** Everything a verifying connection trusts: Node's bundled roots, the OS store, and the shop's CA. */
export async function trustedCertificates(shopCa: string | undefined): Promise<string[]> {
  return [...tls.rootCertificates, ...(await systemCertificates()), ...(shopCa ? [shopCa] : [])];
}
