import {
  ACCOUNT_MESSAGES,
  checkoutResponseSchema,
  invitationPreviewSchema,
  listInvitationsResponseSchema,
  listTeamsResponseSchema,
  PLAN_LIMITS,
  TEAM_MESSAGES,
  teamDetailSchema,
  teamSummarySchema,
  teamUsageSchema,
} from '@agentforge/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, deleteAccountAndWait } from '../support/api.js';
import { configureAmplify } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, startModelServer } from '../support/model-server/index.js';
import { collect, readStream } from '../support/sse.js';
import { type Person, teamHelpers } from '../support/teams.js';

type Helpers = ReturnType<typeof teamHelpers>;

const APP = 'http://localhost:5173';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let stripe: Stripe;
let models: ModelServer;

let person: Helpers['person'];
let createTeam: Helpers['createTeam'];
let codeFor: Helpers['codeFor'];
let invite: Helpers['invite'];
let join: Helpers['join'];
let invitationMail: Helpers['invitationMail'];
let remove: Helpers['remove'];

beforeAll(async () => {
  models = await startModelServer();
  stack = await startTestStack({ web: false, appOrigins: [APP] });
  ({ person, createTeam, codeFor, invite, join, invitationMail, remove } = teamHelpers(stack));
  configureAmplify(stack.runtimeConfig);
  const { port } = new URL(stack.stripe.url);
  stripe = new Stripe(stack.stripe.secretKey, { host: 'localhost', port: Number(port), protocol: 'http' });
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

async function detail(api: Api, teamId: string) {
  const response = await api.get(`/teams/${teamId}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return teamDetailSchema.parse(response.body);
}

describe('teams: members, invitations and roles', () => {
  it('creates a team, invites by e-mail, and the invitee joins with the code from the outbox', async () => {
    const owner = await person('owner');
    const member = await person('member');
    const team = await createTeam(owner, 'Platform');
    expect(team).toMatchObject({ name: 'Platform', role: 'admin', isOwner: true, memberCount: 1 });

    const invitation = await invite(owner, team.teamId, member.email.toUpperCase());
    expect(invitation).toMatchObject({ email: member.email, role: 'user', invitedBy: owner.userId });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * 24 * 3600 * 1000);
    const listed = listInvitationsResponseSchema.parse(
      (await owner.api.get(`/teams/${team.teamId}/invitations`)).body,
    );
    expect(listed.invitations.map((i) => i.invitationId)).toEqual([invitation.invitationId]);
    expect(JSON.stringify(listed)).not.toContain('codeHash');
    // A second invitation to the same address is refused while one is pending.
    expect((await owner.api.post(`/teams/${team.teamId}/invitations`, { email: member.email })).status).toBe(
      409,
    );

    // The e-mail carries the code and the link to the join page.
    const mail = await invitationMail(member.email);
    expect(mail.text).toContain(`${APP}/teams/join?code=${mail.code}`);
    // The Admin gets the same link once (to pass on if the mail does not arrive); the list never.
    expect(invitation.joinUrl).toBe(`${APP}/teams/join?code=${mail.code}`);
    // Resend: a new code; the old one stops working.
    const oldCode = mail.code;
    const resent = await owner.api.post(
      `/teams/${team.teamId}/invitations/${invitation.invitationId}/resend`,
    );
    expect(resent.status).toBe(200);
    const code = await codeFor(member.email);
    expect(code).not.toBe(oldCode);
    expect(resent.body.joinUrl).toBe(`${APP}/teams/join?code=${code}`);
    expect((await member.api.post('/teams/join', { code: oldCode })).body).toMatchObject({
      message: TEAM_MESSAGES.invitationInvalid,
    });

    // Someone else signed in cannot use the code.
    const stranger = await person('stranger');
    const refused = await stranger.api.post('/teams/join', { code });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: TEAM_MESSAGES.invitationForAnotherEmail },
    });

    const joined = await member.api.post('/teams/join', { code });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ teamId: team.teamId, role: 'user', isOwner: false, memberCount: 2 });
    // The code is used once.
    expect((await member.api.post('/teams/join', { code })).status).toBe(404);
    expect(
      listInvitationsResponseSchema.parse((await owner.api.get(`/teams/${team.teamId}/invitations`)).body),
    ).toEqual({ invitations: [] });

    const teams = listTeamsResponseSchema.parse((await member.api.get('/teams')).body).teams;
    expect(teams).toEqual([expect.objectContaining({ teamId: team.teamId, role: 'user', name: 'Platform' })]);
    const platform = await detail(owner.api, team.teamId);
    expect(platform.plan).toEqual({ tier: 'free', status: 'active', seats: 0, cancelAtPeriodEnd: false });
    const members = platform.members;
    expect(members.map((m) => [m.email, m.role, m.isOwner])).toEqual([
      [owner.email, 'admin', true],
      [member.email, 'user', false],
    ]);
  });

  it('shows the invitee the invitation (team, inviter, role, expiry) and lets them decline it', async () => {
    const owner = await person('inv-owner');
    const invitee = await person('invitee');
    const stranger = await person('inv-stranger');
    const team = await createTeam(owner, 'Gamma');
    const issued = await invite(owner, team.teamId, invitee.email, 'admin');
    const code = await codeFor(invitee.email);

    const read = await invitee.api.post('/teams/join/invitation', { code });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(invitationPreviewSchema.parse(read.body)).toEqual({
      teamName: 'Gamma',
      invitedByEmail: owner.email,
      role: 'admin',
      expiresAt: issued.expiresAt,
      expired: false,
    });
    // Another account with the code learns nothing of the team: the accept route's 403.
    for (const path of ['/teams/join/invitation', '/teams/join/decline']) {
      const refused = await stranger.api.post(path, { code });
      expect(refused).toMatchObject({
        status: 403,
        body: { message: TEAM_MESSAGES.invitationForAnotherEmail },
      });
      expect(JSON.stringify(refused.body)).not.toContain('Gamma');
    }
    expect((await invitee.api.post('/teams/join/invitation', { code: 'x'.repeat(32) })).status).toBe(404);
    expect((await invitee.api.post('/teams/join/decline', { code: 'short' })).status).toBe(400);

    expect((await invitee.api.post('/teams/join/decline', { code })).status).toBe(204);
    // No longer pending for the Admins; the code opens nothing any more.
    expect(
      listInvitationsResponseSchema.parse((await owner.api.get(`/teams/${team.teamId}/invitations`)).body),
    ).toEqual({ invitations: [] });
    expect((await invitee.api.post('/teams/join/invitation', { code })).status).toBe(404);
    expect((await invitee.api.post('/teams/join', { code })).status).toBe(404);
    expect((await invitee.api.post('/teams/join/decline', { code })).status).toBe(404);
  });

  it('revokes an invitation, and belongs to several teams', async () => {
    const owner = await person('owner');
    const other = await person('other');
    const member = await person('multi');
    const a = await createTeam(owner, 'Alpha');
    const b = await createTeam(other, 'Beta');
    await join(member, a.teamId, owner);
    const pending = await invite(other, b.teamId, member.email, 'admin');
    const code = await codeFor(member.email);
    expect((await other.api.del(`/teams/${b.teamId}/invitations/${pending.invitationId}`)).status).toBe(204);
    expect((await member.api.post('/teams/join', { code })).status).toBe(404);
    await join(member, b.teamId, other, 'admin');
    const teams = listTeamsResponseSchema.parse((await member.api.get('/teams')).body).teams;
    expect(teams.map((t) => [t.name, t.role])).toEqual([
      ['Alpha', 'user'],
      ['Beta', 'admin'],
    ]);
  });

  it('changes roles, keeps one Admin and the owner, removes, transfers ownership, and lets members leave', async () => {
    const owner = await person('owner');
    const second = await person('second');
    const third = await person('third');
    const team = await createTeam(owner);
    await join(second, team.teamId, owner);
    await join(third, team.teamId, owner);
    const path = (p: Person) => `/teams/${team.teamId}/members/${p.userId}`;

    // The owner stays an Admin; a team keeps one Admin at least.
    expect(await owner.api.put(path(owner), { role: 'user' })).toMatchObject({
      status: 409,
      body: { message: TEAM_MESSAGES.ownerCannotLeave },
    });
    // Leaving is DELETE on one's own membership (the one leave path).
    expect(await owner.api.del(path(owner))).toMatchObject({
      status: 409,
      body: { message: TEAM_MESSAGES.ownerCannotLeave },
    });
    // A User cannot change roles.
    expect(await second.api.put(path(second), { role: 'admin' })).toMatchObject({
      status: 403,
      body: { message: TEAM_MESSAGES.adminRequired },
    });

    expect((await owner.api.put(path(second), { role: 'admin' })).body).toMatchObject({ role: 'admin' });
    // Only the owner transfers ownership; it goes to a member, who becomes an Admin.
    expect(
      await second.api.post(`/teams/${team.teamId}/transfer-ownership`, { userId: third.userId }),
    ).toMatchObject({
      status: 403,
      body: { message: TEAM_MESSAGES.ownerRequired },
    });
    const transferred = await owner.api.post(`/teams/${team.teamId}/transfer-ownership`, {
      userId: third.userId,
    });
    expect(transferred.status).toBe(200);
    const after = teamDetailSchema.parse(transferred.body).members;
    expect(after.find((m) => m.userId === third.userId)).toMatchObject({ role: 'admin', isOwner: true });
    expect(after.find((m) => m.userId === owner.userId)).toMatchObject({ role: 'admin', isOwner: false });

    // Three Admins: two may step down, the last one may not.
    expect((await third.api.put(path(owner), { role: 'user' })).status).toBe(200);
    expect((await second.api.put(path(second), { role: 'user' })).status).toBe(200);
    expect(await third.api.del(path(third))).toMatchObject({ status: 409 });
    expect(await third.api.put(path(third), { role: 'user' })).toMatchObject({ status: 409 });

    // Removal: access ends at once.
    expect((await third.api.del(path(second))).status).toBe(204);
    expect((await second.api.get(`/teams/${team.teamId}`)).status).toBe(404);
    expect(listTeamsResponseSchema.parse((await second.api.get('/teams')).body).teams).toEqual([]);
    // A member leaves: recorded as leaving, not as a removal.
    expect((await owner.api.del(path(owner))).status).toBe(204);
    const left = await detail(third.api, team.teamId);
    expect(left.members.map((m) => m.userId)).toEqual([third.userId]);
    expect(left.team.memberCount).toBe(1);
  });

  it('keeps an Admin when Admins demote each other at once', async () => {
    const owner = await person('owner');
    const a = await person('a');
    const b = await person('b');
    const team = await createTeam(owner);
    await join(a, team.teamId, owner, 'admin');
    await join(b, team.teamId, owner, 'admin');
    // The owner stays; a and b demote each other at once: both may go (the owner remains Admin).
    const results = await Promise.all([
      a.api.put(`/teams/${team.teamId}/members/${b.userId}`, { role: 'user' }),
      b.api.put(`/teams/${team.teamId}/members/${a.userId}`, { role: 'user' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const admins = (await detail(owner.api, team.teamId)).members.filter((m) => m.role === 'admin');
    expect(admins.length).toBeGreaterThanOrEqual(1);
    expect(admins.map((m) => m.userId)).toContain(owner.userId);
  });
});

describe('teams: the subscription follows the members', () => {
  async function pay(checkoutUrl: string) {
    return fetch(`${checkoutUrl}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      }).toString(),
      redirect: 'manual',
    });
  }

  async function teamSubscription(teamId: string) {
    const { data } = await stripe.subscriptions.list({ status: 'all', limit: 100 });
    const sub = data.find((s) => s.metadata?.userId === `team#${teamId}`);
    if (!sub) throw new Error('no team subscription');
    return sub;
  }

  it('checks out one seat per member, then +1 on joining and -1 on removal, and members get Teams', async () => {
    const owner = await person('owner');
    const first = await person('first');
    const team = await createTeam(owner, 'Paying');
    await join(first, team.teamId, owner);
    // A User cannot subscribe the team.
    const body = { successUrl: `${APP}/teams?checkout=done`, cancelUrl: `${APP}/teams` };
    expect((await first.api.post(`/teams/${team.teamId}/subscription/checkout`, body)).status).toBe(403);

    const response = await owner.api.post(`/teams/${team.teamId}/subscription/checkout`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await pay(checkoutResponseSchema.parse(response.body).url)).status).toBe(303);
    const seat = async () => (await teamSubscription(team.teamId)).items.data[0]?.quantity;
    expect(await seat()).toBe(2);
    const portal = await owner.api.post(`/teams/${team.teamId}/subscription/portal`, {
      returnUrl: `${APP}/teams`,
    });
    expect(portal.status, JSON.stringify(portal.body)).toBe(200);
    expect(String(portal.body.url)).toContain(stack.stripe.url);
    expect((await detail(first.api, team.teamId)).plan).toEqual({
      tier: 'teams',
      status: 'active',
      seats: 2,
      cancelAtPeriodEnd: false,
    });
    // The webhook's record is in the team's audit log (its Admins read it).
    const teamLog = await owner.api.get(
      `/audit?teamId=${team.teamId}&action=subscription.checkout_completed`,
    );
    expect(teamLog.status, JSON.stringify(teamLog.body)).toBe(200);
    expect(teamLog.body.records).toEqual([
      expect.objectContaining({ scope: `team#${team.teamId}`, actor: 'system:stripe' }),
    ]);

    // Each member is on Teams now (the plan the limits follow), whatever their own plan.
    const limitMinutes = async (p: Person) => (await p.api.get('/mcp/usage')).body.limitMinutes;
    expect(await limitMinutes(first)).toBe(PLAN_LIMITS.teams.monthlyComputeHours * 60);
    // The usage view shows the limits that apply: the member's own subscription stays Free, so
    // the personal space's tokens are Free's (the team space's are the team's), the servers Teams'.
    const view = (await first.api.get('/subscriptions')).body as {
      subscription: { tier: string };
      usage: { tokens: { limit: number }; compute: { limitHours: number } };
    };
    expect(view.subscription.tier).toBe('free');
    expect(view.usage.tokens.limit).toBe(PLAN_LIMITS.free.tokensPerDay);
    expect(view.usage.compute.limitHours).toBe(PLAN_LIMITS.teams.monthlyComputeHours);

    const second = await person('second');
    expect(await limitMinutes(second)).toBe(PLAN_LIMITS.free.monthlyComputeHours * 60);
    await join(second, team.teamId, owner);
    expect(await seat()).toBe(3);
    expect(await limitMinutes(second)).toBe(PLAN_LIMITS.teams.monthlyComputeHours * 60);
    expect((await owner.api.del(`/teams/${team.teamId}/members/${second.userId}`)).status).toBe(204);
    expect(await seat()).toBe(2);
    expect(await limitMinutes(second)).toBe(PLAN_LIMITS.free.monthlyComputeHours * 60);
    expect((await first.api.del(`/teams/${team.teamId}/members/${first.userId}`)).status).toBe(204);
    expect(await seat()).toBe(1);
    expect((await detail(owner.api, team.teamId)).plan.seats).toBe(1);
    expect(
      ((await teamSubscription(team.teamId)) as unknown as { last_proration_behavior?: string })
        .last_proration_behavior,
    ).toBe('create_prorations');
    // The owner's own subscription is untouched (the team's is its own billing record).
    expect(
      ((await owner.api.get('/subscriptions')).body as { subscription: { tier: string } }).subscription.tier,
    ).toBe('free');
  });

  it('account deletion: an owner with members is refused, a member leaves (the seats drop), a team owned alone goes', async () => {
    const owner = await person('del-owner');
    const member = await person('del-member');
    const team = await createTeam(owner, 'Deleting');
    await join(member, team.teamId, owner);
    const body = { successUrl: `${APP}/teams?checkout=done`, cancelUrl: `${APP}/teams` };
    const checkout = await owner.api.post(`/teams/${team.teamId}/subscription/checkout`, body);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect((await pay(checkoutResponseSchema.parse(checkout.body).url)).status).toBe(303);
    const seat = async () => (await teamSubscription(team.teamId)).items.data[0]?.quantity;
    expect(await seat()).toBe(2);

    // The owner of a team with another member: 409, nothing deleted.
    const refused = await owner.api.del('/users/me', { confirmEmail: owner.email });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.transferOwnershipFirst('Deleting'));
    expect((await detail(owner.api, team.teamId)).members).toHaveLength(2);

    // The member, who also owns a team alone with a pending invitation: both go.
    const solo = await createTeam(member, 'Solo');
    const invitee = await person('del-invitee');
    await invite(member, solo.teamId, invitee.email);
    const code = await codeFor(invitee.email);
    expect((await deleteAccountAndWait(member.api, member.email)).body.state).toBe('done');
    expect(await seat()).toBe(1);
    const after = await detail(owner.api, team.teamId);
    expect(after.members.map((m) => m.userId)).toEqual([owner.userId]);
    expect((await invitee.api.post('/teams/join', { code })).status).toBe(404);
  });
  it('renames (Admins) and deletes (the owner): the subscription is cancelled, members lose access, the audit stays', async () => {
    const owner = await person('rd-owner');
    const admin = await person('rd-admin');
    const member = await person('rd-member');
    const removed = await person('rd-removed');
    const outsider = await person('rd-outsider');
    const team = await createTeam(owner, 'Renamed');
    await join(admin, team.teamId, owner, 'admin');
    await join(member, team.teamId, owner);
    await join(removed, team.teamId, owner);
    expect((await owner.api.del(`/teams/${team.teamId}/members/${removed.userId}`)).status).toBe(204);
    const t = `/teams/${team.teamId}`;

    // Rename: Admins only; validated like a new team's name.
    expect(await member.api.patch(t, { name: 'Mine' })).toMatchObject({
      status: 403,
      body: { message: TEAM_MESSAGES.adminRequired },
    });
    expect((await outsider.api.patch(t, { name: 'Mine' })).status).toBe(404);
    expect((await removed.api.patch(t, { name: 'Mine' })).status).toBe(404);
    expect((await admin.api.patch(t, { name: '   ' })).status).toBe(400);
    expect((await admin.api.patch(t, { name: 'x'.repeat(81) })).status).toBe(400);
    const renamed = await admin.api.patch(t, { name: '  Platform  ' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(teamSummarySchema.parse(renamed.body)).toMatchObject({ name: 'Platform', role: 'admin' });
    expect(listTeamsResponseSchema.parse((await member.api.get('/teams')).body).teams).toEqual([
      expect.objectContaining({ teamId: team.teamId, name: 'Platform' }),
    ]);

    // Subscribed, with a team server, a team key and a pending invitation.
    const body = { successUrl: `${APP}/teams?checkout=done`, cancelUrl: `${APP}/teams` };
    const checkout = await owner.api.post(`${t}/subscription/checkout`, body);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect((await pay(checkoutResponseSchema.parse(checkout.body).url)).status).toBe(303);
    expect((await teamSubscription(team.teamId)).status).toBe('active');
    const server = await admin.api.post(`/mcp-servers?teamId=${team.teamId}`, {
      name: 'Team tools',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
    });
    expect(server.status, JSON.stringify(server.body)).toBe(201);
    const key = await admin.api.post(`/api-keys?teamId=${team.teamId}`, {
      provider: 'custom',
      baseUrl: models.baseUrls.custom,
      apiKey: 'sk-team-delete-0042',
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const invitee = await person('rd-invitee');
    await invite(admin, team.teamId, invitee.email);
    const code = await codeFor(invitee.email);

    // Delete: the owner only (an Admin and a User get 403 saying so; others 404).
    for (const p of [admin, member])
      expect(await p.api.del(t)).toMatchObject({
        status: 403,
        body: { message: TEAM_MESSAGES.ownerRequiredToDelete },
      });
    expect((await outsider.api.del(t)).status).toBe(404);
    expect((await removed.api.del(t)).status).toBe(404);
    expect((await detail(owner.api, team.teamId)).members).toHaveLength(3);

    expect((await owner.api.del(t)).status).toBe(204);
    // Stripe: cancelled now, and our record follows.
    expect((await teamSubscription(team.teamId)).status).toBe('canceled');
    // Every former member: 404 on the team and its resources, and it is not in their teams.
    for (const p of [owner, admin, member]) {
      expect((await p.api.get(t)).status).toBe(404);
      expect((await p.api.patch(t, { name: 'Back' })).status).toBe(404);
      expect(listTeamsResponseSchema.parse((await p.api.get('/teams')).body).teams).toEqual([]);
    }
    expect((await admin.api.get(`/mcp-servers/${String(server.body.id)}`)).status).toBe(404);
    expect((await admin.api.get(`/api-keys/providers?teamId=${team.teamId}`)).status).toBe(404);
    expect((await invitee.api.post('/teams/join', { code })).status).toBe(404);
    expect((await owner.api.del(t)).status).toBe(404);

    // The team's audit chain stays (append-only), with the rename and the deletion; the owner's log too.
    const { auditService } = await import('../../functions/src/composition/audit.js');
    const chain = (await auditService().list(`team#${team.teamId}`, { limit: 100 })).records;
    expect(chain.map((r) => r.action)).toEqual(expect.arrayContaining(['team.renamed', 'team.deleted']));
    expect(chain.find((r) => r.action === 'team.renamed')).toMatchObject({
      actor: admin.userId,
      details: { from: 'Renamed', to: 'Platform' },
    });
    expect(chain.find((r) => r.action === 'team.deleted')).toMatchObject({
      actor: owner.userId,
      target: `team:${team.teamId}`,
      details: { name: 'Platform' },
    });
    expect(await auditService().verify(`team#${team.teamId}`)).toMatchObject({ ok: true });
    const own = await owner.api.get('/audit?action=team.deleted');
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.records).toEqual([expect.objectContaining({ target: `team:${team.teamId}` })]);
  }, 120_000);
});

describe('teams: shared MCP servers and provider keys', () => {
  const SECRET = 'sk-team-secret-key-0042';

  async function chat(member: Person, provider: string, mcpServerId: string | undefined, prompt: string) {
    const now = Date.now();
    const { body: conversation } = await member.api.post('/conversations', {
      title: 'Team chat',
      name: 'Team chat',
      messages: [],
      createdAt: now,
      updatedAt: now,
      metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
    });
    const query = new URLSearchParams({
      conversationId: conversation.id as string,
      provider,
      model: 'llama3.2:latest',
      triggerContent: prompt,
      ...(mcpServerId ? { mcpServerId } : {}),
    });
    return (
      await collect(readStream(`${stack.apiUrl}/api/messages/generate-stream?${query}`, member.idToken))
    ).map((received) => received.event);
  }

  /** server-everything's get-env through the external endpoint, as an MCP client with `token`. */
  async function envThroughExternalToken(endpoint: string, token: string): Promise<string> {
    const client = new Client({ name: 'external', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${stack.apiUrl}/api${endpoint}`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const result = await client.callTool({ name: 'get-env', arguments: {} });
    await client.close();
    return JSON.stringify(result.content);
  }

  it("ends a team server's external token when the Admin who issued it is removed: 401, no env values", async () => {
    const owner = await person('owner');
    const issuer = await person('issuer');
    const team = await createTeam(owner, 'Outside access');
    await join(issuer, team.teamId, owner, 'admin');
    const ENV_SECRET = 'team-server-env-secret-7781';
    const server = await owner.api.post(`/mcp-servers?teamId=${team.teamId}`, {
      name: 'Team tools',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
      environmentVariables: { TEAM_ENV_SECRET: ENV_SECRET },
    });
    expect(server.status, JSON.stringify(server.body)).toBe(201);
    const serverId = server.body.id as string;
    expect(server.body.externalTokenActive).toBe(false);
    expect((await owner.api.post(`/mcp-servers/${serverId}/enable`)).status).toBe(200);
    await expect
      .poll(async () => (await owner.api.get(`/mcp-servers/${serverId}`)).body.status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe('enabled');

    // The second Admin issues a token: an external client runs tools, the server's env included.
    const issued = await issuer.api.post(`/mcp-servers/${serverId}/external-token`);
    expect(issued.status).toBe(201);
    const { token, endpoint } = issued.body as { token: string; endpoint: string };
    expect(token).not.toContain(issuer.userId);
    expect(await envThroughExternalToken(endpoint, token)).toContain(ENV_SECRET);
    expect((await owner.api.get(`/mcp-servers/${serverId}`)).body.externalTokenActive).toBe(true);

    // Removed from the team, the issuer's token opens nothing: 401, like a wrong token.
    await remove(owner, team.teamId, issuer);
    const call = await fetch(`${stack.apiUrl}/api${endpoint}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get-env', arguments: {} },
      }),
    });
    const text = await call.text();
    expect(call.status, text).toBe(401);
    expect(text).not.toContain(ENV_SECRET);
    // And it was cleared at once, in the team's audit log with why.
    expect((await owner.api.get(`/mcp-servers/${serverId}`)).body.externalTokenActive).toBe(false);
    const log = await owner.api.get(`/audit?teamId=${team.teamId}&action=mcp_server.external_token_revoked`);
    expect(log.body.records).toEqual([
      expect.objectContaining({
        actor: owner.userId,
        target: `mcp-server:${serverId}`,
        details: expect.objectContaining({ reason: 'issuer_removed', issuedBy: issuer.userId }),
      }),
    ]);

    // The owner issues a new one, then revokes it: 401 again.
    const again = await owner.api.post(`/mcp-servers/${serverId}/external-token`);
    expect(await envThroughExternalToken(endpoint, again.body.token as string)).toContain(ENV_SECRET);
    expect((await owner.api.del(`/mcp-servers/${serverId}/external-token`)).status).toBe(204);
    const revoked = await fetch(`${stack.apiUrl}/api${endpoint}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${again.body.token as string}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(revoked.status).toBe(401);
    await owner.api.post(`/mcp-servers/${serverId}/disable`);
  });

  it('lets a User chat with the team key and call the team server, never see the key, nor manage either', async () => {
    const admin = await person('admin');
    const member = await person('member');
    const outsider = await person('outsider');
    const team = await createTeam(admin, 'Shared');
    await join(member, team.teamId, admin);
    const scope = `?teamId=${team.teamId}`;

    // The Admin adds the team's key (a Custom endpoint with a key) and a team server.
    const key = await admin.api.post(`/api-keys${scope}`, {
      provider: 'custom',
      baseUrl: models.baseUrls.custom,
      apiKey: SECRET,
      label: 'Team model',
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    expect(JSON.stringify(key.body)).not.toContain(SECRET);
    const server = await admin.api.post(`/mcp-servers${scope}`, {
      name: 'Team tools',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 5,
      environmentVariables: [],
    });
    expect(server.status, JSON.stringify(server.body)).toBe(201);
    const serverId = server.body.id as string;

    // A User: no key management, no server management; lists the team's servers and providers.
    expect(await member.api.get(`/api-keys${scope}`)).toMatchObject({
      status: 403,
      body: { message: TEAM_MESSAGES.adminRequired },
    });
    expect(
      (await member.api.post(`/api-keys${scope}`, { provider: 'custom', baseUrl: models.baseUrls.custom }))
        .status,
    ).toBe(403);
    expect((await member.api.del(`/api-keys/${key.body.id as string}${scope}`)).status).toBe(403);
    expect(
      (await member.api.post(`/mcp-servers${scope}`, { name: 'x', packageName: 'y', idleTimeoutMinutes: 5 }))
        .status,
    ).toBe(403);
    expect(
      (
        await member.api.put(`/mcp-servers/${serverId}`, {
          name: 'Renamed',
          packageName: '@modelcontextprotocol/server-everything',
          idleTimeoutMinutes: 5,
        })
      ).status,
    ).toBe(403);
    expect((await member.api.del(`/mcp-servers/${serverId}`)).status).toBe(403);
    expect((await member.api.post(`/mcp-servers/${serverId}/disable`)).status).toBe(403);
    expect((await member.api.post(`/mcp-servers/${serverId}/external-token`)).status).toBe(403);
    const servers = await member.api.get(`/mcp-servers${scope}`);
    expect(servers.status).toBe(200);
    expect((servers.body as unknown as { id: string }[]).map((s) => s.id)).toEqual([serverId]);
    // The team's server is not among the member's own.
    expect((await member.api.get('/mcp-servers')).body).toEqual([]);
    const providers = await member.api.get(`/api-keys/providers${scope}`);
    expect(providers.status).toBe(200);
    const teamProvider = `team:${team.teamId}:custom:${key.body.id as string}`;
    expect((providers.body as unknown as { id: string }[]).map((p) => p.id)).toEqual([teamProvider]);
    expect(JSON.stringify(providers.body)).not.toContain(SECRET);
    expect(JSON.stringify((await member.api.get('/api-keys')).body)).not.toContain(SECRET);

    // The User chats with the team's key and the team's server (started on demand).
    const events = await chat(
      member,
      teamProvider,
      serverId,
      'Please echo [[tool:echo {"message":"team tool"}]]',
    );
    const types = events.map((event) => event.type);
    expect(types).toContain('tool_call');
    expect(types).toContain('tool_execution_success');
    expect(events.at(-1)).toMatchObject({ type: 'end', mcpUsedId: serverId, toolCallsCount: 1 });
    expect(JSON.stringify(events)).not.toContain(SECRET);
    // The model server saw the team's key as the bearer of the member's request.
    expect(models.requests.some((request) => (request.headers.authorization ?? '').includes(SECRET))).toBe(
      true,
    );
    // Admins see each member's usage: the team key's tokens are recorded (not limited) on the member.
    const usage = await admin.api.get(`/teams/${team.teamId}/usage`);
    expect(usage.status).toBe(200);
    const row = teamUsageSchema.parse(usage.body).members.find((m) => m.userId === member.userId);
    expect(row?.keyTokensToday).toBeGreaterThan(0);
    expect((await member.api.get(`/teams/${team.teamId}/usage`)).status).toBe(403);

    // Another team's member: the server and the team's providers are not found.
    expect((await outsider.api.get(`/mcp-servers/${serverId}`)).status).toBe(404);
    expect((await outsider.api.get(`/mcp-servers${scope}`)).status).toBe(404);
    expect((await outsider.api.get(`/api-keys/providers${scope}`)).status).toBe(404);
    const stolen = await chat(outsider, teamProvider, undefined, 'Hello');
    expect(stolen.at(-1)).toMatchObject({ type: 'error' });

    // Removed: the key and the server are gone for them at once.
    expect((await admin.api.del(`/teams/${team.teamId}/members/${member.userId}`)).status).toBe(204);
    expect((await member.api.get(`/mcp-servers/${serverId}`)).status).toBe(404);
    expect((await member.api.get(`/mcp-servers${scope}`)).status).toBe(404);
    const after = await chat(member, teamProvider, undefined, 'Hello again');
    expect(after.at(-1)).toMatchObject({ type: 'error' });

    // The Admin manages both.
    expect((await admin.api.post(`/mcp-servers/${serverId}/disable`)).status).toBe(200);
    expect((await admin.api.del(`/mcp-servers/${serverId}`)).status).toBe(204);
    expect((await admin.api.del(`/api-keys/${key.body.id as string}${scope}`)).status).toBe(204);
  }, 120_000);
});
