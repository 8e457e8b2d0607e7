import type { AreaRoute } from './route-definition.js';

/** The `mcp` function's routes (`functions/src/handlers/mcp/`). */
export const MCP_ROUTES = [
  { method: 'POST', path: '/mcp-servers', area: 'mcp', handler: 'create-server', auth: 'cognito' },
  { method: 'GET', path: '/mcp-servers', area: 'mcp', handler: 'list-servers', auth: 'cognito' },
  { method: 'GET', path: '/mcp/servers', area: 'mcp', handler: 'list-servers', auth: 'cognito' },
  { method: 'GET', path: '/mcp-servers/{id}', area: 'mcp', handler: 'get-server', auth: 'cognito' },
  { method: 'PUT', path: '/mcp-servers/{id}', area: 'mcp', handler: 'update-server', auth: 'cognito' },
  { method: 'PUT', path: '/mcp/servers/{id}', area: 'mcp', handler: 'update-server', auth: 'cognito' },
  { method: 'DELETE', path: '/mcp-servers/{id}', area: 'mcp', handler: 'delete-server', auth: 'cognito' },
  {
    method: 'POST',
    path: '/mcp-servers/{id}/enable',
    area: 'mcp',
    handler: 'enable-server',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/mcp-servers/{id}/disable',
    area: 'mcp',
    handler: 'disable-server',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/mcp-servers/{id}/external-token',
    area: 'mcp',
    handler: 'issue-external-token',
    auth: 'cognito',
  },
  // A member's own values for a team server's per-member variables (hardening 4).
  {
    method: 'PUT',
    path: '/mcp-servers/{id}/my-values',
    area: 'mcp',
    handler: 'save-member-values',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/mcp-servers/{id}/my-values',
    area: 'mcp',
    handler: 'remove-member-values',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/mcp-servers/{id}/external-token',
    area: 'mcp',
    handler: 'revoke-external-token',
    auth: 'cognito',
  },
  // Tool approval (issue 30 item 4): which tools run unasked, ask first or are never offered.
  {
    method: 'PATCH',
    path: '/mcp-servers/{id}/tool-policy',
    area: 'mcp',
    handler: 'patch-tool-policy',
    auth: 'cognito',
  },
  // A remote server's tools, as the caller reaches it (the tool-approvals dialog; hosted servers: the gateway).
  {
    method: 'GET',
    path: '/mcp-servers/{id}/tools',
    area: 'mcp',
    handler: 'list-remote-tools',
    auth: 'cognito',
  },
  // A remote server's OAuth connection, the caller's own (issue 30 item 1).
  {
    method: 'POST',
    path: '/mcp-servers/{id}/oauth/start',
    area: 'mcp',
    handler: 'start-oauth',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/mcp-servers/oauth/callback',
    area: 'mcp',
    handler: 'complete-oauth',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/mcp-servers/{id}/oauth',
    area: 'mcp',
    handler: 'disconnect-oauth',
    auth: 'cognito',
  },
  { method: 'GET', path: '/mcp/usage', area: 'mcp', handler: 'get-usage', auth: 'cognito' },
  { method: 'GET', path: '/mcp/catalog', area: 'mcp', handler: 'get-catalog', auth: 'cognito' },
] as const satisfies readonly AreaRoute<'mcp'>[];
