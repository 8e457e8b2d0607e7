import { createGuardedFetch } from '../adapters/net/guarded-fetch.js';
import { createBraveSearch } from '../adapters/web-search/brave-search.js';
import { createPageReader } from '../adapters/web-search/page-reader.js';
import { createSecretsManagerApiKey } from '../adapters/web-search/secrets-manager-key.js';
import type { WebSearch } from '../domain/chat/web-search.js';
import { outboundPolicy } from './outbound.js';
import { env } from './root.js';

/** The operator's search API key: `WEB_SEARCH_API_KEY` on the local stack, else the stage's secret. */
function apiKey(): (() => Promise<string>) | undefined {
  const { WEB_SEARCH_API_KEY: local, WEB_SEARCH_SECRET_ID: secretId } = env;
  if (local) return async () => local;
  return secretId ? createSecretsManagerApiKey({ region: env.AWS_REGION, secretId }) : undefined;
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
