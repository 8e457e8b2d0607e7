import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { ValidationError } from '../../domain/errors.js';
import { isBlockedAddress, isMetadataOrLinkLocal } from './address-policy.js';
import { withPreconnect } from './preconnect.js';

export const BLOCKED_ENDPOINT_MESSAGE =
  'This endpoint cannot be used: its address is private, loopback or link-local. Use a public https URL.';
const UNSUPPORTED_SCHEME_MESSAGE = 'Only http and https endpoints are supported.';

export interface OutboundPolicy {
  /**
   * The stage's setting: private endpoints (a local Ollama) are fine on the local stack only. The
   * metadata service and link-local addresses are refused either way.
   */
  allowPrivate: boolean;
}

const refusesAddress = (policy: OutboundPolicy) =>
  policy.allowPrivate ? isMetadataOrLinkLocal : isBlockedAddress;

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );
}

/** Save time: http(s) only, and every address the host resolves to must be allowed. */
export async function assertAllowedEndpoint(url: string, policy: OutboundPolicy): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('The base URL is not a valid URL.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ValidationError(UNSUPPORTED_SCHEME_MESSAGE);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  // Where private endpoints are allowed a name is not resolved now (a host the local stack cannot
  // resolve yet is kept); the connection refuses a name that resolves to metadata or link-local.
  if (policy.allowPrivate && !isIP(host)) return;
  const addresses = isIP(host)
    ? [host]
    : await resolveAll(host).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw new ValidationError(`The host ${host} could not be resolved.`);
        },
      );
  if (addresses.length === 0 || addresses.some(refusesAddress(policy)))
    throw new ValidationError(BLOCKED_ENDPOINT_MESSAGE);
}

/**
 * undici's npm copy does not know Node's own FormData (another class): it would send the form as
 * the text "[object FormData]". Encoded here as multipart (OpenAI's audio transcriptions), with
 * its boundary in the Content-Type.
 */
async function encodedForm(form: FormData, headers: RequestInit['headers']) {
  const encoded = new Response(form);
  const merged = new Headers(headers);
  merged.set('content-type', encoded.headers.get('content-type') ?? 'multipart/form-data');
  return { body: new Uint8Array(await encoded.arrayBuffer()), headers: Object.fromEntries(merged) };
}

/** The guarded fetch, and ways to make its first request wait less. */
export type GuardedFetch = typeof fetch & {
  /** Loads undici now, on a cold start, while a reply's reads are answered; never throws. */
  warm(): void;
  /** Opens the connection a request to `url` will use (preconnect.ts); never throws. */
  preconnect(url: string): void;
};

/**
 * Connect time: a fetch whose every connection checks the addresses it is about to use (a DNS
 * answer that changed since the URL was saved, DNS rebinding, is caught here), with redirects
 * refused (a redirect could point anywhere). undici is loaded on first use: only Custom endpoints
 * and provider base URLs need it.
 */
export function createGuardedFetch(policy: OutboundPolicy): GuardedFetch {
  const refuses = refusesAddress(policy);
  const guardedLookup = (
    hostname: string,
    options: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.length === 0 || addresses.some((entry) => refuses(entry.address))) {
        return callback(new ValidationError(BLOCKED_ENDPOINT_MESSAGE), []);
      }
      const wantsAll = (options as { all?: boolean }).all;
      const first = addresses[0] as LookupAddress;
      return wantsAll ? callback(null, addresses) : callback(null, first.address, first.family);
    });
  };
  type Dispatcher = {
    undici: typeof import('undici')['default'];
    agent: import('undici').Agent;
    preconnect: (url: URL) => void;
  };
  let dispatcher: Promise<Dispatcher> | undefined;
  // The CommonJS module's exports object: bundled as ESM (lib/), a dynamic import of it has
  // only `default` (Node itself also gives the named exports, which the bundle does not).
  // A failed load is tried again by the next call.
  const loadDispatcher = () =>
    (dispatcher ??= import('undici').then(
      ({ default: undici }): Dispatcher => {
        const connector = withPreconnect(undici.buildConnector({ lookup: guardedLookup as never }));
        const agent = new undici.Agent({ connect: connector.connect });
        return { undici, agent, preconnect: connector.preconnect };
      },
      (error: unknown) => {
        dispatcher = undefined;
        throw error;
      },
    ));
  /** The URL, if the guard lets a request to it start (an address literal never reaches the lookup). */
  const allowedUrl = (input: string | URL | Request): URL => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ValidationError(UNSUPPORTED_SCHEME_MESSAGE);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && refuses(host)) throw new ValidationError(BLOCKED_ENDPOINT_MESSAGE);
    return url;
  };
  const guardedFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    allowedUrl(input);
    const { undici, agent } = await loadDispatcher();
    return undici.fetch(input as never, {
      ...(init as object),
      ...(init?.body instanceof FormData ? await encodedForm(init.body, init.headers) : {}),
      redirect: 'error',
      dispatcher: agent,
    }) as never;
  }) as typeof fetch;
  return Object.assign(guardedFetch, {
    warm() {
      loadDispatcher().catch(() => undefined); // the request reports it
    },
    preconnect(url: string) {
      let allowed: URL;
      try {
        allowed = allowedUrl(url);
      } catch {
        return; // the request itself reports it
      }
      loadDispatcher().then(
        ({ agent, preconnect }) => {
          // A warm function may still hold an idle connection there: the request takes that one.
          // (undici's `free` stays 0 on a connection that went idle, so it is counted here.)
          const pool = agent.stats[allowed.origin];
          if (!pool || Number(pool.connected) <= pool.running) preconnect(allowed);
        },
        () => undefined, // undici did not load: the request reports it
      );
    },
  });
}
