import { S3Client } from '@aws-sdk/client-s3';
import { createFileCatalogSource, createS3CatalogSource } from '../adapters/catalog/operator-file.js';
import { createRegistrySource } from '../adapters/catalog/registry-source.js';
import { createGuardedFetch } from '../adapters/net/guarded-fetch.js';
import type { CatalogSource } from '../domain/mcp/catalog/catalog-service.js';
import { type CatalogService, createCatalogService } from '../domain/mcp/catalog/catalog-service.js';
import defaultCatalog from '../domain/mcp/catalog/default-catalog.json' with { type: 'json' };
import { logger } from '../logger.js';
import { env } from './root.js';

function catalogSources(): CatalogSource[] {
  const sources: CatalogSource[] = [{ origin: 'default', read: async () => defaultCatalog }];
  if (env.MCP_CATALOG_FILE) sources.push(createFileCatalogSource(env.MCP_CATALOG_FILE));
  if (env.MCP_CATALOG_BUCKET && env.MCP_CATALOG_KEY) {
    const s3 = new S3Client({ region: env.AWS_REGION });
    sources.push(createS3CatalogSource(s3, env.MCP_CATALOG_BUCKET, env.MCP_CATALOG_KEY));
  }
  if (env.MCP_CATALOG_REGISTRY_URL) {
    // The registry is reached as users' Custom endpoints are: the stage's private-address policy.
    const outbound = { allowPrivate: env.ALLOW_PRIVATE_ENDPOINTS ?? env.RUNTIME === 'local' };
    sources.push(createRegistrySource(env.MCP_CATALOG_REGISTRY_URL, createGuardedFetch(outbound)));
  }
  return sources;
}

let catalog: CatalogService | undefined;
/** GET /mcp/catalog's entries, kept for the function's life and read again after the TTL. */
export function catalogService(): CatalogService {
  catalog ??= createCatalogService({
    sources: catalogSources(),
    ttlMs: env.MCP_CATALOG_TTL_SECONDS * 1000,
    now: Date.now,
    log: logger,
  });
  return catalog;
}
