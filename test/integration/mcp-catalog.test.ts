import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CatalogEntry, catalogCreateRequest, TEAM_MESSAGES } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { registryItem, startMcpRegistry } from '../support/mcp-registry.js';
import { teamHelpers } from '../support/teams.js';

const EVERYTHING = 'io.github.modelcontextprotocol/server-everything';
const TTL_SECONDS = 2;
const npmEntry = (name: string, description: string, env: object[] = []) => ({
  name,
  description,
  packages: [
    {
      registryType: 'npm',
      identifier: '@modelcontextprotocol/server-everything',
      transport: { type: 'stdio' },
      environmentVariables: env,
    },
  ],
});

let stack: Awaited<ReturnType<typeof startTestStack>>;
let registry: Awaited<ReturnType<typeof startMcpRegistry>>;
let dir: string;
let api: Api;

async function catalog(user = api): Promise<CatalogEntry[]> {
  const response = await user.get('/mcp/catalog');
  expect(response.status).toBe(200);
  return response.body.entries as CatalogEntry[];
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-'));
  const file = join(dir, 'catalog.json');
  await writeFile(
    file,
    JSON.stringify([
      npmEntry(EVERYTHING, 'Overridden by the operator.'),
      npmEntry('com.acme/keyed', 'Everything behind an API key.', [
        { name: 'ACME_API_KEY', isRequired: true, isSecret: true },
        { name: 'ACME_REGION', isRequired: true, default: 'eu' },
      ]),
      { name: 'com.acme/broken', description: 'No package, no remote.' },
    ]),
  );
  registry = await startMcpRegistry([
    registryItem(npmEntry('com.registry/first', 'From the registry.')),
    registryItem(npmEntry('com.registry/gone', 'Deleted upstream.'), 'deleted'),
    registryItem({
      name: 'com.registry/python',
      description: 'PyPI only.',
      packages: [{ registryType: 'pypi', identifier: 'x' }],
    }),
  ]);
  process.env.MCP_CATALOG_FILE = file;
  process.env.MCP_CATALOG_REGISTRY_URL = registry.url;
  process.env.MCP_CATALOG_TTL_SECONDS = String(TTL_SECONDS);
  // An app origin: the team invitations' e-mails carry its link and code.
  stack = await startTestStack({ web: false, appOrigins: ['http://localhost:5173'] });
  configureAmplify(stack.runtimeConfig);
  api = apiAs(stack.apiUrl, (await signUpAndSignIn()).idToken);
});

afterAll(async () => {
  delete process.env.MCP_CATALOG_FILE;
  delete process.env.MCP_CATALOG_REGISTRY_URL;
  delete process.env.MCP_CATALOG_TTL_SECONDS;
  await stack?.stop();
  await registry?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('GET /mcp/catalog', () => {
  it('is refused without a sign-in', async () => {
    expect((await apiAs(stack.apiUrl).get('/mcp/catalog')).status).toBe(401);
  });

  it("merges the default list, the operator's file (overriding in place) and the registry, skipping bad entries", async () => {
    const entries = await catalog();
    const names = entries.map((entry) => entry.name);
    expect(names[0]).toBe(EVERYTHING);
    expect(entries[0]?.description).toBe('Overridden by the operator.');
    expect(names).toContain('io.github.modelcontextprotocol/server-memory');
    expect(names).toContain('com.notion/mcp');
    expect(names.slice(-2)).toEqual(['com.acme/keyed', 'com.registry/first']);
    expect(names).not.toContain('com.acme/broken');
    expect(names).not.toContain('com.registry/gone');
    expect(names).not.toContain('com.registry/python');
  });

  it('reads the registry once per TTL', async () => {
    await catalog();
    const before = registry.state.requests;
    await catalog();
    expect(registry.state.requests).toBe(before);
    registry.state.servers = [registryItem(npmEntry('com.registry/second', 'Published since.'))];
    await expect
      .poll(async () => (await catalog()).map((entry) => entry.name), { timeout: 10_000, interval: 500 })
      .toContain('com.registry/second');
    expect(registry.state.requests).toBeGreaterThan(before);
  });

  it('adds an entry through the create route, its secret kept and shown masked', async () => {
    const keyed = (await catalog()).find((entry) => entry.name === 'com.acme/keyed') as CatalogEntry;
    const request = catalogCreateRequest(keyed, { ACME_API_KEY: 'sk-acme-0123456789abcdef' });
    const created = await api.post('/mcp-servers', request);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'keyed',
      packageName: '@modelcontextprotocol/server-everything',
      status: 'defined',
      environmentVariables: { ACME_API_KEY: '••••••••cdef', ACME_REGION: '••••••••' },
    });
    expect(JSON.stringify((await api.get('/mcp-servers')).body)).not.toContain('sk-acme-0123456789abcdef');
  });

  it("adds entries to a team's servers for its Admins; a team's User is refused", async () => {
    const teams = teamHelpers(stack);
    const admin = await teams.person('catalog-admin');
    const user = await teams.person('catalog-user');
    const { teamId } = await teams.createTeam(admin, 'Catalog');
    await teams.join(user, teamId, admin);
    const entries = await catalog(admin.api);
    const keyed = entries.find((entry) => entry.name === 'com.acme/keyed') as CatalogEntry;
    const notion = entries.find((entry) => entry.name === 'com.notion/mcp') as CatalogEntry;
    const inTeam = `/mcp-servers?teamId=${teamId}`;

    const hosted = await admin.api.post(
      inTeam,
      catalogCreateRequest(keyed, { ACME_API_KEY: 'sk-team-0123456789' }),
    );
    expect(hosted.status).toBe(201);
    const remote = await admin.api.post(inTeam, catalogCreateRequest(notion, {}));
    expect(remote).toMatchObject({
      status: 201,
      body: { kind: 'remote', url: 'https://mcp.notion.com/mcp' },
    });
    // The team's servers, as every member sees them; not the Admin's own.
    const listed = (await user.api.get(inTeam)).body as unknown as { id: string }[];
    expect(listed.map((server) => server.id).sort()).toEqual([hosted.body.id, remote.body.id].sort());
    expect((await admin.api.get('/mcp-servers')).body).toEqual([]);

    const refused = await user.api.post(inTeam, catalogCreateRequest(keyed, { ACME_API_KEY: 'sk-user' }));
    expect(refused).toMatchObject({ status: 403, body: { message: TEAM_MESSAGES.adminRequired } });
    expect((await user.api.get(inTeam)).body).toHaveLength(2);
  });
});
