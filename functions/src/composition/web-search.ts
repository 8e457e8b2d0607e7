import { createGuardedFetch } from '../adapters/net/guarded-fetch.js';
import { createBraveSearch } from '../adapters/web-search/brave-search.js';
import { createPageReader } from '../adapters/web-search/page-reader.js';
import type { WebSearch } from '../domain/chat/web-search.js';
import { outboundPolicy } from './outbound.js';
import { env } from './root.js';

/**
 * The operator's search API key: `WEB_SEARCH_API_KEY` on the local stack, else the stage's
 * Secrets Manager secret (`webSearch.secretName`, a plain string), read once per container (the
 * SDK's client loaded on first use, off the stream's cold start).
 */
function apiKey(): (() => Promise<string>) | undefined {
  const { WEB_SEARCH_API_KEY: local, WEB_SEARCH_SECRET_ID: secretId } = env;
  if (local) return async () => local;
  if (!secretId) return undefined;
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= import('@aws-sdk/client-secrets-manager')
      .then(({ SecretsManagerClient, GetSecretValueCommand }) =>
        new SecretsManagerClient({ region: env.AWS_REGION }).send(
          new GetSecretValueCommand({ SecretId: secretId }),
        ),
      )
      .then(({ SecretString }) => {
        if (!SecretString?.trim()) throw new Error('empty');
        return SecretString.trim();
      })
      .catch((error: unknown) => {
        cached = undefined;
        throw new Error('The web search is not available: its key could not be read.', { cause: error });
      });
    return cached;
  };
}

let web: WebSearch | undefined | null;
/** Web search for the chat's 'Web search' toggle; undefined where the operator configured none. */
export function webSearch(): WebSearch | undefined {
  if (web === undefined) {
    const key = apiKey();
    web = key
      ? {
          search: createBraveSearch({ baseUrl: env.WEB_SEARCH_URL, apiKey: key }),
          readPage: createPageReader(createGuardedFetch(outboundPolicy)),
        }
      : null;
  }
  return web ?? undefined;
}
