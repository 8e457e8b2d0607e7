import { TABLE_IDS, type TableId } from '../../functions/src/adapters/dynamodb/table-definitions';
import type { ApiArea } from '../../functions/src/routes';
import type { Api } from '../constructs/api';
import type { Data } from '../constructs/data';

/**
 * The tables each API area may read and write (a compile error asks for an entry when an area is
 * added). Every function knows every table's name, but IAM only lets it touch these: the local
 * stack has no IAM, so an area using a table missing here fails on AWS only.
 */
export const AREA_TABLES: Readonly<Record<ApiArea, readonly TableId[]>> = {
  users: ['users'],
  // A conversation's plans are deleted with it.
  conversations: ['conversations', 'messages', 'agentPlans'],
  messages: ['conversations', 'messages'],
  // Stopping a running step on cancel writes its message's stop flag.
  agent: ['conversations', 'messages', 'agentPlans'],
  'api-keys': ['apiKeys'],
  // A server's env may reference the owner's linked GitHub token (on the user's record).
  // ... and a remote server's OAuth connections (the caller's own tokens).
  mcp: ['mcpServers', 'usage', 'users', 'oauthConnections'],
  'mcp-gateway': ['mcpServers'],
  // The GitHub link and its issued states live on the user's record.
  github: ['users'],
  workspace: ['workspaceFiles'],
  // A team's prompts are read after the caller's role in the team (AREA_GET_ITEM_TABLES).
  prompts: ['prompts'],
  // Automations and their runs (one partition per owner; the byAutomation index by id).
  automations: ['automations'],
  // Knowledge collections, their files and chunks (one partition per owner).
  knowledge: ['knowledge'],
  // The billing record and processed webhook events; usage (tokens, compute, running servers) is read.
  billing: ['billing', 'usage'],
  // Teams, members and invitations; a team's subscription is a billing record (`team#<teamId>`);
  // members' usage is read for the team's Admins; a member removed, gone or made a User loses the
  // external tokens they issued for the team's servers (mcpServers: Query the team's, UpdateItem).
  teams: ['teams', 'billing', 'usage', 'mcpServers'],
  // The audit log is read through its own grant (AREA_AUDIT), Query only.
  audit: [],
  // Deleting an account removes the user's items from every table but the audit log (kept for
  // its retention: the record that the account existed and was deleted) and teams (memberships are
  // removed through an item-level grant below: grantReadWrite's would overflow the role's inline
  // policy).
  account: TABLE_IDS.filter((id) => id !== 'audit' && id !== 'teams'),
};

/**
 * How each API area may use the audit table: `write` (append: Query the chain's head, PutItem a
 * record) where a handler records an action, `read` (Query) for GET /audit. None may update or
 * delete a record.
 */
export const AREA_AUDIT: Readonly<Partial<Record<ApiArea, 'write' | 'read'>>> = {
  'api-keys': 'write',
  // Sharing a conversation with a team, and stopping, goes to the author's log and the team's.
  conversations: 'write',
  mcp: 'write',
  github: 'write',
  agent: 'write',
  automations: 'write',
  knowledge: 'write',
  billing: 'write',
  account: 'write',
  // Team events go to the team's log and the actor's (the teams service's listener).
  teams: 'write',
  // A change to a prompt library goes to the caller's log, and a team's library's to the team's.
  prompts: 'write',
  audit: 'read',
};

/**
 * The tables an API area only gets items of: the MCP area's server limits follow the billing
 * record's plan; every area without the users table reads the caller's record in the access gate
 * (http/http-route.ts: a deleted account's tombstone, the waitlist); team MCP servers and provider keys are used after
 * reading the caller's membership ("my teams", a billing table item, and the member's role in the
 * teams table), and a member of a subscribed team is on the team's plan.
 */
export const AREA_GET_ITEM_TABLES: Readonly<Partial<Record<ApiArea, readonly TableId[]>>> = {
  // A conversation shared with a team is read by its members: "my teams" and both memberships;
  // the knowledge collections its settings attach are checked readable (a team's, after the role).
  conversations: ['users', 'billing', 'teams', 'knowledge'],
  messages: ['users'],
  agent: ['users'],
  'api-keys': ['users', 'billing', 'teams'],
  mcp: ['billing', 'teams'],
  'mcp-gateway': ['users', 'billing', 'teams'],
  workspace: ['users'],
  prompts: ['users', 'teams'],
  // A team's automations after the caller's role; the owner's plan (its limits) from billing.
  automations: ['users', 'billing', 'teams'],
  // A team's collections after the caller's role; the owner's plan (its limits) from billing.
  knowledge: ['users', 'billing', 'teams'],
  billing: ['users'],
  // GET /audit?teamId= reads the caller's role in the team (its Admins only).
  audit: ['users', 'teams'],
  teams: ['users'],
};

/** Each API area's function: the table names, and IAM on exactly its tables (the maps above). */
export function grantAreaData(data: Data, api: Api): void {
  for (const [area, tableIds] of Object.entries(AREA_TABLES) as [ApiArea, readonly TableId[]][]) {
    data.addTableNames(api.functions[area].function);
    // The account area's role is near IAM's inline policy size limit: its tables and the teams
    // table in one item-level statement.
    if (area === 'account') data.grantItemReadWrite(api.functions[area].function, ...tableIds, 'teams');
    else data.grantReadWrite(api.functions[area].function, ...tableIds);
    const getItemTables = AREA_GET_ITEM_TABLES[area];
    if (getItemTables) data.grantGetItem(api.functions[area].function, ...getItemTables);
    if (AREA_AUDIT[area] === 'write') data.grantAuditWrite(api.functions[area].function);
    if (AREA_AUDIT[area] === 'read') data.grantAuditRead(api.functions[area].function);
  }
}
