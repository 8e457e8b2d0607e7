import { expect } from 'vitest';
import {
  del,
  everyone,
  f,
  get,
  inTeam,
  ownerOnly,
  patch,
  post,
  put,
  type Rows,
  send,
  serverConfig,
  teamAdmins,
  teamMembers,
} from '../fixture.js';
import {
  message,
  newOAuthServer,
  newPerMemberServer,
  newServer,
  newTeamServer,
  oauthStart,
} from '../resources.js';
import { external, serverWithToken } from '../tokens.js';

/** MCP servers: the team's and the Admin's own. */
export const MCP_SERVER_ROWS: Rows = {
  // --- MCP servers: the team's and the Admin's own. ---
  'POST /mcp-servers': [
    {
      on: 'the team',
      request: (p) => post(`/mcp-servers?${inTeam()}`, serverConfig(`Team by ${p}`)),
      expect: teamAdmins(201),
    },
    { on: 'own', request: (p) => post('/mcp-servers', serverConfig(`Own ${p}`)), expect: everyone(201) },
  ],
  'GET /mcp-servers': [
    { on: 'the team', request: () => get(`/mcp-servers?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/mcp-servers'), expect: everyone(200) },
  ],
  'GET /mcp/servers': [
    { on: 'the team', request: () => get(`/mcp/servers?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/mcp/servers'), expect: everyone(200) },
  ],
  'GET /mcp-servers/{id}': [
    { on: 'the team server', request: () => get(`/mcp-servers/${f.teamServerId}`), expect: teamMembers(200) },
    { on: "the Admin's server", request: () => get(`/mcp-servers/${f.serverId}`), expect: ownerOnly(200) },
  ],
  'PUT /mcp-servers/{id}': [
    {
      on: 'the team server',
      request: () => put(`/mcp-servers/${f.teamServerId}`, serverConfig('Team tools')),
      expect: teamAdmins(200),
    },
    {
      on: "a server of the Admin's",
      setup: async () => ({ id: await newServer() }),
      request: (_, made) => put(`/mcp-servers/${made.id}`, serverConfig('ADMIN-PRIVATE renamed')),
      expect: ownerOnly(200),
    },
  ],
  'PUT /mcp/servers/{id}': [
    {
      on: 'the team server',
      request: () => put(`/mcp/servers/${f.teamServerId}`, serverConfig('Team tools')),
      expect: teamAdmins(200),
    },
    {
      on: "a server of the Admin's",
      setup: async () => ({ id: await newServer() }),
      request: (_, made) => put(`/mcp/servers/${made.id}`, serverConfig('ADMIN-PRIVATE renamed')),
      expect: ownerOnly(200),
    },
  ],
  'DELETE /mcp-servers/{id}': [
    {
      on: 'a team server',
      setup: async () => ({ id: await newTeamServer() }),
      request: (_, made) => del(`/mcp-servers/${made.id}`),
      expect: teamAdmins(204),
    },
    {
      on: "a server of the Admin's",
      setup: async () => ({ id: await newServer() }),
      request: (_, made) => del(`/mcp-servers/${made.id}`),
      expect: ownerOnly(204),
    },
  ],
  'POST /mcp-servers/{id}/enable': [
    {
      // Users may start a team server (the chat does on demand); the Admin then finds it starting (409).
      on: 'a team server',
      setup: async () => ({ id: await newTeamServer() }),
      request: (_, made) => post(`/mcp-servers/${made.id}/enable`),
      expect: { admin: 409, user: 200, outsider: 404, removed: 404 },
      check: message('admin', 'The server cannot be enabled while it is provisioning.'),
    },
    {
      // The Admin's own server is running (the plans): a Free plan runs one at a time (429).
      on: "a server of the Admin's",
      setup: async () => ({ id: await newServer() }),
      request: (_, made) => post(`/mcp-servers/${made.id}/enable`),
      expect: ownerOnly(429),
      check: message('admin', 'Your plan runs at most 1 server at a time. Disable another server first.'),
    },
  ],
  'POST /mcp-servers/{id}/disable': [
    {
      // A server never enabled: the Admin gets past the role check to the state's 409.
      on: 'a team server',
      setup: async () => ({ id: await newTeamServer() }),
      request: (_, made) => post(`/mcp-servers/${made.id}/disable`),
      expect: teamAdmins(409),
      check: message('admin', 'The server cannot be disabled while it is defined.'),
    },
    {
      on: "a server of the Admin's",
      setup: async () => ({ id: await newServer() }),
      request: (_, made) => post(`/mcp-servers/${made.id}/disable`),
      expect: ownerOnly(409),
      check: message('admin', 'The server cannot be disabled while it is defined.'),
    },
  ],
  'POST /mcp-servers/{id}/external-token': [
    {
      on: 'the team server',
      request: () => post(`/mcp-servers/${f.teamServerId}/external-token`),
      expect: teamAdmins(201),
    },
    {
      on: "the Admin's server",
      request: () => post(`/mcp-servers/${f.serverId}/external-token`),
      expect: ownerOnly(201),
    },
  ],
  'PUT /mcp-servers/{id}/my-values': [
    {
      // Any member keeps their own value for a per-member variable.
      on: 'a team server with per-member values',
      setup: async () => ({ id: await newPerMemberServer() }),
      request: (p, made) =>
        put(`/mcp-servers/${made.id}/my-values`, { values: { API_TOKEN: `token of ${p}` } }),
      expect: teamMembers(200),
    },
    {
      // The owner gets past authorization to the rule: a personal server has no per-member values.
      on: "the Admin's server",
      request: () => put(`/mcp-servers/${f.serverId}/my-values`, { values: {} }),
      expect: ownerOnly(400),
      check: message('admin', 'This server has no values each member supplies.'),
    },
  ],
  'DELETE /mcp-servers/{id}/my-values': [
    {
      on: 'a team server with per-member values',
      setup: async () => ({ id: await newPerMemberServer() }),
      request: (_, made) => del(`/mcp-servers/${made.id}/my-values`),
      expect: teamMembers(200),
    },
    {
      on: "the Admin's server",
      request: () => del(`/mcp-servers/${f.serverId}/my-values`),
      expect: ownerOnly(400),
      check: message('admin', 'This server has no values each member supplies.'),
    },
  ],
  'PATCH /mcp-servers/{id}/tool-policy': [
    {
      // A team server's tool approvals are its Admins', as its configuration is.
      on: 'the team server',
      request: () => patch(`/mcp-servers/${f.teamServerId}/tool-policy`, { tools: { echo: 'ask' } }),
      expect: teamAdmins(200),
    },
    {
      on: "the Admin's server",
      request: () => patch(`/mcp-servers/${f.serverId}/tool-policy`, { tools: { echo: null } }),
      expect: ownerOnly(200),
    },
  ],
  'POST /mcp-servers/{id}/oauth/start': [
    {
      // Each member connects a team's remote server with their own account.
      on: "a team's remote server",
      setup: async () => ({ id: await newOAuthServer(true) }),
      request: (_, made) => post(`/mcp-servers/${made.id}/oauth/start`, oauthStart),
      expect: teamMembers(200),
    },
    {
      on: "the Admin's remote server",
      setup: async () => ({ id: await newOAuthServer() }),
      request: (_, made) => post(`/mcp-servers/${made.id}/oauth/start`, oauthStart),
      expect: ownerOnly(200),
    },
    {
      on: "the Admin's hosted server",
      request: () => post(`/mcp-servers/${f.serverId}/oauth/start`, oauthStart),
      expect: ownerOnly(400),
      check: message('admin', 'Only a remote server connects with OAuth.'),
    },
  ],
  'GET /mcp-servers/{id}/tools': [
    {
      // Listed as the caller reaches it (their own OAuth connection): none yet, so each is asked to connect.
      on: "a team's remote server",
      setup: async () => ({ id: await newOAuthServer(true) }),
      request: (_, made) => get(`/mcp-servers/${made.id}/tools`),
      expect: teamMembers(409),
    },
    {
      on: "the Admin's remote server",
      setup: async () => ({ id: await newOAuthServer() }),
      request: (_, made) => get(`/mcp-servers/${made.id}/tools`),
      expect: ownerOnly(409),
    },
    {
      // A hosted server's tools come through the gateway: this route finds remote servers only.
      on: "the Admin's hosted server",
      request: () => get(`/mcp-servers/${f.serverId}/tools`),
      expect: everyone(404),
    },
  ],
  'POST /mcp-servers/oauth/callback': [
    {
      // A state is the caller's own: an unknown one is refused alike for everyone.
      on: 'a state nobody was issued',
      request: () => post('/mcp-servers/oauth/callback', { code: 'c', state: 'not-issued' }),
      expect: everyone(400),
    },
  ],
  'DELETE /mcp-servers/{id}/oauth': [
    {
      // Only ever the caller's own tokens: disconnecting what one never connected is a no-op.
      on: "the Admin's remote server",
      setup: async () => ({ id: await newOAuthServer() }),
      request: (_, made) => del(`/mcp-servers/${made.id}/oauth`),
      expect: everyone(204),
    },
  ],
  'DELETE /mcp-servers/{id}/external-token': [
    {
      // As issuing: the team's Admins; the token is refused afterwards.
      on: 'a team server with a token',
      setup: async () => serverWithToken(f.teamId),
      request: (_, made) => del(`/mcp-servers/${made.id}/external-token`),
      expect: teamAdmins(204),
      teardown: async (made) => {
        expect((await send('user', external(made.id as string, made.token as string))).status).toBe(401);
      },
    },
    {
      on: "a server of the Admin's with a token",
      setup: async () => serverWithToken(),
      request: (_, made) => del(`/mcp-servers/${made.id}/external-token`),
      expect: ownerOnly(204),
      teardown: async (made) => {
        expect((await send('outsider', external(made.id as string, made.token as string))).status).toBe(401);
      },
    },
  ],
  'GET /mcp/usage': [{ on: 'own', request: () => get('/mcp/usage'), expect: everyone(200) }],
  // The catalog is the same for everyone: it names no one's servers or values.
  'GET /mcp/catalog': [{ on: 'the catalog', request: () => get('/mcp/catalog'), expect: everyone(200) }],
};
