// Which hosts the release-note image fetcher may reach. Images may come from this machine or the
// local network only when the service itself does (the demo simulator or a local one); otherwise a
// hostile service could use image URLs to probe or hit internal hosts. The DNS side of the same
// rule is guarded-lookup.ts; the URL's syntax, types and signatures are the cache's image rules.
import { isLoopbackHost } from '../../../shared/base-url';
import { english, type Say } from '../../../shared/i18n/english';
import { imageUrlProblem as urlProblem, type ImageHostRule } from '../../storage/cache/image-rules';
import { isPrivateAddress } from './private-address';

export interface ImageUrlPolicy {
  /**
   * Whether this machine and private addresses may serve images: only for a profile whose own
   * service runs on this machine (the demo simulator or a local one), whose images live there too.
   */
  allowLocal: boolean;
}

/** The policy for a client of the service at `base`. */
export function imagePolicyFor(base: URL): ImageUrlPolicy {
  return { allowLocal: isLoopbackHost(base.hostname) || isPrivateAddress(base.hostname) };
}

/** localhost and its sub-domains resolve to this machine without asking DNS (RFC 6761). */
export function isLocalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return isLoopbackHost(name) || name === 'localhost' || name.endsWith('.localhost');
}

export function hostRule(policy: ImageUrlPolicy): ImageHostRule {
  return {
    hostProblem: (hostname, say) =>
      !policy.allowLocal && (isLocalHostName(hostname) || isPrivateAddress(hostname))
        ? say('imageProblem.local')
        : null,
    allowsHttp: (hostname) => policy.allowLocal && isLoopbackHost(hostname),
  };
}

/** Why `url` may not be fetched as an image under `policy` (in `say`'s language), or null. */
export function imageUrlProblem(url: string, policy: ImageUrlPolicy, say: Say = english): string | null {
  return urlProblem(url, hostRule(policy), say);
}
