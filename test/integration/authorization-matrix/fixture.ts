/**
 * The authorization matrix (issue 13): EVERY route of the manifest (functions/src/routes.ts) driven
 * as four personas. Its rows are split by area (`rows/<area>.ts`, each run by `<area>.test.ts` on a
 * local stack of its own with the personas made once, by `run-matrix.ts`); this module holds what
 * every area shares (the personas, the fixtures, the requests), `resources.ts` the throwaway resources:
 *
 * - `admin`    an Admin (and the owner) of the team "Matrix"; also the owner of the personal
 *              resources (`f`: a conversation with a message, an attachment and plans, a provider
 *              key, an MCP server, a workspace file, a saved prompt, an automation, a GitHub code
 *              and state).
 * - `user`     a User of "Matrix".
 * - `outsider` a member (the Admin) of another team, "Elsewhere".
 * - `removed`  a former User of "Matrix", removed by the Admin.
 *
 * THE TABLE. Each area's `Rows` map a route key, `METHOD /path` exactly as in the manifest, to its
 * cases; `every-route.test.ts` fails when a manifest route has no row in any area (classify every new
 * route, in the area `every-route.test.ts` lists) or a row no route, or two areas name one route. A case:
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
import { decodeStreamFrame, splitSseFrames } from '@agentforge/shared';
import type { HttpMethod } from '../../../functions/src/routes.js';
import { configureAmplify } from '../../support/identity.js';
import { startTestStack } from '../../support/local-stack.js';
import { type ModelServer, startModelServer } from '../../support/model-server/index.js';
import { type Person, teamHelpers } from '../../support/teams.js';

export const APP = 'http://localhost:5173';
export const MODEL = 'llama3.2:latest';
export const SERVER_PACKAGE = '@modelcontextprotocol/server-everything';

export const PERSONAS = ['outsider', 'removed', 'user', 'admin'] as const;
export type Persona = (typeof PERSONAS)[number];
export type Expected = Record<Persona, number>;

export const teamAdmins = (s: number): Expected => ({ admin: s, user: 403, outsider: 404, removed: 404 });
export const teamMembers = (s: number): Expected => ({ admin: s, user: s, outsider: 404, removed: 404 });
export const ownerOnly = (s: number): Expected => ({ admin: s, user: 404, outsider: 404, removed: 404 });
export const everyone = (s: number): Expected => ({ admin: s, user: s, outsider: s, removed: s });

export interface Request {
  method: HttpMethod;
  path: string;
  body?: unknown;
  /** Sent as the bearer instead of the persona's ID token (a server's external token). */
  bearer?: string;
}
export const get = (path: string): Request => ({ method: 'GET', path });
export const post = (path: string, body?: unknown): Request => ({ method: 'POST', path, body });
export const put = (path: string, body?: unknown): Request => ({ method: 'PUT', path, body });
export const patch = (path: string, body?: unknown): Request => ({ method: 'PATCH', path, body });
export const del = (path: string, body?: unknown): Request => ({ method: 'DELETE', path, body });
export const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export interface Response {
  status: number;
  /** The JSON body (`{}` when none); for a stream, `{ events }` (the decoded SSE events). */
  body: Record<string, unknown>;
  text: string;
}

export type Made = Record<string, string>;
export interface Case {
  on: string;
  setup?: () => Promise<Made>;
  request: (persona: Persona, made: Made) => Request;
  expect: Expected;
  check?: (persona: Persona, response: Response) => void;
  teardown?: (made: Made) => Promise<void>;
}

// The fixtures, made once in beforeAll (the rows read them when they run).
export let stack: Awaited<ReturnType<typeof startTestStack>>;
export let models: ModelServer;
export let helpers: ReturnType<typeof teamHelpers>;
export const people = {} as Record<Persona, Person>;
/** Not a persona: a member others act on (removal). */
export let spare: Person;
export const f = {
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
export const leakMarkers = () => [
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

export const t = () => `/teams/${f.teamId}`;
export const inTeam = () => `teamId=${f.teamId}`;
export const conv = () => `/conversations/${f.conversationId}`;
/** The Admin's conversation for the Admin, the persona's own for the others. */
/** A user message of the Admin's in their conversation (to edit). */
export const newAdminMessage = async () =>
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
export const ownConv = (p: Persona) => (p === 'admin' ? conv() : `/conversations/${f.own[p]}`);
export const customKey = () => ({ provider: 'custom', baseUrl: models.baseUrls.custom, label: 'Matrix' });
/** A team OpenAI key on the model server (removed again after the row: other rows list the team's providers). */
export const teamOpenAiKey = async (): Promise<Made> => ({
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
export const serverConfig = (name: string) => ({
  name,
  packageName: SERVER_PACKAGE,
  idleTimeoutMinutes: 5,
  environmentVariables: [],
});
export const conversationBody = (title: string) => {
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
export async function send(persona: Persona, request: Request): Promise<Response> {
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
export async function asAdmin(request: Request, status: number): Promise<Response> {
  const response = await send('admin', request);
  if (response.status !== status)
    throw new Error(`${request.method} ${request.path}: ${response.status} ${response.text}`);
  return response;
}

/** An area's rows: a route key (`METHOD /path`, as in the manifest) to its cases. */
export type Rows = Record<string, Case[]>;

/** Starts the stack and the model server and signs the personas (and `spare`) up. */
export async function startFixture(): Promise<void> {
  models = await startModelServer();
  stack = await startTestStack({ web: false, appOrigins: [APP] });
  configureAmplify(stack.runtimeConfig);
  helpers = teamHelpers(stack);
  // Sign-ups one after another: the test's Amplify holds one session at a time.
  for (const persona of PERSONAS) people[persona] = await helpers.person(persona);
  spare = await helpers.person('spare');
}

export async function stopFixture(): Promise<void> {
  await stack?.stop();
  await models?.stop();
}
