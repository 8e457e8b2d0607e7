import { describe, expect, it } from 'vitest';
import {
  type CatalogEntry,
  catalogCreateRequest,
  catalogEntrySchema,
  catalogRequiredInputs,
  catalogServerName,
  searchCatalog,
} from './mcp-catalog';

const slack = {
  name: 'io.github.modelcontextprotocol/server-slack',
  title: 'Slack',
  description: 'Channels and messages in a Slack workspace.',
  version: '2025.4.25',
  _meta: { 'io.modelcontextprotocol.registry/publisher-provided': { tool: 'x' } },
  packages: [
    {
      registryType: 'npm',
      identifier: '@modelcontextprotocol/server-slack',
      version: '2025.4.25',
      transport: { type: 'stdio' },
      packageArguments: [{ type: 'positional', value: 'x' }],
      environmentVariables: [
        { name: 'SLACK_BOT_TOKEN', isRequired: true, isSecret: true, format: 'string' },
        { name: 'SLACK_TEAM_ID', isRequired: true },
        { name: 'SLACK_REGION', isRequired: true, default: 'eu' },
        { name: 'SLACK_CHANNEL_IDS' },
      ],
    },
  ],
};

const remote = {
  name: 'com.example/remote',
  description: 'A remote server.',
  remotes: [
    {
      type: 'streamable-http',
      url: 'https://mcp.example.com/mcp',
      headers: [{ name: 'X-Api-Key', isRequired: true, isSecret: true }],
    },
  ],
};

const parse = (raw: unknown) => catalogEntrySchema.parse(raw);

describe('catalogEntrySchema (the server.json subset)', () => {
  it('keeps the fields the app reads, with the KeyValueInput defaults, and drops the rest', () => {
    const entry = parse(slack);
    expect(entry).not.toHaveProperty('_meta');
    expect(entry.packages[0]).not.toHaveProperty('packageArguments');
    expect(entry.packages[0]?.environmentVariables[3]).toEqual({
      name: 'SLACK_CHANNEL_IDS',
      isRequired: false,
      isSecret: false,
    });
    expect(entry.remotes).toEqual([]);
  });

  it('keeps only npm packages over stdio, and refuses an entry left with no package and no remote', () => {
    const pypi = { registryType: 'pypi', identifier: 'mcp-server-time', transport: { type: 'stdio' } };
    const httpNpm = { registryType: 'npm', identifier: 'some-mcp', transport: { type: 'streamable-http' } };
    const mixed = parse({ ...slack, packages: [pypi, ...slack.packages] });
    expect(mixed.packages.map((p) => p.identifier)).toEqual(['@modelcontextprotocol/server-slack']);
    const result = catalogEntrySchema.safeParse({ ...slack, packages: [pypi, httpNpm] });
    expect(result.error?.issues[0]?.message).toContain('nothing this platform can run');
  });

  it('refuses a name that is not reverse-DNS with one slash, a long description, a non-http remote', () => {
    expect(catalogEntrySchema.safeParse({ ...slack, name: 'slack' }).success).toBe(false);
    expect(catalogEntrySchema.safeParse({ ...slack, description: 'x'.repeat(101) }).success).toBe(false);
    const ftp = { ...remote, remotes: [{ type: 'sse', url: 'ftp://example.com/mcp' }] };
    expect(catalogEntrySchema.safeParse(ftp).success).toBe(false);
  });

  it('refuses a package a server cannot be created with (a flag as its name, a bad variable name)', () => {
    const flag = { ...slack, packages: [{ ...slack.packages[0], identifier: '--registry=evil' }] };
    expect(catalogEntrySchema.safeParse(flag).success).toBe(false);
    const badVariable = {
      ...slack,
      packages: [{ ...slack.packages[0], environmentVariables: [{ name: '1BAD', isRequired: true }] }],
    };
    expect(catalogEntrySchema.safeParse(badVariable).success).toBe(false);
  });
});

describe('adding an entry', () => {
  it('asks only for the required inputs without a default', () => {
    expect(catalogRequiredInputs(parse(slack)).map((input) => input.name)).toEqual([
      'SLACK_BOT_TOKEN',
      'SLACK_TEAM_ID',
    ]);
    expect(catalogRequiredInputs(parse(remote)).map((input) => input.name)).toEqual(['X-Api-Key']);
  });

  it('makes the create request: the title as name, the package, the values given and required defaults', () => {
    expect(catalogCreateRequest(parse(slack), { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_TEAM_ID: 'T1' })).toEqual({
      name: 'Slack',
      packageName: '@modelcontextprotocol/server-slack',
      idleTimeoutMinutes: 30,
      environmentVariables: { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_TEAM_ID: 'T1', SLACK_REGION: 'eu' },
    });
  });

  it('adds a remote-only entry as a remote server: its URL and the headers given', () => {
    expect(catalogCreateRequest(parse(remote), { 'X-Api-Key': 'k' })).toMatchObject({
      url: parse(remote).remotes[0]?.url,
      headers: { 'X-Api-Key': 'k' },
    });
  });

  it('has no create request for a remote on a URL a server cannot have (plain http elsewhere)', () => {
    const entry = parse(remote);
    const http = { ...entry, remotes: [{ ...entry.remotes[0], url: 'http://mcp.example.com/mcp' }] };
    expect(catalogCreateRequest(http as typeof entry, { 'X-Api-Key': 'k' })).toBeUndefined();
  });

  it("names a server without a title by its name's last part", () => {
    expect(catalogServerName({ name: 'com.example/remote' })).toBe('remote');
  });
});

describe('searchCatalog', () => {
  const entries = [parse(slack), parse(remote)] as CatalogEntry[];

  it('matches every word of the query in the name, title or description, in any case', () => {
    expect(searchCatalog(entries, 'SLACK channels').map((e) => e.name)).toEqual([slack.name]);
    expect(searchCatalog(entries, 'com.example')).toHaveLength(1);
    expect(searchCatalog(entries, 'slack remote')).toEqual([]);
  });

  it('gives every entry for a blank query', () => {
    expect(searchCatalog(entries, '   ')).toHaveLength(2);
  });
});
