import type { CatalogEntry } from '@agentforge/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { registryItem, startMcpRegistry } from '../support/mcp-registry.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let registry: Awaited<ReturnType<typeof startMcpRegistry>>;

beforeAll(async () => {
  registry = await startMcpRegistry([
    registryItem({
      name: 'com.registry/internal',
      description: 'On a private address.',
      packages: [{ registryType: 'npm', identifier: 'internal-mcp' }],
    }),
  ]);
  // The AWS policy: no private, loopback or link-local addresses.
  process.env.ALLOW_PRIVATE_ENDPOINTS = 'false';
  process.env.MCP_CATALOG_REGISTRY_URL = registry.url;
  stack = await startTestStack({ web: false });
  configureAmplify(stack.runtimeConfig);
});

afterAll(async () => {
  delete process.env.ALLOW_PRIVATE_ENDPOINTS;
  delete process.env.MCP_CATALOG_REGISTRY_URL;
  await stack?.stop();
  await registry?.stop();
});

it('never reaches a registry on a private address under the AWS policy, and still serves the catalog', async () => {
  const api = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
  const response = await api.get('/mcp/catalog');
  expect(response.status).toBe(200);
  const names = (response.body.entries as CatalogEntry[]).map((entry) => entry.name);
  expect(names).toContain('io.github.modelcontextprotocol/server-everything');
  expect(names).not.toContain('com.registry/internal');
  expect(registry.state.requests).toBe(0);
});
