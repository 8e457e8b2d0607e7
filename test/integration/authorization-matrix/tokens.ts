/** Servers' external tokens and automation-run credentials, for the MCP areas' rows. */
import { createLocalCredentialMac } from '../../../functions/src/adapters/secrets/local-credential-mac.js';
import { createCredentialMinter } from '../../../functions/src/domain/mcp/gateway-credential.js';
import {
  asAdmin,
  del,
  f,
  helpers,
  type Made,
  PERSONAS,
  type Persona,
  people,
  post,
  put,
  type Request,
  send,
  serverConfig,
  spare,
} from './fixture.js';
import { newServer } from './resources.js';

export const TOOLS_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
/** An MCP request with a server's external token (whoever sends it). */
export const external = (serverId: string, token: string): Request => ({
  ...post(`/mcp-external/${serverId}`, TOOLS_LIST),
  bearer: token,
});

/**
 * Each persona's own automation-run credential for a server (signed with the stack's key, as the
 * runner signs it), naming the team "Matrix" with `team`; `made[persona]` is theirs.
 */
export async function runCredentials(serverId: string, team = false): Promise<Made> {
  const mint = createCredentialMinter({
    sign: createLocalCredentialMac({ keyFile: process.env.LOCAL_SECRETS_KEY_FILE ?? '' }).sign,
    now: Date.now,
  });
  const minted = PERSONAS.map(async (p) => [
    p,
    await mint({
      userId: people[p].userId,
      ...(team ? { teamId: f.teamId } : {}),
      serverId,
      runId: 'matrix-run',
    }),
  ]);
  return Object.fromEntries(await Promise.all(minted));
}
/** The request with the persona's run credential instead of their ID token. */
export const asRun = (request: Request, made: Made, p: Persona): Request => ({ ...request, bearer: made[p] });

/** A server of the Admin's (or of their team, `?teamId=`) with an external token the Admin issued. */
export async function serverWithToken(teamId?: string): Promise<Made> {
  const id = teamId
    ? ((await asAdmin(post(`/mcp-servers?teamId=${teamId}`, serverConfig('Team spare')), 201)).body
        .id as string)
    : await newServer();
  const token = (await asAdmin(post(`/mcp-servers/${id}/external-token`), 201)).body.token as string;
  return { id, token };
}

/** The token opens the server: 409 (accepted; the server is not running), never 401. */
export async function expectAccepted(made: Made) {
  const response = await send('admin', external(made.id as string, made.token as string));
  if (response.status !== 409) throw new Error(`the token was refused: ${response.status} ${response.text}`);
}

/**
 * A fresh team's server with an external token `spare` issued as an Admin, shown to work; then what
 * ends their right to manage the team's servers: they are removed, made a User or leave, or the team goes.
 */
export async function formerIssuerToken(end: 'removed' | 'demoted' | 'left' | 'team deleted'): Promise<Made> {
  const { admin } = people;
  const { teamId } = await helpers.createTeam(admin, 'Outside tokens');
  await helpers.join(spare, teamId, admin, 'admin');
  const id = (await asAdmin(post(`/mcp-servers?teamId=${teamId}`, serverConfig('Outside')), 201)).body
    .id as string;
  const issued = await spare.api.post(`/mcp-servers/${id}/external-token`);
  if (issued.status !== 201) throw new Error(`issuing: ${issued.status} ${JSON.stringify(issued.body)}`);
  const made = { id, token: issued.body.token as string };
  await expectAccepted(made);
  if (end === 'removed') await helpers.remove(admin, teamId, spare);
  if (end === 'demoted')
    await asAdmin(put(`/teams/${teamId}/members/${spare.userId}`, { role: 'user' }), 200);
  if (end === 'left') {
    const left = await spare.api.del(`/teams/${teamId}/members/${spare.userId}`);
    if (left.status !== 204) throw new Error(`leaving: ${left.status}`);
  }
  if (end === 'team deleted') await asAdmin(del(`/teams/${teamId}`), 204);
  return made;
}
