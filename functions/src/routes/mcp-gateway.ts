import type { AreaRoute } from './route-definition.js';

/** The `mcp-gateway` function's routes (`functions/src/handlers/mcp-gateway/`). */
export const MCP_GATEWAY_ROUTES = [
  {
    method: 'POST',
    path: '/mcp-gateway/{serverId}',
    area: 'mcp-gateway',
    handler: 'forward-owner',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/mcp-gateway/{serverId}',
    area: 'mcp-gateway',
    handler: 'method-not-allowed',
    auth: 'public',
  },
  // Long tool calls (start, read progress as a long poll, cancel): every request under 29 s.
  {
    method: 'POST',
    path: '/mcp-gateway/{serverId}/calls',
    area: 'mcp-gateway',
    handler: 'call-start',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/mcp-gateway/{serverId}/calls/{callId}',
    area: 'mcp-gateway',
    handler: 'call-read',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/mcp-gateway/{serverId}/calls/{callId}',
    area: 'mcp-gateway',
    handler: 'call-cancel',
    auth: 'cognito',
  },
  // The same for an automation run (the runner has no ID token): its short-lived credential, checked
  // by the automation authorizer (handlers/mcp-gateway/automation-authorizer.ts; docs/decisions/mcp-servers.md).
  {
    method: 'POST',
    path: '/mcp-automation/{serverId}',
    area: 'mcp-gateway',
    handler: 'forward-owner',
    auth: 'automation',
  },
  {
    method: 'POST',
    path: '/mcp-automation/{serverId}/calls',
    area: 'mcp-gateway',
    handler: 'call-start',
    auth: 'automation',
  },
  {
    method: 'GET',
    path: '/mcp-automation/{serverId}/calls/{callId}',
    area: 'mcp-gateway',
    handler: 'call-read',
    auth: 'automation',
  },
  {
    method: 'DELETE',
    path: '/mcp-automation/{serverId}/calls/{callId}',
    area: 'mcp-gateway',
    handler: 'call-cancel',
    auth: 'automation',
  },
  {
    method: 'POST',
    path: '/mcp-external/{serverId}',
    area: 'mcp-gateway',
    handler: 'forward-external',
    auth: 'public',
  },
  {
    method: 'GET',
    path: '/mcp-external/{serverId}',
    area: 'mcp-gateway',
    handler: 'method-not-allowed',
    auth: 'public',
  },
] as const satisfies readonly AreaRoute<'mcp-gateway'>[];
