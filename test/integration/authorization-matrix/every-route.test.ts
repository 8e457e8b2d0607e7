import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../functions/src/routes.js';
import { ACCOUNT_ROWS } from './rows/account.js';
import { AGENT_ROWS } from './rows/agents.js';
import { AUTOMATION_ROWS } from './rows/automations.js';
import { BILLING_ROWS } from './rows/billing.js';
import { CONVERSATION_ROWS } from './rows/conversations.js';
import { KNOWLEDGE_ROWS } from './rows/knowledge.js';
import { MCP_GATEWAY_ROWS } from './rows/mcp-gateway.js';
import { MCP_SERVER_ROWS } from './rows/mcp-servers.js';
import { MESSAGE_ROWS } from './rows/messages.js';
import { PROVIDER_KEY_ROWS } from './rows/provider-keys.js';
import { TEAM_ROWS } from './rows/teams.js';
import { WORKSPACE_PROMPT_ROWS } from './rows/workspace-prompts.js';

/** Every area's rows (each run by its `<area>.test.ts`): a new route gets its rows in one of them. */
const AREAS = [
  ACCOUNT_ROWS,
  CONVERSATION_ROWS,
  MESSAGE_ROWS,
  AGENT_ROWS,
  PROVIDER_KEY_ROWS,
  MCP_SERVER_ROWS,
  MCP_GATEWAY_ROWS,
  WORKSPACE_PROMPT_ROWS,
  AUTOMATION_ROWS,
  KNOWLEDGE_ROWS,
  BILLING_ROWS,
  TEAM_ROWS,
];

describe('the authorization matrix over every route of the manifest', () => {
  it('has a row for every route and a route for every row, in one area each', () => {
    const manifest = ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    // A route in two areas shows twice here.
    expect(AREAS.flatMap((rows) => Object.keys(rows)).sort()).toEqual(manifest);
  });
});
