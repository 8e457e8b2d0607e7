/**
 * The authorization matrix (issue 13): EVERY route of the manifest (functions/src/routes.ts) driven
 * as four personas, on one local stack with the personas made once:
 *
 * - `admin`    an Admin (and the owner) of the team "Matrix"; also the owner of the personal
 *              resources (`f`: a conversation with a message, an attachment and plans, a provider
 *              key, an MCP server, a workspace file, a saved prompt, an automation, a GitHub code
 *              and state).
 * - `user`     a User of "Matrix".
 * - `outsider` a member (the Admin) of another team, "Elsewhere".
 * - `removed`  a former User of "Matrix", removed by the Admin.
 *
 * THE TABLE. `MATRIX` maps a route key, `METHOD /path` exactly as in the manifest, to its cases;
 * the first test fails when a manifest route has no row (classify every new route) or a row no
 * route. A case:
 *
 *   'DELETE /mcp-servers/{id}': [
 *     {
 *       on: 'a team server',                          // what the request names (in failure messages)
 *       setup: async () => ({ id: await newTeamServer() }), // optional: throwaway resources, made once
 *       request: (persona, made) => del(`/mcp-servers/${made.id}`), // the request a persona sends
 *       expect: teamAdmins(204),                      // the status each persona gets
 *       check: (persona, response) => ...,            // optional: more assertions on a response
 *       teardown: async (made) => ...,                // optional: after the four personas
 *     },
 *   ],
 *
 * Expectations, by who may act (the Admin's status is the allowed answer: a 2xx, or the precise
 * 4xx of a request that got past authorization, said in the row's comment and `check`):
 *   teamAdmins(s)   an Admin action on the team:   admin s, user 403 (the role's message), others 404
 *   teamMembers(s)  a member action on the team:   admin s, user s, outsider 404, removed 404
 *   ownerOnly(s)    the Admin's personal resource: admin (its owner) s, everyone else 404
 *   everyone(s)     the caller's own (nothing of another's is named): s for all
 *   or a literal `{ admin, user, outsider, removed }`.
 * E.g. a team rename is `'PATCH /teams/{teamId}': [{ on: 'the team', request: () => patch(t(),
 * { name: 'Renamed' }), expect: teamAdmins(200) }]`; deleting a team acts on `setup: freshTeam`.
 *
 * Personas run in the order outsider, removed, user, admin: the allowed one goes last, so a
 * destructive route (delete, remove, leave) meets its resource intact; destructive cases act on
 * throwaway resources from `setup` (a team of their own: `freshTeam()`). On every response: a 403
 * carries a team role message, and no one but the Admin sees the Admin's personal data
 * (`leakMarkers()`) unless they sent it in that request (or, in their own audit log, before).
 * Streams are read to their end (`body.events`).
 */
import {
  AGENT_STREAM_PATHS,
  type AgentPlan,
  ATTACHMENT_MESSAGES,
  AUTOMATION_MESSAGES,
  decodeStreamFrame,
  KNOWLEDGE_MESSAGES,
  listTeamsResponseSchema,
  splitSseFrames,
  TEAM_MESSAGES,
  TOOL_APPROVAL_MESSAGES,
} from '@agentforge/shared';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { createLocalCredentialMac } from '../../functions/src/adapters/secrets/local-credential-mac.js';
import { createCredentialMinter } from '../../functions/src/domain/mcp/gateway-credential.js';
import { type HttpMethod, ROUTES } from '../../functions/src/routes.js';
import { onboardingPayload } from '../support/api.js';
import { configureAmplify, uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { type Person, teamHelpers } from '../support/teams.js';

const APP = 'http://localhost:5173';
const MODEL = 'llama3.2:latest';
const SERVER_PACKAGE = '@modelcontextprotocol/server-everything';

const PERSONAS = ['outsider', 'removed', 'user', 'admin'] as const;
type Persona = (typeof PERSONAS)[number];
type Expected = Record<Persona, number>;

const teamAdmins = (s: number): Expected => ({ admin: s, user: 403, outsider: 404, removed: 404 });
const teamMembers = (s: number): Expected => ({ admin: s, user: s, outsider: 404, removed: 404 });
const ownerOnly = (s: number): Expected => ({ admin: s, user: 404, outsider: 404, removed: 404 });
const everyone = (s: number): Expected => ({ admin: s, user: s, outsider: s, removed: s });

interface Request {
  method: HttpMethod;
  path: string;
  body?: unknown;
  /** Sent as the bearer instead of the persona's ID token (a server's external token). */
  bearer?: string;
}
const get = (path: string): Request => ({ method: 'GET', path });
const post = (path: string, body?: unknown): Request => ({ method: 'POST', path, body });
const put = (path: string, body?: unknown): Request => ({ method: 'PUT', path, body });
const patch = (path: string, body?: unknown): Request => ({ method: 'PATCH', path, body });
const del = (path: string, body?: unknown): Request => ({ method: 'DELETE', path, body });
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

interface Response {
  status: number;
  /** The JSON body (`{}` when none); for a stream, `{ events }` (the decoded SSE events). */
  body: Record<string, unknown>;
  text: string;
}

type Made = Record<string, string>;
interface Case {
  on: string;
  setup?: () => Promise<Made>;
  request: (persona: Persona, made: Made) => Request;
  expect: Expected;
  check?: (persona: Persona, response: Response) => void;
  teardown?: (made: Made) => Promise<void>;
}

// The fixtures, made once in beforeAll (the rows read them when they run).
let stack: Awaited<ReturnType<typeof startTestStack>>;
let models: ModelServer;
let helpers: ReturnType<typeof teamHelpers>;
const people = {} as Record<Persona, Person>;
/** Not a persona: a member others act on (removal). */
let spare: Person;
const f = {
  /** "Matrix": admin (owner), user; removed was a User. */
  teamId: '',
  /** "Elsewhere": the outsider's team (they are its Admin). */
  elsewhereId: '',
  teamServerId: '',
  /** The Admin's personal resources. */
  provider: '',
  keyId: '',
  serverId: '',
  conversationId: '',
  messageId: '',
  attachmentId: '',
  planId: '',
  filePath: 'admin-private/secret.ts',
  /** A fact in the Admin's memory. */
  factId: '',
  githubLogin: 'matrix-octocat',
  github: { code: '', state: '' },
  /** The step of a plan `removed` made on the team server while a member. */
  removedStep: { planId: '', stepId: '' } as Made,
  /** Each persona's own conversation. */
  own: {} as Record<Persona, string>,
  /** A goal saved in each persona's own conversation (the plan stream names it by id). */
  ownGoal: {} as Record<Persona, string>,
  /** The team's key as a chat provider (`team:<teamId>:custom:<keyId>`). */
  teamProvider: '',
};
/** Strings of the Admin's personal data: no other persona's response may hold one. */
const leakMarkers = () => [
  f.keyId,
  f.serverId,
  f.conversationId,
  f.messageId,
  f.attachmentId,
  f.planId,
  f.filePath,
  f.factId,
  f.githubLogin,
  'ADMIN-PRIVATE',
];

const t = () => `/teams/${f.teamId}`;
const inTeam = () => `teamId=${f.teamId}`;
const conv = () => `/conversations/${f.conversationId}`;
/** The Admin's conversation for the Admin, the persona's own for the others. */
/** A user message of the Admin's in their conversation (to edit). */
const newAdminMessage = async () =>
  (
    await asAdmin(
      post('/messages', {
        conversationId: f.conversationId,
        content: 'ADMIN-PRIVATE message',
        role: 'user',
        provider: 'anthropic',
        model: 'claude-3-haiku-20240307',
      }),
      201,
    )
  ).body.id as string;
const ownConv = (p: Persona) => (p === 'admin' ? conv() : `/conversations/${f.own[p]}`);
const customKey = () => ({ provider: 'custom', baseUrl: models.baseUrls.custom, label: 'Matrix' });
/** A team OpenAI key on the model server (removed again after the row: other rows list the team's providers). */
const teamOpenAiKey = async (): Promise<Made> => ({
  id: (
    await asAdmin(
      post(`/api-keys?${inTeam()}`, {
        provider: 'openai',
        apiKey: 'sk-matrix-team',
        baseUrl: models.baseUrls.openai,
      }),
      201,
    )
  ).body.id as string,
});
const serverConfig = (name: string) => ({
  name,
  packageName: SERVER_PACKAGE,
  idleTimeoutMinutes: 5,
  environmentVariables: [],
});
const conversationBody = (title: string) => {
  const now = Date.now();
  return {
    title,
    name: title,
    messages: [],
    createdAt: now,
    updatedAt: now,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  };
};

/** Sends a request as a persona: JSON, a download or an SSE stream (read to its end). */
async function send(persona: Persona, request: Request): Promise<Response> {
  const response = await people[persona].api.raw(request.path, {
    method: request.method,
    redirect: 'manual',
    headers: {
      ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(request.bearer ? { Authorization: `Bearer ${request.bearer}` } : {}),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  let body: Record<string, unknown> = {};
  if (type.includes('text/event-stream')) {
    body = { events: splitSseFrames(`${text}\n\n`).frames.map(decodeStreamFrame).filter(Boolean) };
  } else if (type.includes('json') && text) {
    body = JSON.parse(text) as Record<string, unknown>;
  }
  return { status: response.status, body, text };
}

/** Answers as the Admin, failing unless `status`: fixtures and setups. */
async function asAdmin(request: Request, status: number): Promise<Response> {
  const response = await send('admin', request);
  if (response.status !== status)
    throw new Error(`${request.method} ${request.path}: ${response.status} ${response.text}`);
  return response;
}

const checkout = { tier: 'pro', successUrl: `${APP}/s`, cancelUrl: `${APP}/c` };
const teamCheckout = () => ({ successUrl: `${APP}/teams`, cancelUrl: `${APP}/teams` });
/** The Checkout Session id of a checkout's URL (the local Stripe's `/checkout/<id>`). */
const sessionOf = (response: Response) => new URL(String(response.body.url)).pathname.split('/').at(-1) ?? '';

/** `persona`'s answer carries `text` as its message. */
const message = (persona: Persona, text: string) => (p: Persona, response: Response) => {
  if (p === persona) expect(response.body.message).toBe(text);
};

/** The last event of each persona's stream. */
const lastEvent = (types: Record<Persona, string>) => (p: Persona, response: Response) => {
  const events = response.body.events as { type: string }[];
  expect(events.at(-1)?.type, JSON.stringify(events)).toBe(types[p]);
};

const streamEnded = (persona: Persona, response: Response) => {
  if (persona !== 'admin') return;
  const events = response.body.events as { type: string }[];
  expect(events.at(-1)?.type, JSON.stringify(events)).toBe('end');
};

// Throwaway resources for destructive cases.
/**
 * A reply of the Admin's holding a memory proposal (the model's `remember` call), written to the
 * messages table as the stream saves one, in a spare conversation of theirs: its id and the call's.
 */
const newMemoryProposal = async (): Promise<Made> => {
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
const newConversation = async () =>
  (await asAdmin(post('/conversations', conversationBody('ADMIN-PRIVATE spare')), 201)).body.id as string;
/** A conversation of the Admin's shared with "Matrix" (no private marker: members may read it). */
const sharedConversation = async (): Promise<Made> => {
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
const newTeamServer = async () =>
  (await asAdmin(post(`/mcp-servers?${inTeam()}`, serverConfig('Team spare')), 201)).body.id as string;
/** A team server whose API_TOKEN each member supplies (hardening 4). */
const newPerMemberServer = async () =>
  (
    await asAdmin(
      post(`/mcp-servers?${inTeam()}`, {
        ...serverConfig('Team per member'),
        memberVariables: ['API_TOKEN'],
      }),
      201,
    )
  ).body.id as string;
const newServer = async () =>
  (await asAdmin(post('/mcp-servers', serverConfig('ADMIN-PRIVATE spare')), 201)).body.id as string;
/** A remote server behind the local OAuth authorization server, the Admin's or (`team`) the team's. */
const newOAuthServer = async (team = false) =>
  (
    await asAdmin(
      post(`/mcp-servers${team ? `?${inTeam()}` : ''}`, {
        name: 'ADMIN-PRIVATE remote',
        url: stack.remoteMcp.mcpUrl,
      }),
      201,
    )
  ).body.id as string;
const oauthStart = { redirectUri: `${APP}/oauth/mcp-callback` };
const newFile = async (path: string) => {
  await asAdmin(put('/workspace/files', { path, content: 'ADMIN-PRIVATE' }), 201);
  return path;
};
const promptBody = (text: string) => ({ title: 'A prompt', body: text });
/** A saved prompt of the Admin's own (with the leak marker), or of the team "Matrix". */
const newPrompt = async (team = false) =>
  (
    await asAdmin(
      post(
        team ? `/prompts?${inTeam()}` : '/prompts',
        promptBody(team ? 'Team {{x}}' : 'ADMIN-PRIVATE {{x}}'),
      ),
      201,
    )
  ).body.id as string;
/** An automation's body: the Admin's own (with the leak marker), or (`team`) the team "Matrix"'s. */
const automationBody = (team = false, trigger: Record<string, string> = { type: 'manual' }) => ({
  name: team ? 'Team automation' : 'ADMIN-PRIVATE automation',
  goal: 'Summarise the day',
  mode: 'single_agent',
  serverIds: [],
  provider: 'anthropic',
  model: 'claude-3-haiku-20240307',
  trigger,
  budget: { maxTokens: 1_000, maxToolCalls: 5, maxMinutes: 5 },
  ...(team ? { teamId: f.teamId } : {}),
});
/** A throwaway automation (a plan's count is small: each row's is deleted after it). */
const newAutomation = async (team = false, trigger?: Record<string, string>): Promise<Made> => ({
  id: (await asAdmin(post('/automations', automationBody(team, trigger)), 201)).body.id as string,
});
/** A webhook automation of the Admin's, with its secret (answered once). */
const newWebhook = async (): Promise<Made> => {
  const created = await asAdmin(post('/automations', automationBody(false, { type: 'webhook' })), 201);
  return { id: created.body.id as string, secret: created.body.webhookSecret as string };
};
const dropAutomation = async (made: Made) => {
  await send('admin', del(`/automations/${made.id}`));
};
/** The automations each persona made in a POST row, deleted after it (the plan's count). */
const madeAutomations: [Persona, string][] = [];
const recordAutomation = (persona: Persona, response: Response) => {
  if (response.status === 201) madeAutomations.push([persona, response.body.id as string]);
};
const dropMadeAutomations = async () => {
  for (const [persona, id] of madeAutomations.splice(0)) await send(persona, del(`/automations/${id}`));
};
/** A row per automation route: on a team automation (`team`), and on one of the Admin's own. */
const automationRows = (
  request: (made: Made) => Request,
  allowed: number,
  options: { read?: boolean; trigger?: Record<string, string>; deletes?: boolean } = {},
): Case[] =>
  [true, false].map((team) => ({
    on: team ? 'a team automation' : "an automation of the Admin's",
    setup: () => newAutomation(team, options.trigger),
    request: (_, made) => request(made),
    expect: team ? (options.read ? teamMembers : teamAdmins)(allowed) : ownerOnly(allowed),
    ...(options.deletes ? {} : { teardown: dropAutomation }),
  }));
/** A throwaway collection (the Free plan allows two): the Admin's own, or (`team`) the team's. */
const newCollection = async (team = false): Promise<Made> => ({
  id: (
    await asAdmin(
      post('/knowledge/collections', {
        name: team ? 'Team collection' : 'ADMIN-PRIVATE collection',
        ...(team ? { teamId: f.teamId } : {}),
      }),
      201,
    )
  ).body.id as string,
});
/** A throwaway collection with one file; `indexed`: uploaded and indexed to ready (it has chunk 0). */
const newKnowledgeFile = async (team: boolean, indexed = false): Promise<Made> => {
  const made = await newCollection(team);
  const text = 'The matrix passage about quarterly backups.';
  const upload = await asAdmin(
    post(`/knowledge/collections/${made.id}/files`, {
      fileName: 'notes.md',
      contentType: 'text/markdown',
      size: Buffer.byteLength(text),
    }),
    201,
  );
  const { file, uploadUrl, headers } = upload.body as {
    file: { id: string };
    uploadUrl: string;
    headers: Record<string, string>;
  };
  if (indexed) {
    await fetch(uploadUrl, { method: 'PUT', headers, body: text });
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const state = await send('admin', get(`/knowledge/collections/${made.id}/files/${file.id}`));
      if (state.body.status === 'ready') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { ...made, fileId: file.id };
};
const dropCollection = async (made: Made) => {
  await send('admin', del(`/knowledge/collections/${made.id}`));
};
/** The collections each persona made in a POST row, deleted after it (the plan's count). */
const madeCollections: [Persona, string][] = [];
const recordCollection = (persona: Persona, response: Response) => {
  if (response.status === 201) madeCollections.push([persona, response.body.id as string]);
};
const dropMadeCollections = async () => {
  for (const [persona, id] of madeCollections.splice(0)) {
    await send(persona, del(`/knowledge/collections/${id}`));
  }
};
/** A row per knowledge route: on a team collection (`team`), and on one of the Admin's own. */
const knowledgeRows = (
  request: (made: Made) => Request,
  allowed: number,
  options: { read?: boolean; file?: 'record' | 'indexed'; deletesCollection?: boolean } = {},
): Case[] =>
  [true, false].map((team) => ({
    on: team ? 'a team collection' : "a collection of the Admin's",
    setup: () => (options.file ? newKnowledgeFile(team, options.file === 'indexed') : newCollection(team)),
    request: (_, made) => request(made),
    expect: team ? (options.read ? teamMembers : teamAdmins)(allowed) : ownerOnly(allowed),
    ...(options.deletesCollection ? {} : { teardown: dropCollection }),
  }));
let spareFiles = 0;
const spareFilePath = () => `admin-private/spare-${++spareFiles}.ts`;

/** Disables a server of the Admin's (or their team's) and waits until it stopped. */
async function stop(serverId: string) {
  await asAdmin(post(`/mcp-servers/${serverId}/disable`), 200);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if ((await send('admin', get(`/mcp-servers/${serverId}`))).body.status === 'disabled') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server ${serverId} did not stop`);
}

/** A tool call of the Admin's on their running server (a short one: it is kept a while after it ends). */
const adminCall = async (): Promise<Made> => ({
  callId: (
    await asAdmin(
      post(`/mcp-gateway/${f.serverId}/calls`, { name: 'echo', arguments: { message: 'x' } }),
      200,
    )
  ).body.callId as string,
});

/** A plan of the Admin's in their conversation (mode mcp: a tool call on their server, no model). */
async function newPlan(): Promise<AgentPlan> {
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
const planOnTeamServer = (p: Persona) =>
  `${AGENT_STREAM_PATHS.plan}?${query({
    conversationId: f.own[p],
    serverId: f.teamServerId,
    mode: 'mcp',
    goalMessageId: f.ownGoal[p],
    provider: f.teamProvider,
    model: MODEL,
  })}`;
const step = (plan: Made) => `${conv()}/plans/${plan.planId}/steps/${plan.stepId}`;
const planIds = async (): Promise<Made> => {
  const plan = await newPlan();
  return { planId: plan.id, stepId: plan.steps[0]?.id ?? '' };
};

/**
 * A team of the Admin's (the owner) where `user` is a User and `removed` was one (and `spare`, not a
 * persona, a User too); outsiders stay out.
 */
async function freshTeam(): Promise<Made> {
  const { admin, user, removed } = people;
  const team = await helpers.createTeam(admin, 'Fresh');
  await helpers.join(user, team.teamId, admin);
  await helpers.join(spare, team.teamId, admin);
  await helpers.join(removed, team.teamId, admin);
  await helpers.remove(admin, team.teamId, removed);
  return { teamId: team.teamId };
}
/** An invitation to the Admin, from the outsider's team "Elsewhere": only the Admin may read or decline it. */
async function invitationToAdmin(): Promise<Made> {
  await helpers.invite(people.outsider, f.elsewhereId, people.admin.email);
  return { code: await helpers.codeFor(people.admin.email) };
}
/** Anyone but the invited address: the accept route's 403 (sent to another address). */
const invitedAdminOnly = (s: number): Expected => ({ admin: s, user: 403, outsider: 403, removed: 403 });

const pendingInvitation = async (): Promise<Made> => ({
  invitationId: (await helpers.invite(people.admin, f.teamId, uniqueEmail('pending'))).invitationId,
});

const TOOLS_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
/** An MCP request with a server's external token (whoever sends it). */
const external = (serverId: string, token: string): Request => ({
  ...post(`/mcp-external/${serverId}`, TOOLS_LIST),
  bearer: token,
});

/**
 * Each persona's own automation-run credential for a server (signed with the stack's key, as the
 * runner signs it), naming the team "Matrix" with `team`; `made[persona]` is theirs.
 */
async function runCredentials(serverId: string, team = false): Promise<Made> {
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
const asRun = (request: Request, made: Made, p: Persona): Request => ({ ...request, bearer: made[p] });

/** A server of the Admin's (or of their team, `?teamId=`) with an external token the Admin issued. */
async function serverWithToken(teamId?: string): Promise<Made> {
  const id = teamId
    ? ((await asAdmin(post(`/mcp-servers?teamId=${teamId}`, serverConfig('Team spare')), 201)).body
        .id as string)
    : await newServer();
  const token = (await asAdmin(post(`/mcp-servers/${id}/external-token`), 201)).body.token as string;
  return { id, token };
}

/** The token opens the server: 409 (accepted; the server is not running), never 401. */
async function expectAccepted(made: Made) {
  const response = await send('admin', external(made.id as string, made.token as string));
  if (response.status !== 409) throw new Error(`the token was refused: ${response.status} ${response.text}`);
}

/**
 * A fresh team's server with an external token `spare` issued as an Admin, shown to work; then what
 * ends their right to manage the team's servers: they are removed, made a User or leave, or the team goes.
 */
async function formerIssuerToken(end: 'removed' | 'demoted' | 'left' | 'team deleted'): Promise<Made> {
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

/**
 * A 403 for an owner-only action, or for an invitation sent to another address, says so (every
 * other 403 is the Admin role's message).
 */
const OWNER_MESSAGES: readonly unknown[] = [
  TEAM_MESSAGES.ownerRequired,
  TEAM_MESSAGES.ownerRequiredToDelete,
  // An invitation's read and decline refuse everyone but its invited address, with the reason.
  TEAM_MESSAGES.invitationForAnotherEmail,
  // A team's automations are changed by its Admins (the contract's own message).
  AUTOMATION_MESSAGES.adminsOnly,
  // So are its knowledge collections.
  KNOWLEDGE_MESSAGES.adminsOnly,
];

const MATRIX: Record<string, Case[]> = {
  // --- The account: always the caller's own. ---
  'GET /user': [{ on: 'own', request: () => get('/user'), expect: everyone(200) }],
  'POST /user/onboarding': [
    {
      on: 'own',
      request: (p) => post('/user/onboarding', onboardingPayload(people[p].email)),
      expect: everyone(200),
    },
  ],
  'GET /users/me': [{ on: 'own', request: () => get('/users/me'), expect: everyone(200) }],
  'GET /users/profile': [{ on: 'own', request: () => get('/users/profile'), expect: everyone(200) }],
  'GET /users/preferences': [{ on: 'own', request: () => get('/users/preferences'), expect: everyone(200) }],
  'PUT /users/preferences': [
    { on: 'own', request: () => put('/users/preferences', { theme: 'dark' }), expect: everyone(200) },
  ],
  'PUT /users/profile': [
    {
      on: 'own',
      request: () =>
        put('/users/profile', { firstName: 'Ma', lastName: 'Trix', companyName: 'Acme', role: 'Engineer' }),
      expect: everyone(200),
    },
  ],
  'PUT /users/me/waitlist-info': [
    {
      on: 'own',
      request: () => put('/users/me/waitlist-info', { referralSource: 'matrix' }),
      expect: everyone(200),
    },
  ],
  'DELETE /users/me': [
    {
      // Everyone confirms with the Admin's address: theirs is another (400); the Admin owns a team
      // with members, so their own deletion is refused (409) and nothing is deleted.
      on: "the Admin's address",
      request: () => del('/users/me', { confirmEmail: people.admin.email }),
      expect: { admin: 409, user: 400, outsider: 400, removed: 400 },
    },
  ],
  // Memory: only ever the caller's own; another's fact (the Admin's, by its id) is 404 to everyone else.
  'GET /users/memory': [{ on: 'own', request: () => get('/users/memory'), expect: everyone(200) }],
  'PUT /users/memory': [
    { on: 'own', request: () => put('/users/memory', { enabled: true }), expect: everyone(200) },
  ],
  'POST /users/memory/facts': [
    { on: 'own', request: () => post('/users/memory/facts', { text: 'I like tea.' }), expect: everyone(201) },
  ],
  'PUT /users/memory/facts/{factId}': [
    {
      on: "the Admin's fact",
      request: () => put(`/users/memory/facts/${f.factId}`, { text: 'ADMIN-PRIVATE fact, edited' }),
      expect: ownerOnly(200),
    },
  ],
  'DELETE /users/memory/facts/{factId}': [
    {
      on: "a fact of the Admin's",
      setup: async () => ({
        id: (await asAdmin(post('/users/memory/facts', { text: 'Spare fact' }), 201)).body.factId as string,
      }),
      request: (_p, made) => del(`/users/memory/facts/${made.id}`),
      expect: ownerOnly(204),
    },
  ],
  // Only ever the caller's own job; none of them has asked to be deleted.
  'GET /users/me/deletion': [{ on: 'own', request: () => get('/users/me/deletion'), expect: everyone(404) }],

  // --- Conversations and messages: the Admin's own. ---
  'POST /conversations': [
    {
      on: 'own',
      request: (p) => post('/conversations', conversationBody(`Own ${p}`)),
      expect: everyone(201),
    },
    // A conversation of the team's space (its usage is the team's): its members only.
    {
      on: "the team's space",
      request: (p) => post('/conversations', { ...conversationBody(`Team ${p}`), teamId: f.teamId }),
      expect: teamMembers(201),
    },
  ],
  'GET /conversations': [
    { on: 'own', request: () => get('/conversations'), expect: everyone(200) },
    // What members shared with the team (read-only links).
    {
      on: "the team's shared list",
      request: () => get(`/conversations?${inTeam()}`),
      expect: teamMembers(200),
    },
  ],
  'GET /conversations/search': [
    {
      on: 'own',
      request: () => get(`/conversations/search?${query({ q: 'ADMIN-PRIVATE' })}`),
      expect: everyone(200),
    },
  ],
  'GET /conversations/{id}': [
    { on: "the Admin's conversation", request: () => get(conv()), expect: ownerOnly(200) },
    {
      on: "the Admin's conversation shared with the team",
      setup: sharedConversation,
      request: (_, made) => get(`/conversations/${made.id}`),
      expect: teamMembers(200),
    },
  ],
  'PUT /conversations/{id}': [
    {
      on: "the Admin's conversation",
      request: () =>
        put(conv(), {
          metadata: { defaultProvider: 'openai', defaultModel: 'gpt-4o-mini' },
          updatedAt: 1_000,
        }),
      expect: ownerOnly(200),
    },
    {
      // Sharing is the author's alone, and so is a conversation shared with one's team.
      on: "the Admin's conversation shared with the team",
      setup: sharedConversation,
      request: (_, made) =>
        put(`/conversations/${made.id}`, {
          metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
          updatedAt: Date.now(),
          sharedWithTeamId: f.teamId,
        }),
      expect: ownerOnly(200),
    },
  ],
  'DELETE /conversations/{id}': [
    {
      on: "a conversation of the Admin's",
      setup: async () => ({ id: await newConversation() }),
      request: (_, made) => del(`/conversations/${made.id}`),
      expect: ownerOnly(204),
    },
  ],
  'GET /conversations/{id}/messages': [
    { on: "the Admin's conversation", request: () => get(`${conv()}/messages`), expect: ownerOnly(200) },
    {
      on: "the Admin's conversation shared with the team",
      setup: sharedConversation,
      request: (_, made) => get(`/conversations/${made.id}/messages`),
      expect: teamMembers(200),
    },
  ],
  'PUT /conversations/{id}/messages/{messageId}': [
    {
      on: "a message of the Admin's",
      setup: async () => ({ id: await newAdminMessage() }),
      request: (_, made) => put(`${conv()}/messages/${made.id}`, { content: 'ADMIN-PRIVATE edited' }),
      expect: ownerOnly(200),
    },
    {
      on: "the Admin's message, named under one's own conversation",
      setup: async () => ({ id: await newAdminMessage() }),
      request: (p, made) => put(`${ownConv(p)}/messages/${made.id}`, { content: 'Edited' }),
      expect: ownerOnly(200),
    },
  ],
  'PUT /conversations/{id}/branch': [
    {
      on: "a message of the Admin's",
      request: () => put(`${conv()}/branch`, { messageId: f.messageId }),
      expect: ownerOnly(204),
    },
    {
      on: "the Admin's message, named under one's own conversation",
      request: (p) => put(`${ownConv(p)}/branch`, { messageId: f.messageId }),
      expect: ownerOnly(204),
    },
  ],
  'POST /conversations/{id}/messages/{messageId}/stop': [
    {
      // The message is not streaming: stopping it changes nothing (204).
      on: "the Admin's message",
      request: () => post(`${conv()}/messages/${f.messageId}/stop`),
      expect: ownerOnly(204),
    },
    {
      on: "the Admin's message, named under one's own conversation",
      request: (p) => post(`${ownConv(p)}/messages/${f.messageId}/stop`),
      expect: ownerOnly(204),
    },
  ],
  'PUT /conversations/{id}/messages/{messageId}/memory-proposals/{toolCallId}': [
    {
      on: "the Admin's memory proposal",
      setup: newMemoryProposal,
      request: (_p, made) =>
        put(
          `/conversations/${made.conversationId}/messages/${made.messageId}/memory-proposals/call-remember`,
          {
            decision: 'dismissed',
          },
        ),
      expect: ownerOnly(204),
    },
    {
      on: "the Admin's memory proposal, named under one's own conversation",
      setup: newMemoryProposal,
      request: (p, made) => {
        const where = p === 'admin' ? `/conversations/${made.conversationId}` : ownConv(p);
        return put(`${where}/messages/${made.messageId}/memory-proposals/call-remember`, {
          decision: 'saved',
        });
      },
      expect: ownerOnly(204),
    },
  ],
  'POST /conversations/{id}/attachments': [
    {
      on: "the Admin's conversation",
      request: () => post(`${conv()}/attachments`, { fileName: 'a.txt', contentType: 'text/plain', size: 3 }),
      expect: ownerOnly(201),
    },
  ],
  'GET /conversations/{id}/attachments/{attachmentId}': [
    {
      on: "the Admin's attachment",
      request: () => get(`${conv()}/attachments/${f.attachmentId}?redirect=false`),
      expect: ownerOnly(200),
    },
    {
      on: "the Admin's attachment, named under one's own conversation",
      request: (p) => get(`${ownConv(p)}/attachments/${f.attachmentId}?redirect=false`),
      expect: ownerOnly(200),
    },
  ],
  'POST /messages': [
    {
      on: "the Admin's conversation",
      request: () =>
        post('/messages', {
          conversationId: f.conversationId,
          content: 'Hello',
          role: 'user',
          provider: 'anthropic',
          model: 'claude-3-haiku-20240307',
        }),
      expect: ownerOnly(201),
    },
    {
      // Edit and resend: the Admin's message as the parent, in one's own conversation.
      on: "the Admin's message, as the parent in one's own conversation",
      request: (p) =>
        post('/messages', {
          conversationId: p === 'admin' ? f.conversationId : f.own[p],
          content: 'Hello',
          role: 'user',
          provider: 'anthropic',
          model: 'claude-3-haiku-20240307',
          parentId: f.messageId,
        }),
      expect: ownerOnly(201),
    },
  ],
  'GET /messages/generate-stream': [
    {
      on: "the Admin's conversation",
      request: () =>
        get(
          `/messages/generate-stream?${query({
            conversationId: f.conversationId,
            provider: f.provider,
            model: MODEL,
            triggerContent: 'Hi',
          })}`,
        ),
      expect: ownerOnly(200),
      check: streamEnded,
    },
    {
      on: "the team's key, in one's own conversation",
      request: (p) =>
        get(
          `/messages/generate-stream?${query({
            conversationId: f.own[p],
            provider: f.teamProvider,
            model: MODEL,
            triggerContent: 'Hi',
          })}`,
        ),
      expect: everyone(200),
      check: lastEvent({ admin: 'end', user: 'end', outsider: 'error', removed: 'error' }),
    },
    {
      // Another's attachment is as unknown as a made-up id: refused before the stream (400, same message).
      on: "the Admin's attachment, in one's own conversation",
      request: (p) =>
        get(
          `/messages/generate-stream?${query({
            conversationId: p === 'admin' ? f.conversationId : f.own[p],
            provider: f.provider,
            model: MODEL,
            triggerContent: 'Hi',
            attachmentIds: f.attachmentId,
          })}`,
        ),
      expect: { admin: 200, user: 400, outsider: 400, removed: 400 },
      check: (p, response) => {
        if (p === 'admin') streamEnded(p, response);
        else expect(response.body.message).toBe(ATTACHMENT_MESSAGES.notUploaded);
      },
    },
    {
      on: "the Admin's server, in one's own conversation",
      request: (p) =>
        get(
          `/messages/generate-stream?${query({
            conversationId: f.own[p],
            provider: f.provider,
            model: MODEL,
            triggerContent: 'Hi',
            mcpServerId: f.serverId,
          })}`,
        ),
      expect: everyone(200),
      check: lastEvent({ admin: 'end', user: 'error', outsider: 'error', removed: 'error' }),
    },
    {
      // A tool approval names the reply it decides on: only its conversation's owner gets past the
      // check, to the rule (a message not paused at a tool call has nothing to decide: 409).
      on: "a decision on the Admin's message",
      request: () =>
        get(
          `/messages/generate-stream?${query({
            conversationId: f.conversationId,
            provider: f.provider,
            model: MODEL,
            approvalFor: f.messageId,
            toolCallId: 'call-1',
            decision: 'allow_once',
          })}`,
        ),
      expect: ownerOnly(409),
      check: message('admin', TOOL_APPROVAL_MESSAGES.nothingToDecide),
    },
  ],

  // --- Agent plans: the Admin's, in their conversation. ---
  'GET /conversations/{id}/plans': [
    { on: "the Admin's conversation", request: () => get(`${conv()}/plans`), expect: ownerOnly(200) },
  ],
  'GET /conversations/{id}/plans/{planId}': [
    { on: "the Admin's plan", request: () => get(`${conv()}/plans/${f.planId}`), expect: ownerOnly(200) },
    {
      on: "the Admin's plan, named under one's own conversation",
      request: (p) => get(`${ownConv(p)}/plans/${f.planId}`),
      expect: ownerOnly(200),
    },
  ],
  'PATCH /conversations/{id}/plans/{planId}/steps/{stepId}': [
    {
      on: "a plan of the Admin's",
      setup: planIds,
      request: (_, made) => patch(step(made), { description: 'Edited' }),
      expect: ownerOnly(200),
    },
  ],
  'POST /conversations/{id}/plans/{planId}/steps/{stepId}/confirm': [
    {
      on: "a plan of the Admin's",
      setup: planIds,
      request: (_, made) => post(`${step(made)}/confirm`),
      expect: ownerOnly(200),
    },
    {
      on: "a plan of the Admin's, named under one's own conversation",
      setup: planIds,
      request: (p, made) => post(`${ownConv(p)}/plans/${made.planId}/steps/${made.stepId}/confirm`),
      expect: ownerOnly(200),
    },
  ],
  'POST /conversations/{id}/plans/{planId}/cancel': [
    {
      on: "a plan of the Admin's",
      setup: planIds,
      request: (_, made) => post(`${conv()}/plans/${made.planId}/cancel`),
      expect: ownerOnly(200),
    },
  ],
  'GET /agent/plan-stream': [
    {
      on: "the Admin's conversation and server",
      setup: async () => ({ goal: await newAdminMessage() }),
      request: (_, made) =>
        get(
          `${AGENT_STREAM_PATHS.plan}?${query({
            conversationId: f.conversationId,
            serverId: f.serverId,
            mode: 'mcp',
            goalMessageId: made.goal ?? '',
            provider: f.provider,
            model: MODEL,
          })}`,
        ),
      expect: ownerOnly(200),
      check: streamEnded,
    },
    {
      // Members plan on the team's server (started on demand; stopped after, it counts against the
      // team's plan); the others are told it does not exist.
      on: "the team server, in one's own conversation",
      request: (p) => get(planOnTeamServer(p)),
      expect: everyone(200),
      check: lastEvent({ admin: 'end', user: 'end', outsider: 'error', removed: 'error' }),
      teardown: async () => stop(f.teamServerId),
    },
  ],
  'GET /agent/execute-stream': [
    {
      on: "a confirmed step of the Admin's",
      setup: async () => {
        const made = await planIds();
        await asAdmin(post(`${step(made)}/confirm`), 200);
        return made;
      },
      request: (_, made) =>
        get(
          `${AGENT_STREAM_PATHS.execute}?${query({
            conversationId: f.conversationId,
            planId: made.planId ?? '',
            stepId: made.stepId ?? '',
          })}`,
        ),
      expect: ownerOnly(200),
      check: streamEnded,
    },
    {
      on: "a confirmed step of the Admin's, named with one's own conversation",
      setup: async () => {
        const made = await planIds();
        await asAdmin(post(`${step(made)}/confirm`), 200);
        return made;
      },
      request: (p, made) =>
        get(
          `${AGENT_STREAM_PATHS.execute}?${query({
            conversationId: p === 'admin' ? f.conversationId : f.own[p],
            planId: made.planId ?? '',
            stepId: made.stepId ?? '',
          })}`,
        ),
      expect: ownerOnly(200),
      check: streamEnded,
    },
    {
      // The removed member's own plan, made on the team's server while a member: theirs to run,
      // but the team's server is no longer theirs (every tool call goes through the API as them).
      on: "a plan the removed member made on the team's server",
      setup: async () => {
        const made = f.removedStep;
        const path = `/conversations/${f.own.removed}/plans/${made.planId}/steps/${made.stepId}/confirm`;
        expect((await send('removed', post(path))).status).toBe(200);
        return made;
      },
      request: (_, made) =>
        get(
          `${AGENT_STREAM_PATHS.execute}?${query({
            conversationId: f.own.removed,
            planId: made.planId ?? '',
            stepId: made.stepId ?? '',
          })}`,
        ),
      expect: { admin: 404, user: 404, outsider: 404, removed: 200 },
      check: (p, response) => {
        if (p !== 'removed') return;
        const events = response.body.events as { type: string; message?: string }[];
        expect(events.at(-1), JSON.stringify(events)).toMatchObject({ type: 'error' });
      },
    },
  ],

  // --- Provider keys: the team's (`?teamId=`) and the Admin's own. ---
  'POST /api-keys': [
    { on: 'the team', request: () => post(`/api-keys?${inTeam()}`, customKey()), expect: teamAdmins(201) },
    { on: 'own', request: () => post('/api-keys', customKey()), expect: everyone(201) },
  ],
  'GET /api-keys': [
    { on: 'the team', request: () => get(`/api-keys?${inTeam()}`), expect: teamAdmins(200) },
    { on: 'own', request: () => get('/api-keys'), expect: everyone(200) },
  ],
  'DELETE /api-keys/{id}': [
    {
      on: 'a team key',
      setup: async () => ({
        id: (await asAdmin(post(`/api-keys?${inTeam()}`, customKey()), 201)).body.id as string,
      }),
      request: (_, made) => del(`/api-keys/${made.id}?${inTeam()}`),
      expect: teamAdmins(204),
    },
    {
      // The outsider names their own team, where they are an Admin: only the key's owner stands in the way.
      on: 'a team key, named with the team one is an Admin of',
      setup: async () => ({
        id: (await asAdmin(post(`/api-keys?${inTeam()}`, customKey()), 201)).body.id as string,
      }),
      request: (p, made) => del(`/api-keys/${made.id}?teamId=${p === 'outsider' ? f.elsewhereId : f.teamId}`),
      expect: teamAdmins(204),
    },
    {
      on: "a key of the Admin's",
      setup: async () => ({ id: (await asAdmin(post('/api-keys', customKey()), 201)).body.id as string }),
      request: (_, made) => del(`/api-keys/${made.id}`),
      expect: ownerOnly(204),
    },
  ],
  'POST /api-keys/validate': [
    {
      on: "the Admin's key",
      request: () => post('/api-keys/validate', { keyId: f.keyId }),
      expect: ownerOnly(200),
    },
  ],
  'GET /api-keys/providers': [
    { on: 'the team', request: () => get(`/api-keys/providers?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/api-keys/providers'), expect: everyone(200) },
  ],

  // --- Voice with OpenAI: the team's OpenAI key for its members (none of them has one of their own). ---
  'POST /speech/transcriptions': [
    {
      on: "the team's OpenAI key",
      setup: teamOpenAiKey,
      request: () =>
        post('/speech/transcriptions', { audio: 'AAAA', mimeType: 'audio/webm', teamId: f.teamId }),
      expect: { admin: 200, user: 200, outsider: 400, removed: 400 },
      teardown: (made) => asAdmin(del(`/api-keys/${made.id}?${inTeam()}`), 204).then(() => undefined),
    },
  ],
  'POST /speech/synthesis': [
    {
      on: "the team's OpenAI key",
      setup: teamOpenAiKey,
      request: () => post('/speech/synthesis', { text: 'Hello', teamId: f.teamId }),
      expect: { admin: 200, user: 200, outsider: 400, removed: 400 },
      teardown: (made) => asAdmin(del(`/api-keys/${made.id}?${inTeam()}`), 204).then(() => undefined),
    },
  ],

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

  // --- GitHub: the caller's own link; a state issued to the Admin works for the Admin only. ---
  'POST /github/authorize-url': [
    { on: 'own', request: () => post('/github/authorize-url', {}), expect: everyone(200) },
  ],
  'POST /github/exchange-code': [
    {
      on: "the Admin's state and code",
      request: () =>
        post('/github/exchange-code', { code: f.github.code, state: f.github.state, targetAppId: null }),
      expect: { admin: 200, user: 400, outsider: 400, removed: 400 },
    },
  ],
  'GET /github/link': [{ on: 'own', request: () => get('/github/link'), expect: everyone(200) }],
  'DELETE /github/link': [{ on: 'own', request: () => del('/github/link'), expect: everyone(204) }],

  // --- The workspace: the caller's own files; the Admin's path names nothing of anyone else's. ---
  'GET /workspace/files': [{ on: 'own', request: () => get('/workspace/files'), expect: everyone(200) }],
  'PUT /workspace/files': [
    {
      // The Admin's path: the Admin replaces their file (200), the others create their own (201).
      on: "a path of the Admin's",
      setup: async () => ({ path: await newFile(spareFilePath()) }),
      request: (_, made) => put('/workspace/files', { path: made.path, content: 'mine' }),
      expect: { admin: 200, user: 201, outsider: 201, removed: 201 },
    },
  ],
  'DELETE /workspace/files': [
    {
      on: "a file of the Admin's",
      setup: async () => ({ path: await newFile(spareFilePath()) }),
      request: (_, made) => del(`/workspace/files?${query({ path: made.path ?? '' })}`),
      expect: ownerOnly(204),
    },
  ],
  'POST /workspace/files/rename': [
    {
      on: "a file of the Admin's",
      setup: async () => ({ path: await newFile(spareFilePath()) }),
      request: (p, made) => post('/workspace/files/rename', { from: made.path, to: `moved-by-${p}.ts` }),
      expect: ownerOnly(200),
    },
  ],

  // --- The prompt library: the caller's own prompts, or the team's (members read, Admins manage). ---
  'GET /prompts': [
    { on: 'the team', request: () => get(`/prompts?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/prompts?q=ADMIN'), expect: everyone(200) },
  ],
  'POST /prompts': [
    { on: 'the team', request: () => post(`/prompts?${inTeam()}`, promptBody('x')), expect: teamAdmins(201) },
    { on: 'own', request: () => post('/prompts', promptBody('x')), expect: everyone(201) },
  ],
  'PUT /prompts/{id}': [
    {
      on: 'a team prompt',
      setup: async () => ({ id: await newPrompt(true) }),
      request: (_, made) => put(`/prompts/${made.id}?${inTeam()}`, promptBody('edited')),
      expect: teamAdmins(200),
    },
    {
      on: "a prompt of the Admin's",
      setup: async () => ({ id: await newPrompt() }),
      request: (_, made) => put(`/prompts/${made.id}`, promptBody('edited')),
      expect: ownerOnly(200),
    },
  ],
  'DELETE /prompts/{id}': [
    {
      on: 'a team prompt',
      setup: async () => ({ id: await newPrompt(true) }),
      request: (_, made) => del(`/prompts/${made.id}?${inTeam()}`),
      expect: teamAdmins(204),
    },
    {
      on: "a prompt of the Admin's",
      setup: async () => ({ id: await newPrompt() }),
      request: (_, made) => del(`/prompts/${made.id}`),
      expect: ownerOnly(204),
    },
  ],
  'GET /prompts/export': [
    { on: 'the team', request: () => get(`/prompts/export?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/prompts/export'), expect: everyone(200) },
  ],
  'POST /prompts/import': [
    {
      on: 'the team',
      request: () => post(`/prompts/import?${inTeam()}`, { prompts: [promptBody('x')] }),
      expect: teamAdmins(201),
    },
    {
      on: 'own',
      request: () => post('/prompts/import', { prompts: [promptBody('x')] }),
      expect: everyone(201),
    },
  ],

  // --- Automations: the caller's own, or the team's (members read them and their runs, Admins change). ---
  'GET /automations': [
    { on: 'the team', request: () => get(`/automations?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/automations'), expect: everyone(200) },
  ],
  'POST /automations': [
    {
      on: 'the team',
      request: () => post('/automations', automationBody(true)),
      expect: teamAdmins(201),
      check: recordAutomation,
      teardown: dropMadeAutomations,
    },
    {
      on: 'own',
      request: () => post('/automations', { ...automationBody(), name: 'Mine' }),
      expect: everyone(201),
      check: recordAutomation,
      teardown: dropMadeAutomations,
    },
  ],
  'GET /automations/schedule-preview': [
    {
      on: 'own',
      request: () =>
        get(`/automations/schedule-preview?${query({ expression: 'rate(1 hour)', timezone: 'UTC' })}`),
      expect: everyone(200),
    },
  ],
  'GET /automations/{id}': automationRows((made) => get(`/automations/${made.id}`), 200, { read: true }),
  'PUT /automations/{id}': [
    ...automationRows((made) => put(`/automations/${made.id}`, automationBody(true)), 200).slice(0, 1),
    ...automationRows((made) => put(`/automations/${made.id}`, automationBody()), 200).slice(1),
  ],
  'PATCH /automations/{id}': automationRows(
    (made) => patch(`/automations/${made.id}`, { enabled: false }),
    200,
  ),
  'DELETE /automations/{id}': automationRows((made) => del(`/automations/${made.id}`), 204, {
    deletes: true,
  }),
  'POST /automations/{id}/webhook-secret': automationRows(
    (made) => post(`/automations/${made.id}/webhook-secret`),
    200,
    { trigger: { type: 'webhook' } },
  ),
  'GET /automations/{id}/runs': automationRows((made) => get(`/automations/${made.id}/runs`), 200, {
    read: true,
  }),
  // No such run: the 404 past authorization names the run (others: the automation).
  'GET /automations/{id}/runs/{runId}': automationRows(
    (made) => get(`/automations/${made.id}/runs/01JNOSUCHRUN00000000000000`),
    404,
    { read: true },
  ).map((row) => ({ ...row, check: message('admin', AUTOMATION_MESSAGES.runNotFound) })),
  // Public: the secret (the bearer, or in the path) is the authorization, whoever sends it (signed in or not).
  'POST /automation-hooks/{id}': [
    {
      on: "the Admin's webhook, with the persona's ID token as the bearer",
      setup: () => newAutomation(false, { type: 'webhook' }),
      request: (_, made) => post(`/automation-hooks/${made.id}`, { event: 'push' }),
      expect: everyone(404),
      check: message('admin', AUTOMATION_MESSAGES.notFound),
      teardown: dropAutomation,
    },
    {
      on: "the Admin's webhook, with its secret as the bearer",
      setup: newWebhook,
      request: (_, made) => ({
        ...post(`/automation-hooks/${made.id}`, { event: 'push' }),
        bearer: made.secret as string,
      }),
      expect: everyone(202),
      teardown: dropAutomation,
    },
  ],
  'POST /automation-hooks/{id}/{secret}': [
    {
      on: "the Admin's webhook, with a wrong secret",
      setup: () => newAutomation(false, { type: 'webhook' }),
      request: (_, made) => post(`/automation-hooks/${made.id}/${'x'.repeat(43)}`, { event: 'push' }),
      expect: everyone(404),
      check: message('admin', AUTOMATION_MESSAGES.notFound),
      teardown: dropAutomation,
    },
    {
      on: "the Admin's webhook, with its secret",
      setup: newWebhook,
      request: (_, made) => post(`/automation-hooks/${made.id}/${made.secret}`, { event: 'push' }),
      expect: everyone(202),
      teardown: dropAutomation,
    },
  ],

  // --- Knowledge: the caller's own collections, or the team's (members read and search, Admins change). ---
  'GET /knowledge/collections': [
    { on: 'the team', request: () => get(`/knowledge/collections?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/knowledge/collections'), expect: everyone(200) },
  ],
  'POST /knowledge/collections': [
    {
      on: 'the team',
      request: () => post('/knowledge/collections', { name: 'Team made', teamId: f.teamId }),
      expect: teamAdmins(201),
      check: recordCollection,
      teardown: dropMadeCollections,
    },
    {
      on: 'own',
      request: () => post('/knowledge/collections', { name: 'Mine' }),
      expect: everyone(201),
      check: recordCollection,
      teardown: dropMadeCollections,
    },
  ],
  'GET /knowledge/collections/{id}': knowledgeRows((made) => get(`/knowledge/collections/${made.id}`), 200, {
    read: true,
  }),
  'PUT /knowledge/collections/{id}': knowledgeRows(
    (made) => put(`/knowledge/collections/${made.id}`, { name: 'Renamed' }),
    200,
  ),
  'DELETE /knowledge/collections/{id}': knowledgeRows(
    (made) => del(`/knowledge/collections/${made.id}`),
    204,
    { deletesCollection: true },
  ),
  'GET /knowledge/collections/{id}/files': knowledgeRows(
    (made) => get(`/knowledge/collections/${made.id}/files`),
    200,
    { read: true },
  ),
  'POST /knowledge/collections/{id}/files': knowledgeRows(
    (made) =>
      post(`/knowledge/collections/${made.id}/files`, {
        fileName: 'a.md',
        contentType: 'text/markdown',
        size: 5,
      }),
    201,
  ),
  'GET /knowledge/collections/{id}/files/{fileId}': knowledgeRows(
    (made) => get(`/knowledge/collections/${made.id}/files/${made.fileId}`),
    200,
    { read: true, file: 'record' },
  ),
  'DELETE /knowledge/collections/{id}/files/{fileId}': knowledgeRows(
    (made) => del(`/knowledge/collections/${made.id}/files/${made.fileId}`),
    204,
    { file: 'record' },
  ),
  'GET /knowledge/collections/{id}/files/{fileId}/chunks/{chunkIndex}': knowledgeRows(
    (made) => get(`/knowledge/collections/${made.id}/files/${made.fileId}/chunks/0`),
    200,
    { read: true, file: 'indexed' },
  ),
  'POST /knowledge/search': knowledgeRows(
    (made) => post('/knowledge/search', { query: 'quarterly backups', collectionIds: [made.id] }),
    200,
    { read: true, file: 'indexed' },
  ),
  // 'Run now': the owner, a team's Admins (its Users may not run it); 202 with the queued run.
  'POST /automations/{id}/run': automationRows((made) => post(`/automations/${made.id}/run`), 202),
  'POST /automations/{id}/runs/{runId}/approval': automationRows(
    (made) =>
      post(`/automations/${made.id}/runs/01JNOSUCHRUN00000000000000/approval`, { decision: 'cancel' }),
    404,
  ).map((row) => ({ ...row, check: message('admin', AUTOMATION_MESSAGES.runNotFound) })),

  // --- Billing: the caller's own subscription (a team's is under /teams). ---
  'GET /subscriptions': [{ on: 'own', request: () => get('/subscriptions'), expect: everyone(200) }],
  'GET /subscriptions/plans': [
    { on: 'own', request: () => get('/subscriptions/plans'), expect: everyone(200) },
  ],
  'POST /subscriptions/checkout': [
    {
      on: 'own',
      request: () => post('/subscriptions/checkout', checkout),
      expect: everyone(200),
    },
  ],
  'POST /subscriptions/cancel': [
    { on: 'own', request: () => post('/subscriptions/cancel'), expect: everyone(404) },
  ],
  'POST /subscriptions/resume': [
    { on: 'own', request: () => post('/subscriptions/resume'), expect: everyone(404) },
  ],
  'POST /subscriptions/portal': [
    { on: 'own', request: () => post('/subscriptions/portal', { returnUrl: APP }), expect: everyone(200) },
  ],
  'POST /subscriptions/sync': [
    { on: 'own', request: () => post('/subscriptions/sync', {}), expect: everyone(200) },
    {
      on: "the Admin's checkout session",
      setup: async () => ({
        sessionId: sessionOf(await asAdmin(post('/subscriptions/checkout', checkout), 200)),
      }),
      request: (_, made) => post('/subscriptions/sync', made),
      expect: ownerOnly(200),
    },
    {
      // Not the Admin's own either: a team's subscription is synced into the team's record only.
      on: "the team's checkout session",
      setup: async () => ({
        sessionId: sessionOf(await asAdmin(post(`${t()}/subscription/checkout`, teamCheckout()), 200)),
      }),
      request: (_, made) => post('/subscriptions/sync', made),
      expect: everyone(404),
    },
  ],
  'PUT /subscriptions/overage-cap': [
    { on: 'own', request: () => put('/subscriptions/overage-cap', { capUsd: 20 }), expect: everyone(200) },
  ],
  'GET /subscriptions/usage': [
    { on: 'own', request: () => get('/subscriptions/usage'), expect: everyone(200) },
  ],
  'POST /stripe/webhook': [
    // Public: without Stripe's signature nobody gets anywhere.
    {
      on: 'nothing',
      request: () => post('/stripe/webhook', { type: 'customer.subscription.deleted' }),
      expect: everyone(400),
    },
  ],

  // --- Teams. ---
  'GET /teams': [
    {
      on: 'own',
      request: () => get('/teams'),
      expect: everyone(200),
      check: (p, response) => {
        const ids = listTeamsResponseSchema.parse(response.body).teams.map((team) => team.teamId);
        expect(ids.includes(f.teamId), p).toBe(p === 'admin' || p === 'user');
      },
    },
  ],
  'POST /teams': [{ on: 'own', request: (p) => post('/teams', { name: `Own ${p}` }), expect: everyone(201) }],
  'POST /teams/join': [
    {
      on: 'an unknown code',
      request: () => post('/teams/join', { code: 'x'.repeat(32) }),
      expect: everyone(404),
    },
  ],
  'POST /teams/join/invitation': [
    {
      on: 'an invitation to the Admin',
      setup: invitationToAdmin,
      request: (_, made) => post('/teams/join/invitation', { code: made.code }),
      expect: invitedAdminOnly(200),
      teardown: async (made) => {
        await asAdmin(post('/teams/join/decline', { code: made.code }), 204);
      },
    },
  ],
  'POST /teams/join/decline': [
    {
      on: 'an invitation to the Admin',
      setup: invitationToAdmin,
      request: (_, made) => post('/teams/join/decline', { code: made.code }),
      expect: invitedAdminOnly(204),
    },
  ],
  'GET /teams/{teamId}': [{ on: 'the team', request: () => get(t()), expect: teamMembers(200) }],
  'GET /teams/{teamId}/invitations': [
    { on: 'the team', request: () => get(`${t()}/invitations`), expect: teamAdmins(200) },
  ],
  'POST /teams/{teamId}/invitations': [
    {
      on: 'the team',
      request: (p) => post(`${t()}/invitations`, { email: uniqueEmail(`by-${p}`) }),
      expect: teamAdmins(201),
    },
  ],
  'POST /teams/{teamId}/invitations/{invitationId}/resend': [
    {
      on: "the team's invitation",
      setup: pendingInvitation,
      request: (_, made) => post(`${t()}/invitations/${made.invitationId}/resend`),
      expect: teamAdmins(200),
    },
  ],
  'DELETE /teams/{teamId}/invitations/{invitationId}': [
    {
      on: "the team's invitation",
      setup: pendingInvitation,
      request: (_, made) => del(`${t()}/invitations/${made.invitationId}`),
      expect: teamAdmins(204),
    },
  ],
  'PUT /teams/{teamId}/members/{userId}': [
    {
      // The User stays a User: allowed, and nothing changes for the rows after.
      on: "the team's User",
      request: () => put(`${t()}/members/${people.user.userId}`, { role: 'user' }),
      expect: teamAdmins(200),
    },
  ],
  'DELETE /teams/{teamId}/members/{userId}': [
    {
      // Another member (a member may remove themself: that is leaving).
      on: "a fresh team's other member",
      setup: freshTeam,
      request: (_, made) => del(`/teams/${made.teamId}/members/${spare.userId}`),
      expect: teamAdmins(204),
    },
    {
      // Oneself: leaving. The User leaves; the owner cannot (409, transfer first).
      on: 'a fresh team, oneself',
      setup: freshTeam,
      request: (p, made) => del(`/teams/${made.teamId}/members/${people[p].userId}`),
      expect: { admin: 409, user: 204, outsider: 404, removed: 404 },
      check: (p, response) => {
        if (p === 'admin') expect(response.body.message).toBe(TEAM_MESSAGES.ownerCannotLeave);
      },
    },
  ],
  'POST /teams/{teamId}/transfer-ownership': [
    {
      on: 'a fresh team',
      setup: freshTeam,
      request: (_, made) => post(`/teams/${made.teamId}/transfer-ownership`, { userId: people.user.userId }),
      expect: teamAdmins(200),
      check: (p, response) => {
        if (p === 'user') expect(response.body.message).toBe(TEAM_MESSAGES.ownerRequired);
      },
    },
  ],
  'PATCH /teams/{teamId}': [
    // The same name again: allowed, and nothing changes for the rows after.
    { on: 'the team', request: () => patch(t(), { name: 'Matrix' }), expect: teamAdmins(200) },
  ],
  'DELETE /teams/{teamId}': [
    {
      // The owner only: an Admin who is not the owner gets the same 403 as a User.
      on: 'a fresh team',
      setup: freshTeam,
      request: (_, made) => del(`/teams/${made.teamId}`),
      expect: { admin: 204, user: 403, outsider: 404, removed: 404 },
      check: (p, response) => {
        if (p === 'user') expect(response.body.message).toBe(TEAM_MESSAGES.ownerRequiredToDelete);
      },
    },
  ],
  'POST /teams/{teamId}/subscription/checkout': [
    {
      on: 'the team',
      request: () => post(`${t()}/subscription/checkout`, teamCheckout()),
      expect: teamAdmins(200),
    },
  ],
  'POST /teams/{teamId}/subscription/portal': [
    {
      // The checkout above made the team a Stripe customer: its Admins open the portal.
      on: 'the team',
      request: () => post(`${t()}/subscription/portal`, { returnUrl: `${APP}/teams` }),
      expect: teamAdmins(200),
    },
  ],
  'GET /teams/{teamId}/memory': [
    { on: 'the team', request: () => get(`${t()}/memory`), expect: teamMembers(200) },
  ],
  'PUT /teams/{teamId}/memory': [
    { on: 'the team', request: () => put(`${t()}/memory`, { allowed: false }), expect: teamAdmins(200) },
  ],
  'GET /teams/{teamId}/usage': [
    { on: 'the team', request: () => get(`${t()}/usage`), expect: teamAdmins(200) },
  ],
  'PUT /teams/{teamId}/overage-cap': [
    {
      on: 'the team',
      request: () => put(`${t()}/overage-cap`, { capUsd: 20 }),
      expect: teamAdmins(200),
      check: (p, response) => {
        if (p === 'user') expect(response.body.message).toBe(TEAM_MESSAGES.adminRequired);
      },
    },
  ],

  // --- A team's single sign-on (its Admins), in this order: set up, read, verify, remove. ---
  'PUT /teams/{teamId}/sso': [
    {
      on: 'the team',
      request: () =>
        put(`${t()}/sso`, {
          provider: {
            type: 'oidc',
            issuer: 'https://idp.example.com',
            clientId: 'matrix',
            clientSecret: 'matrix-secret',
          },
          domains: ['matrix.example'],
        }),
      expect: teamAdmins(200),
    },
  ],
  'GET /teams/{teamId}/sso': [{ on: 'the team', request: () => get(`${t()}/sso`), expect: teamAdmins(200) }],
  'POST /teams/{teamId}/sso/domains/{domain}/verify': [
    // No TXT record published: the Admin is told so (400); nobody else gets that far.
    {
      on: 'the team',
      request: () => post(`${t()}/sso/domains/matrix.example/verify`, {}),
      expect: teamAdmins(400),
    },
  ],
  'DELETE /teams/{teamId}/sso': [
    { on: 'the team', request: () => del(`${t()}/sso`), expect: teamAdmins(204) },
  ],
  'GET /sso/discover': [
    // Public: names a verified domain's provider only (none here).
    { on: 'nothing', request: () => get('/sso/discover?email=ada@matrix.example'), expect: everyone(404) },
  ],
  'POST /sso/join': [
    // Only a user of a team's provider joins (none of the personas is): nothing happens.
    {
      on: 'own',
      request: () => post('/sso/join', {}),
      expect: everyone(200),
      check: (_p, response) => expect(response.body).toEqual({ joined: false }),
    },
  ],

  // --- The audit log: the caller's own, or the team's (`?teamId=`) for its Admins. ---
  'GET /audit': [
    { on: 'the team', request: () => get(`/audit?${inTeam()}`), expect: teamAdmins(200) },
    { on: 'own', request: () => get('/audit'), expect: everyone(200) },
  ],
  'GET /audit/verify': [
    { on: 'the team', request: () => get(`/audit/verify?${inTeam()}`), expect: teamAdmins(200) },
    { on: 'own', request: () => get('/audit/verify'), expect: everyone(200) },
  ],
  'GET /audit/export': [
    { on: 'the team', request: () => get(`/audit/export?${inTeam()}&format=json`), expect: teamAdmins(200) },
    { on: 'own', request: () => get('/audit/export?format=json'), expect: everyone(200) },
  ],
};

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false, appOrigins: [APP] });
  configureAmplify(stack.runtimeConfig);
  helpers = teamHelpers(stack);
  // Sign-ups one after another: the test's Amplify holds one session at a time.
  for (const persona of PERSONAS) people[persona] = await helpers.person(persona);
  spare = await helpers.person('spare');
  const { admin, user, outsider, removed } = people;

  const team = await helpers.createTeam(admin, 'Matrix');
  f.teamId = team.teamId;
  f.elsewhereId = (await helpers.createTeam(outsider, 'Elsewhere')).teamId;
  await helpers.join(user, f.teamId, admin);
  await helpers.join(removed, f.teamId, admin);
  f.teamServerId = (await asAdmin(post(`/mcp-servers?${inTeam()}`, serverConfig('Team tools')), 201)).body
    .id as string;
  const teamKey = (await asAdmin(post(`/api-keys?${inTeam()}`, customKey()), 201)).body.id as string;
  f.teamProvider = `team:${f.teamId}:custom:${teamKey}`;
  for (const persona of PERSONAS) {
    f.own[persona] = (await send(persona, post('/conversations', conversationBody(`Own ${persona}`)))).body
      .id as string;
    const goal = {
      conversationId: f.own[persona],
      content: 'Team work',
      role: 'user',
      provider: 'p',
      model: MODEL,
    };
    f.ownGoal[persona] = (await send(persona, post('/messages', goal))).body.id as string;
  }
  // While still a member, `removed` plans on the team's server with the team's key and confirms it.
  const planning = await send('removed', get(planOnTeamServer('removed')));
  const removedPlan = (planning.body.events as { type: string; plan?: AgentPlan }[]).find(
    (e) => e.plan,
  )?.plan;
  if (!removedPlan) throw new Error(`no plan: ${planning.text}`);
  f.removedStep = { planId: removedPlan.id, stepId: removedPlan.steps[0]?.id ?? '' };
  // (The team server stays running for the members' plans; that row stops it.)
  await helpers.remove(admin, f.teamId, removed);

  // The Admin's personal resources.
  f.keyId = (await asAdmin(post('/api-keys', customKey()), 201)).body.id as string;
  // A saved prompt of the Admin's own, which no one else's list or export may show.
  await newPrompt();
  f.provider = `custom:${f.keyId}`;
  f.serverId = (await asAdmin(post('/mcp-servers', serverConfig('ADMIN-PRIVATE tools')), 201)).body
    .id as string;
  f.conversationId = await newConversation();
  f.messageId = (
    await asAdmin(
      post('/messages', {
        conversationId: f.conversationId,
        content: 'ADMIN-PRIVATE message',
        role: 'user',
        provider: 'anthropic',
        model: 'claude-3-haiku-20240307',
      }),
      201,
    )
  ).body.id as string;
  const upload = await asAdmin(
    post(`${conv()}/attachments`, { fileName: 'private.txt', contentType: 'text/plain', size: 13 }),
    201,
  );
  const { attachmentId, uploadUrl, headers } = upload.body as {
    attachmentId: string;
    uploadUrl: string;
    headers: Record<string, string>;
  };
  expect((await fetch(uploadUrl, { method: 'PUT', headers, body: 'ADMIN-PRIVATE' })).status).toBe(200);
  f.attachmentId = attachmentId;
  f.planId = (await newPlan()).id;
  await newFile(f.filePath);
  f.factId = (await asAdmin(post('/users/memory/facts', { text: 'ADMIN-PRIVATE fact' }), 201)).body
    .factId as string;

  // A GitHub code and state issued to the Admin (the local GitHub's consent page).
  const started = (await asAdmin(post('/github/authorize-url', {}), 200)).body as {
    url: string;
    state: string;
  };
  const form = new URLSearchParams(new URL(started.url).searchParams);
  form.set('decision', 'authorize');
  form.set('login', f.githubLogin);
  const consent = await fetch(new URL('/login/oauth/authorize', stack.githubUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  f.github = {
    code: new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '',
    state: started.state,
  };
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

describe('the authorization matrix over every route of the manifest', () => {
  it('has a row for every route and a route for every row', () => {
    const manifest = ROUTES.map((route) => `${route.method} ${route.path}`).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(manifest);
  });

  it('answers each route as Admin, User, member of another team and removed member', async () => {
    const failures: string[] = [];
    /** What each persona sent so far: their own audit log records what they tried (not a leak). */
    const sent: Record<Persona, string> = { admin: '', user: '', outsider: '', removed: '' };
    for (const [key, cases] of Object.entries(MATRIX)) {
      for (const row of cases) {
        const made = row.setup ? await row.setup() : {};
        for (const persona of PERSONAS) {
          const request = row.request(persona, made);
          sent[persona] += JSON.stringify(request);
          const response = await send(persona, request);
          const where = `${key} on ${row.on} as ${persona}`;
          try {
            expect(response.status, response.text.slice(0, 300)).toBe(row.expect[persona]);
            if (response.status === 403 && !OWNER_MESSAGES.includes(response.body.message))
              expect(response.body.message).toBe(TEAM_MESSAGES.adminRequired);
            if (persona !== 'admin') {
              const echoes = key.startsWith('GET /audit') ? sent[persona] : JSON.stringify(request);
              const markers = leakMarkers().filter((marker) => marker && !echoes.includes(marker));
              for (const marker of markers) expect(response.text, `leaks ${marker}`).not.toContain(marker);
            }
            row.check?.(persona, response);
          } catch (error) {
            failures.push(`${where}: ${(error as Error).message}`);
          }
        }
        await row.teardown?.(made);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
