import { describe, expect, it } from 'vitest';
import { memberValuesBodySchema, toEnvironmentVariableRows, toEnvironmentVariables } from './mcp-env';
import { mcpServerConfigBodySchema } from './mcp-server-config';

const valid = {
  name: 'Everything',
  packageName: '@modelcontextprotocol/server-everything',
  idleTimeoutMinutes: 10,
};

describe('mcpServerConfigBodySchema', () => {
  it('accepts a complete configuration', () => {
    expect(mcpServerConfigBodySchema.parse({ ...valid, environmentVariables: { TOKEN: 'abc' } })).toEqual({
      ...valid,
      environmentVariables: { TOKEN: 'abc' },
    });
  });

  it('requires a name and a package name', () => {
    const result = mcpServerConfigBodySchema.safeParse({ ...valid, name: ' ', packageName: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Name is required',
      'Package name is required',
    ]);
  });

  it('rejects a package name that could be read as a command-line flag', () => {
    expect(mcpServerConfigBodySchema.safeParse({ ...valid, packageName: '--registry=evil' }).success).toBe(
      false,
    );
    expect(mcpServerConfigBodySchema.safeParse({ ...valid, packageName: 'pkg@1.2.3' }).success).toBe(true);
  });

  it('enforces an idle timeout of at least 1 minute', () => {
    const result = mcpServerConfigBodySchema.safeParse({ ...valid, idleTimeoutMinutes: 0 });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['idleTimeoutMinutes'],
        message: 'Idle timeout must be at least 1 minute',
      }),
    ]);
    expect(mcpServerConfigBodySchema.parse({ ...valid, idleTimeoutMinutes: 1 }).idleTimeoutMinutes).toBe(1);
  });

  it.each([
    ['text', 'abc'],
    ['an empty input', ''],
    ['NaN', Number.NaN],
    ['a missing value', undefined],
    ['null', null],
  ])('falls back to 30 minutes for %s', (_label, idleTimeoutMinutes) => {
    expect(mcpServerConfigBodySchema.parse({ ...valid, idleTimeoutMinutes }).idleTimeoutMinutes).toBe(30);
  });

  it('reads a numeric string as a number', () => {
    expect(mcpServerConfigBodySchema.parse({ ...valid, idleTimeoutMinutes: '15' }).idleTimeoutMinutes).toBe(
      15,
    );
  });

  it('turns variable rows into a record, dropping blank keys and trimming the others', () => {
    const body = mcpServerConfigBodySchema.parse({
      ...valid,
      environmentVariables: [
        { key: '  API_KEY ', value: ' secret ' },
        { key: '   ', value: 'dropped' },
        { key: '', value: 'dropped too' },
        { key: 'REGION', value: 'us-east-1' },
      ],
    });
    expect(body.environmentVariables).toEqual({ API_KEY: ' secret ', REGION: 'us-east-1' });
  });

  it('applies the same rules to a record and defaults to no variables', () => {
    expect(
      mcpServerConfigBodySchema.parse({ ...valid, environmentVariables: { ' A ': '1', ' ': '2' } })
        .environmentVariables,
    ).toEqual({ A: '1' });
    expect(mcpServerConfigBodySchema.parse(valid).environmentVariables).toEqual({});
  });
});

describe('per-member variables (hardening 4)', () => {
  it('takes names each member supplies, trimmed and once each; none when not given', () => {
    expect(
      mcpServerConfigBodySchema.parse({ ...valid, memberVariables: [' API_TOKEN ', 'API_TOKEN', 'B'] })
        .memberVariables,
    ).toEqual(['API_TOKEN', 'B']);
    expect(mcpServerConfigBodySchema.parse(valid).memberVariables).toBeUndefined();
    expect(mcpServerConfigBodySchema.safeParse({ ...valid, memberVariables: [' '] }).success).toBe(false);
    expect(
      mcpServerConfigBodySchema.safeParse({ ...valid, memberVariables: ['A'.repeat(129)] }).success,
    ).toBe(false);
  });

  it("takes a member's values as a record within the environment's limits", () => {
    expect(memberValuesBodySchema.parse({ values: { ' API_TOKEN ': 'x' } })).toEqual({
      values: { API_TOKEN: 'x' },
    });
    expect(memberValuesBodySchema.safeParse({ values: 'x' }).success).toBe(false);
    expect(memberValuesBodySchema.safeParse({}).success).toBe(false);
    expect(memberValuesBodySchema.safeParse({ values: { A: 'x'.repeat(5000) } }).success).toBe(false);
  });
});

describe('environment variable conversions', () => {
  it('round-trips a record through form rows', () => {
    const variables = { A: '1', B: '2' };
    expect(toEnvironmentVariables(toEnvironmentVariableRows(variables))).toEqual(variables);
  });
});

describe('environment variable names', () => {
  const parse = (environmentVariables: unknown) =>
    mcpServerConfigBodySchema.safeParse({ ...valid, environmentVariables });

  it('takes names of letters, digits and underscores, not starting with a digit, at most 128 long', () => {
    for (const name of ['A', '_', 'api_key2', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'X'.repeat(128)])
      expect(parse({ [name]: 'v' }).success, name).toBe(true);
  });

  it.each([
    ['1ABC', 'A variable name uses only letters, digits and underscores, and does not start with a digit'],
    ['MY-VAR', 'A variable name uses only letters, digits and underscores, and does not start with a digit'],
    ['A B', 'A variable name uses only letters, digits and underscores, and does not start with a digit'],
    ['X'.repeat(129), 'A variable name may be at most 128 characters'],
    ['__proto__', '__proto__ cannot be a variable name'],
  ])('refuses %s with the row that has it', (key, message) => {
    const result = parse([
      { key: 'OK', value: '1' },
      { key, value: '2' },
    ]);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['environmentVariables', 1, 'key'], message }),
    ]);
  });

  it('keeps constructor and toString as ordinary names, from rows and from a record', () => {
    const fromRows = parse([
      { key: 'constructor', value: 'a' },
      { key: 'toString', value: 'b' },
    ]);
    expect(fromRows.data?.environmentVariables).toEqual({ constructor: 'a', toString: 'b' });
    const fromRecord = parse(JSON.parse('{"constructor":"a","toString":"b"}'));
    expect(Object.entries(fromRecord.data?.environmentVariables ?? {})).toEqual([
      ['constructor', 'a'],
      ['toString', 'b'],
    ]);
  });
});

describe('a remote server in mcpServerConfigBodySchema', () => {
  const remote = { name: 'Remote', url: 'https://mcp.example.com/mcp', idleTimeoutMinutes: 10 };

  it('takes a URL instead of a package, and its static headers as rows or a record', () => {
    const body = mcpServerConfigBodySchema.parse({
      ...remote,
      headers: [
        { key: ' X-API-Key ', value: 'secret' },
        { key: '', value: 'dropped' },
      ],
    });
    expect(body).toMatchObject({ url: remote.url, packageName: '', headers: { 'X-API-Key': 'secret' } });
    expect(
      mcpServerConfigBodySchema.parse({ ...remote, headers: { Authorization: 'Bearer x' } }).headers,
    ).toEqual({
      Authorization: 'Bearer x',
    });
  });

  it('takes https, or http to this machine only', () => {
    const problem = (url: string) =>
      mcpServerConfigBodySchema.safeParse({ ...remote, url }).error?.issues.map((issue) => issue.message);
    expect(problem('http://localhost:4580/mcp')).toBeUndefined();
    expect(problem('http://127.0.0.1:4580/mcp')).toBeUndefined();
    expect(problem('http://mcp.example.com/mcp')).toEqual([
      "A remote server's URL must use https (http only for localhost on the local stack).",
    ]);
    expect(problem('ftp://mcp.example.com')).toEqual([
      "Enter the server's URL, e.g. https://mcp.example.com/mcp",
    ]);
    expect(problem('https://user:pass@mcp.example.com')).toEqual([
      "Enter the server's URL, e.g. https://mcp.example.com/mcp",
    ]);
  });

  it('refuses both a package and a URL, and neither', () => {
    expect(
      mcpServerConfigBodySchema
        .safeParse({ ...remote, packageName: 'pkg' })
        .error?.issues.map((i) => i.message),
    ).toEqual(['Give either a package name or a server URL, not both']);
    expect(
      mcpServerConfigBodySchema
        .safeParse({ ...remote, url: '', name: '' })
        .error?.issues.map((i) => i.message),
    ).toEqual(['Name is required', 'Package name is required']);
  });

  it('refuses headers the MCP client sets, names that are not tokens and values over lines', () => {
    const messages = (headers: unknown) =>
      mcpServerConfigBodySchema.safeParse({ ...remote, headers }).error?.issues.map((issue) => issue.message);
    expect(messages({ 'Mcp-Session-Id': 'x' })).toEqual([
      'Mcp-Session-Id is set by the MCP client: it cannot be a static header',
    ]);
    expect(messages({ 'X Key': 'x' })).toEqual([
      'A header name uses only letters, digits and - _ . (e.g. X-API-Key)',
    ]);
    expect(messages({ 'X-Key': 'a\r\nInjected: 1' })).toEqual(['A header value must be on one line']);
  });
});
