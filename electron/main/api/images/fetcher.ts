// The release-note image fetcher: its own undici Agent (a pool per image host) and its own two
// slots, so slow image hosts never hold up a command. Third-party hosts get no Authorization and no
// cookies, only what an <img> would send; redirects are followed by hand, each hop checked against
// the network policy, and the body is checked against its declared type.
import type { Dispatcher } from 'undici';

import { AppError } from '../../../shared/result';
import { tm } from '../../i18n/main-words';
import {
  ConnectionFailure,
  errorFromStatus,
  errorFromTransport,
  timeoutError,
  type ErrorContext,
} from '../errors';
import { ConcurrencyLimiter } from '../limiter';
import { createNetwork, type NetworkOptions } from '../network/network';
import { readBodyCapped, safeDestroy } from '../read-body';
import { invalid } from '../invalid-input';
import { guardedLookup } from './guarded-lookup';
import {
  IMAGE_MAX_REDIRECTS,
  IMAGE_TYPES,
  allowedImageType,
  checkImageBody,
  notAnImageError,
  validateImageUrl,
} from './image-checks';
import { imagePolicyFor, imageUrlProblem } from './network-policy';

export interface FetchedImage {
  contentType: string;
  bytes: Uint8Array;
}

export interface ImageFetcherOptions {
  /** The service's base URL: decides whether local image hosts are allowed. */
  base: URL;
  userAgent: string;
  timeoutMs: number;
  maxBodyBytes: number;
  now: () => number;
  /** The error to fail with once the client is closing, or null while it is open. */
  closed: () => AppError | null;
  /** The proxy and certificates, as for the service. */
  network?: NetworkOptions;
}

export interface ImageFetcher {
  fetchImage(url: string): Promise<FetchedImage>;
  canFetchImage(url: string): boolean;
  rejectQueued(error: AppError): void;
  close(): Promise<void>;
  destroy(): Promise<void>;
}

export function createImageFetcher(options: ImageFetcherOptions): ImageFetcher {
  const { userAgent, timeoutMs, maxBodyBytes, now } = options;
  const policy = imagePolicyFor(options.base);
  // Through a proxy, the proxy resolves the name: the URL checks above still apply, the DNS guard
  // cannot. Direct, the guard refuses names that resolve to this machine or the local network.
  const network = createNetwork(options.network ?? {}, {
    connections: 2,
    ...(policy.allowLocal ? {} : { lookup: guardedLookup() }),
  });
  const limiter = new ConcurrencyLimiter(2);
  const ctx: ErrorContext = { route: 'image', requestClass: 'read', label: 'api.doing.image' };

  async function fetchOnce(start: URL): Promise<FetchedImage> {
    return limiter.run(async () => {
      const closed = options.closed();
      if (closed) throw closed;
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      try {
        let url = start;
        for (let hop = 0; ; hop++) {
          const route = await network.route(url);
          const res: Dispatcher.ResponseData = await route.dispatcher
            .request({
              origin: url.origin,
              path: url.pathname + url.search,
              method: 'GET',
              headers: { accept: IMAGE_TYPES.join(', '), 'user-agent': userAgent },
              signal: controller.signal,
              headersTimeout: timeoutMs + 1000,
              bodyTimeout: timeoutMs + 1000,
            })
            .catch((e: unknown) => {
              throw new ConnectionFailure(e, url.host, route.proxy);
            });
          const status = res.statusCode;
          const location = res.headers.location;
          if (status >= 300 && status < 400 && location !== undefined) {
            safeDestroy(res.body);
            if (hop >= IMAGE_MAX_REDIRECTS) {
              throw new AppError('bad_response', tm('api.image.tooManyRedirects'), { status });
            }
            const next = Array.isArray(location) ? location[0] : location;
            url = validateImageUrl(new URL(next ?? '', url).toString(), policy, 'redirect');
            continue;
          }
          if (status < 200 || status >= 300) {
            safeDestroy(res.body);
            throw errorFromStatus(status, res.headers, '', ctx, now());
          }
          const declared = allowedImageType(res.headers['content-type']);
          if (declared === null) {
            safeDestroy(res.body);
            throw notAnImageError(res.headers['content-type'], status);
          }
          const bytes = await readBodyCapped(res.body, {
            maxBytes: maxBodyBytes,
            contentLength: res.headers['content-length'],
            status,
          });
          return { contentType: checkImageBody(declared, bytes, status), bytes };
        }
      } catch (e) {
        if (timedOut) throw timeoutError(ctx, timeoutMs);
        if (e instanceof TypeError && !(e instanceof AppError)) {
          throw invalid('redirect', 'the image host redirected to an invalid URL');
        }
        throw errorFromTransport(e, ctx, timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    });
  }

  return {
    fetchImage(url) {
      return Promise.resolve().then(() => fetchOnce(validateImageUrl(url, policy)));
    },
    canFetchImage(url) {
      return typeof url === 'string' && imageUrlProblem(url, policy) === null;
    },
    rejectQueued(error) {
      limiter.rejectQueued(error);
    },
    close: () => network.close(),
    destroy: () => network.destroy(),
  };
}
