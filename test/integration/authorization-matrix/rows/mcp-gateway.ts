import { expect } from 'vitest';
import { del, everyone, f, get, ownerOnly, post, type Rows, teamMembers } from '../fixture.js';
import { adminCall, message } from '../resources.js';
import { asRun, external, formerIssuerToken, runCredentials, TOOLS_LIST } from '../tokens.js';

/** The MCP gateway, automation runs at the gateway, and external clients. */
export const MCP_GATEWAY_ROWS: Rows = {
  // --- The MCP gateway: Cognito for owners (and team members); external clients by the server's token. ---
  'POST /mcp-gateway/{serverId}': [
    {
      // Members reach it; it was never enabled, so they are told to enable it first (409).
      on: 'the team server',
      request: () => post(`/mcp-gateway/${f.teamServerId}`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      expect: teamMembers(409),
      check: (p, response) => {
        if (p === 'admin' || p === 'user')
          expect(response.body.message).toBe('The server is not running. Enable it first.');
      },
    },
    {
      on: "the Admin's server",
      request: () => post(`/mcp-gateway/${f.serverId}`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      expect: ownerOnly(200),
    },
  ],
  'GET /mcp-gateway/{serverId}': [
    { on: "the Admin's server", request: () => get(`/mcp-gateway/${f.serverId}`), expect: everyone(405) },
  ],
  // Long tool calls: as the gateway's tool calls (the server's user), and a call is its caller's.
  'POST /mcp-gateway/{serverId}/calls': [
    {
      on: 'the team server',
      request: () =>
        post(`/mcp-gateway/${f.teamServerId}/calls`, { name: 'echo', arguments: { message: 'x' } }),
      expect: teamMembers(409),
      check: message('user', 'The server is not running. Enable it first.'),
    },
    {
      on: "the Admin's server",
      request: () => post(`/mcp-gateway/${f.serverId}/calls`, { name: 'echo', arguments: { message: 'x' } }),
      expect: ownerOnly(200),
      check: (p, response) => {
        if (p === 'admin') expect(response.body).toMatchObject({ status: 'done' });
      },
    },
  ],
  'GET /mcp-gateway/{serverId}/calls/{callId}': [
    {
      on: "a call of the Admin's on their server",
      setup: adminCall,
      request: (_, made) => get(`/mcp-gateway/${f.serverId}/calls/${made.callId}`),
      expect: ownerOnly(200),
    },
    {
      on: 'the team server',
      request: () => get(`/mcp-gateway/${f.teamServerId}/calls/no-such-call`),
      expect: teamMembers(409),
    },
  ],
  'DELETE /mcp-gateway/{serverId}/calls/{callId}': [
    {
      on: "a call of the Admin's on their server",
      setup: adminCall,
      request: (_, made) => del(`/mcp-gateway/${f.serverId}/calls/${made.callId}`),
      expect: ownerOnly(200),
    },
    {
      on: 'the team server',
      request: () => del(`/mcp-gateway/${f.teamServerId}/calls/no-such-call`),
      expect: teamMembers(409),
    },
  ],
  // --- Automation runs at the gateway: their credential only (an ID token is 401 for all); as the
  // chat, a run credential reaches its person's server, or its team's for a member (others 404).
  'POST /mcp-automation/{serverId}': [
    {
      on: "the Admin's server, with an ID token",
      request: () => post(`/mcp-automation/${f.serverId}`, TOOLS_LIST),
      expect: everyone(401),
    },
    {
      on: "the Admin's server, each persona's run credential",
      setup: () => runCredentials(f.serverId),
      request: (p, made) => asRun(post(`/mcp-automation/${f.serverId}`, TOOLS_LIST), made, p),
      expect: ownerOnly(200),
    },
    {
      // Members reach it; it was never enabled (409), as at the chat's gateway.
      on: "the team server, each persona's run credential naming the team",
      setup: () => runCredentials(f.teamServerId, true),
      request: (p, made) => asRun(post(`/mcp-automation/${f.teamServerId}`, TOOLS_LIST), made, p),
      expect: teamMembers(409),
    },
  ],
  'POST /mcp-automation/{serverId}/calls': [
    {
      on: "the Admin's server, with an ID token",
      request: () =>
        post(`/mcp-automation/${f.serverId}/calls`, { name: 'echo', arguments: { message: 'x' } }),
      expect: everyone(401),
    },
    {
      on: "the Admin's server, each persona's run credential",
      setup: () => runCredentials(f.serverId),
      request: (p, made) =>
        asRun(
          post(`/mcp-automation/${f.serverId}/calls`, { name: 'echo', arguments: { message: 'x' } }),
          made,
          p,
        ),
      expect: ownerOnly(200),
      check: (p, response) => {
        if (p === 'admin') expect(response.body).toMatchObject({ status: 'done' });
      },
    },
    {
      on: "the team server, each persona's run credential naming the team",
      setup: () => runCredentials(f.teamServerId, true),
      request: (p, made) =>
        asRun(
          post(`/mcp-automation/${f.teamServerId}/calls`, { name: 'echo', arguments: { message: 'x' } }),
          made,
          p,
        ),
      expect: teamMembers(409),
    },
  ],
  'GET /mcp-automation/{serverId}/calls/{callId}': [
    {
      on: "a call of the Admin's, with an ID token",
      setup: adminCall,
      request: (_, made) => get(`/mcp-automation/${f.serverId}/calls/${made.callId}`),
      expect: everyone(401),
    },
    {
      on: "a call of the Admin's, each persona's run credential",
      setup: async () => ({ ...(await adminCall()), ...(await runCredentials(f.serverId)) }),
      request: (p, made) => asRun(get(`/mcp-automation/${f.serverId}/calls/${made.callId}`), made, p),
      expect: ownerOnly(200),
    },
  ],
  'DELETE /mcp-automation/{serverId}/calls/{callId}': [
    {
      on: "a call of the Admin's, with an ID token",
      setup: adminCall,
      request: (_, made) => del(`/mcp-automation/${f.serverId}/calls/${made.callId}`),
      expect: everyone(401),
    },
    {
      on: "a call of the Admin's, each persona's run credential",
      setup: async () => ({ ...(await adminCall()), ...(await runCredentials(f.serverId)) }),
      request: (p, made) => asRun(del(`/mcp-automation/${f.serverId}/calls/${made.callId}`), made, p),
      expect: ownerOnly(200),
    },
  ],
  'POST /mcp-external/{serverId}': [
    {
      // A Cognito ID token is not the server's external token: 401 for all, the Admin too.
      on: 'the team server',
      request: () => post(`/mcp-external/${f.teamServerId}`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      expect: everyone(401),
    },
    {
      on: "the Admin's server",
      request: () => post(`/mcp-external/${f.serverId}`, { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      expect: everyone(401),
    },
    // A team server's token works only while its issuer may manage the team's servers (each
    // token below answered 409, accepted, before): the same 401 as a wrong token, to anyone.
    {
      on: "a team server's token, its issuer removed from the team",
      setup: () => formerIssuerToken('removed'),
      request: (_, made) => external(made.id as string, made.token as string),
      expect: everyone(401),
    },
    {
      on: "a team server's token, its issuer made a User",
      setup: () => formerIssuerToken('demoted'),
      request: (_, made) => external(made.id as string, made.token as string),
      expect: everyone(401),
    },
    {
      on: "a team server's token, its issuer left the team",
      setup: () => formerIssuerToken('left'),
      request: (_, made) => external(made.id as string, made.token as string),
      expect: everyone(401),
    },
    {
      on: "a team server's token, the team deleted",
      setup: () => formerIssuerToken('team deleted'),
      request: (_, made) => external(made.id as string, made.token as string),
      expect: everyone(401),
    },
  ],
  'GET /mcp-external/{serverId}': [
    { on: "the Admin's server", request: () => get(`/mcp-external/${f.serverId}`), expect: everyone(405) },
  ],
};
