// Which certificate authorities the client trusts: Node's bundled roots, NODE_EXTRA_CA_CERTS, and
// the operating system's store (where a company's TLS-inspecting CA is installed). Node 24 reads the
// system store with tls.getCACertificates('system'); Node 20 cannot, and then the client trusts the
// bundled roots and NODE_EXTRA_CA_CERTS only (what Node does by default).
import { readFileSync } from 'node:fs';
import tls, { type SecureContext } from 'node:tls';

/** The system store's certificates (PEM); injectable so tests can play the system's part. */
export type SystemCertificates = () => readonly string[];

type CertificateSet = 'default' | 'system' | 'bundled' | 'extra';
const getCACertificates = (tls as { getCACertificates?: (type?: CertificateSet) => string[] })
  .getCACertificates;

/** The OS store through Node (24+), or null when this Node cannot read it. */
export function nodeSystemCertificates(): readonly string[] | null {
  if (typeof getCACertificates !== 'function') return null;
  try {
    return getCACertificates('system');
  } catch {
    return null;
  }
}

function extraCertificates(env: Readonly<Record<string, string | undefined>>): string[] {
  if (typeof getCACertificates === 'function') return getCACertificates('extra');
  const file = env['NODE_EXTRA_CA_CERTS'];
  if (!file) return [];
  try {
    return (
      readFileSync(file, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
    );
  } catch {
    return [];
  }
}

const contexts = new Map<string, SecureContext>();

/**
 * A TLS context trusting the bundled roots, NODE_EXTRA_CA_CERTS and the system's store, or null
 * when the system store adds nothing (Node's default context already trusts the rest). Built once
 * per set of certificates: parsing a few hundred roots on every connection would be slow.
 */
export function trustContext(
  system: SystemCertificates | undefined = undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SecureContext | null {
  const fromSystem = system ? system() : (nodeSystemCertificates() ?? []);
  if (fromSystem.length === 0) return null;
  const ca = [...new Set([...tls.rootCertificates, ...extraCertificates(env), ...fromSystem])];
  const key = ca.join('\n');
  let context = contexts.get(key);
  if (!context) {
    context = tls.createSecureContext({ ca });
    contexts.clear(); // one system store at a time
    contexts.set(key, context);
  }
  return context;
}
