import { describe, expect, it } from 'vitest';
import { TABLE_IDS, tableEnvVar } from './adapters/dynamodb/table-definitions.js';
import { parseEnv } from './env.js';

const tables = Object.fromEntries(TABLE_IDS.map((id) => [tableEnvVar(id), `t-${id}`]));

describe('parseEnv', () => {
  it('reads the stage, table names and lists', () => {
    const env = parseEnv({ STAGE: 'dev', WHITELISTED_EMAILS: 'a@x.com, b@x.com', ...tables });
    expect(env.RUNTIME).toBe('aws');
    expect(env.tables.mcpServers).toBe('t-mcpServers');
    expect(env.WHITELISTED_EMAILS).toEqual(['a@x.com', 'b@x.com']);
  });

  it('fails fast naming every missing variable', () => {
    expect(() => parseEnv({ STAGE: 'dev' })).toThrow(/TABLE_USERS.*TABLE_MCP_SERVERS/s);
  });

  it('derives table variable names from table ids', () => {
    expect(tableEnvVar('agentPlans')).toBe('TABLE_AGENT_PLANS');
  });
});
