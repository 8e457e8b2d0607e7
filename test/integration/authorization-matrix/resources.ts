/** Throwaway resources for the matrix's destructive cases, and the checks its rows share. */
import { AGENT_STREAM_PATHS, type AgentPlan } from '@agentforge/shared';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { createDocumentClient } from '../../../functions/src/adapters/dynamodb/document-client.js';
import { uniqueEmail } from '../../support/identity.js';
import {
  APP,
  asAdmin,
  conv,
  conversationBody,
  type Expected,
  f,
  get,
  helpers,
  inTeam,
  type Made,
  MODEL,
  newAdminMessage,
  type Persona,
  people,
  post,
  put,
  query,
  type Response,
  send,
  serverConfig,
  spare,
  stack,
} from './fixture.js';

export const checkout = { tier: 'pro', successUrl: `${APP}/s`, cancelUrl: `${APP}/c` };
export const teamCheckout = () => ({ successUrl: `${APP}/teams`, cancelUrl: `${APP}/teams` });
/** The Checkout Session id of a checkout's URL (the local Stripe's `/checkout/<id>`). */
export const sessionOf = (response: Response) =>
  new URL(String(response.body.url)).pathname.split('/').at(-1) ?? '';

/** `persona`'s answer carries `text` as its message. */
export const message = (persona: Persona, text: string) => (p: Persona, response: Response) => {
  if (p === persona) expect(response.body.message).toBe(text);
};

/** The last event of each persona's stream. */
export const lastEvent = (types: Record<Persona, string>) => (p: Persona, response: Response) => {
  const events = response.body.events as { type: string }[];
  expect(events.at(-1)?.type, JSON.stringify(events)).toBe(types[p]);
};

export const streamEnded = (persona: Persona, response: Response) => {
  if (persona !== 'admin') return;
  const events = response.body.events as { type: string }[];
  expect(events.at(-1)?.type, JSON.stringify(events)).toBe('end');
};

// Throwaway resources for destructive cases.
/**
 * A reply of the Admin's holding a memory proposal (the model's `remember` call), written to the
 * messages table as the stream saves one, in a spare conversation of theirs: its id and the call's.
 */
export const newMemoryProposal = async (): Promise<Made> => {
  const conversationId = await newConversation();
  const messageId = `proposal-${Date.now()}`;
  const db = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamodb.endpoint });
  await db.send(
    new PutCommand({
      TableName: stack.dynamodb.tableNames.messages,
      Item: {
        conversationId,
        messageId,
        userId: people.admin.userId,
        role: 'assistant',
        content: 'Noted.',
        status: 'complete',
        timestamp: Date.now(),
        parentId: null,
        toolCalls: [
          { id: 'call-remember', name: 'remember', status: 'success', input: { fact: 'Likes tea.' } },
        ],
      },
    }),
  );
  return { conversationId, messageId };
};
export const newConversation = async () =>
  (await asAdmin(post('/conversations', conversationBody('ADMIN-PRIVATE spare')), 201)).body.id as string;
/** A conversation of the Admin's shared with "Matrix" (no private marker: members may read it). */
export const sharedConversation = async (): Promise<Made> => {
  const id = (await asAdmin(post('/conversations', conversationBody('Team notes')), 201)).body.id as string;
  await asAdmin(
    put(`/conversations/${id}`, {
      metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
      updatedAt: Date.now(),
      sharedWithTeamId: f.teamId,
    }),
    200,
  );
  return { id };
};
export const newTeamServer = async () =>
  (await asAdmin(post(`/mcp-servers?${inTeam()}`, serverConfig('Team spare')), 201)).body.id as string;
/** A team server whose API_TOKEN each member supplies (hardening 4). */
export const newPerMemberServer = async () =>
  (
    await asAdmin(
      post(`/mcp-servers?${inTeam()}`, {
        ...serverConfig('Team per member'),
        memberVariables: ['API_TOKEN'],
      }),
      201,
    )
  ).body.id as string;
export const newServer = async () =>
  (await asAdmin(post('/mcp-servers', serverConfig('ADMIN-PRIVATE spare')), 201)).body.id as string;
/** A remote server behind the local OAuth authorization server, the Admin's or (`team`) the team's. */
export const newOAuthServer = async (team = false) =>
  (
    await asAdmin(
      post(`/mcp-servers${team ? `?${inTeam()}` : ''}`, {
        name: 'ADMIN-PRIVATE remote',
        url: stack.remoteMcp.mcpUrl,
      }),
      201,
    )
  ).body.id as string;
export const oauthStart = { redirectUri: `${APP}/oauth/mcp-callback` };
export const newFile = async (path: string) => {
  await asAdmin(put('/workspace/files', { path, content: 'ADMIN-PRIVATE' }), 201);
  return path;
};
export const promptBody = (text: string) => ({ title: 'A prompt', body: text });
/** A saved prompt of the Admin's own (with the leak marker), or of the team "Matrix". */
export const newPrompt = async (team = false) =>
  (
    await asAdmin(
      post(
        team ? `/prompts?${inTeam()}` : '/prompts',
        promptBody(team ? 'Team {{x}}' : 'ADMIN-PRIVATE {{x}}'),
      ),
      201,
    )
  ).body.id as string;

let spareFiles = 0;
export const spareFilePath = () => `admin-private/spare-${++spareFiles}.ts`;

/** Disables a server of the Admin's (or their team's) and waits until it stopped. */
export async function stop(serverId: string) {
  await asAdmin(post(`/mcp-servers/${serverId}/disable`), 200);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if ((await send('admin', get(`/mcp-servers/${serverId}`))).body.status === 'disabled') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server ${serverId} did not stop`);
}

/** A tool call of the Admin's on their running server (a short one: it is kept a while after it ends). */
export const adminCall = async (): Promise<Made> => ({
  callId: (
    await asAdmin(
      post(`/mcp-gateway/${f.serverId}/calls`, { name: 'echo', arguments: { message: 'x' } }),
      200,
    )
  ).body.callId as string,
});

/** A plan of the Admin's in their conversation (mode mcp: a tool call on their server, no model). */
export async function newPlan(): Promise<AgentPlan> {
  const planning = await asAdmin(
    get(
      `${AGENT_STREAM_PATHS.plan}?${query({
        conversationId: f.conversationId,
        serverId: f.serverId,
        mode: 'mcp',
        goalMessageId: await newAdminMessage(),
        provider: f.provider,
        model: MODEL,
      })}`,
    ),
    200,
  );
  const planned = (planning.body.events as { type: string; plan?: AgentPlan }[]).find(
    (e) => e.type === 'plan',
  );
  if (!planned?.plan) throw new Error(`no plan: ${planning.text}`);
  return planned.plan;
}
/** A plan on the team's server with the team's key, in the persona's own conversation. */
export const planOnTeamServer = (p: Persona) =>
  `${AGENT_STREAM_PATHS.plan}?${query({
    conversationId: f.own[p],
    serverId: f.teamServerId,
    mode: 'mcp',
    goalMessageId: f.ownGoal[p],
    provider: f.teamProvider,
    model: MODEL,
  })}`;
export const step = (plan: Made) => `${conv()}/plans/${plan.planId}/steps/${plan.stepId}`;
export const planIds = async (): Promise<Made> => {
  const plan = await newPlan();
  return { planId: plan.id, stepId: plan.steps[0]?.id ?? '' };
};

/**
 * A team of the Admin's (the owner) where `user` is a User and `removed` was one (and `spare`, not a
 * persona, a User too); outsiders stay out.
 */
export async function freshTeam(): Promise<Made> {
  const { admin, user, removed } = people;
  const team = await helpers.createTeam(admin, 'Fresh');
  await helpers.join(user, team.teamId, admin);
  await helpers.join(spare, team.teamId, admin);
  await helpers.join(removed, team.teamId, admin);
  await helpers.remove(admin, team.teamId, removed);
  return { teamId: team.teamId };
}
/** An invitation to the Admin, from the outsider's team "Elsewhere": only the Admin may read or decline it. */
export async function invitationToAdmin(): Promise<Made> {
  await helpers.invite(people.outsider, f.elsewhereId, people.admin.email);
  return { code: await helpers.codeFor(people.admin.email) };
}
/** Anyone but the invited address: the accept route's 403 (sent to another address). */
export const invitedAdminOnly = (s: number): Expected => ({
  admin: s,
  user: 403,
  outsider: 403,
  removed: 403,
});

export const pendingInvitation = async (): Promise<Made> => ({
  invitationId: (await helpers.invite(people.admin, f.teamId, uniqueEmail('pending'))).invitationId,
});
