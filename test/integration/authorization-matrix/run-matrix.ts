/** Runs an area's rows of the authorization matrix (see fixture.ts). */
import { type AgentPlan, AUTOMATION_MESSAGES, KNOWLEDGE_MESSAGES, TEAM_MESSAGES } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAdmin,
  conv,
  conversationBody,
  customKey,
  f,
  get,
  helpers,
  inTeam,
  leakMarkers,
  MODEL,
  newAdminMessage,
  PERSONAS,
  type Persona,
  people,
  post,
  type Rows,
  send,
  serverConfig,
  stack,
  startFixture,
  stopFixture,
} from './fixture.js';
import { newConversation, newFile, newPlan, newPrompt, planOnTeamServer } from './resources.js';

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

/**
 * The fixtures every area's rows read (the personas, the teams "Matrix" and "Elsewhere", the Admin's
 * personal resources), made once before an area's rows run.
 */
async function setUpMatrix(): Promise<void> {
  await startFixture();
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
  f.messageId = await newAdminMessage();
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
}

/**
 * Runs an area's rows on a stack of its own: each route as Admin, User, member of another team and
 * removed member (`before`: what the area needs past the fixtures, e.g. the state earlier areas left).
 */
export function runMatrix(area: string, rows: Rows, before?: () => Promise<void>): void {
  beforeAll(async () => {
    await setUpMatrix();
    await before?.();
  }, 150_000);
  afterAll(stopFixture);

  describe(`the authorization matrix: ${area}`, () => {
    it('answers each route as Admin, User, member of another team and removed member', async () => {
      const failures: string[] = [];
      /** What each persona sent so far: their own audit log records what they tried (not a leak). */
      const sent: Record<Persona, string> = { admin: '', user: '', outsider: '', removed: '' };
      for (const [key, cases] of Object.entries(rows)) {
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
}
