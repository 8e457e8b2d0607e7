import { type AuditRecord, auditPageSchema, TEAM_MESSAGES, teamSummarySchema } from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn, uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { teamHelpers, userIdOf } from '../support/teams.js';

/**
 * A team's audit log on the local stack: team events in the team's own chain (and the actor's),
 * with actor, address and user agent; the chain verifies; only the team's Admins read it.
 */
const APP = 'http://localhost:5173';
const USER_AGENT = 'team-audit-test/1.0 (integration)';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ web: false, appOrigins: [APP] });
  configureAmplify(stack.runtimeConfig);
});
afterAll(async () => {
  await stack?.stop();
});

interface Person {
  email: string;
  userId: string;
  call: (
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: Record<string, unknown> }>;
  raw: (path: string) => Promise<Response>;
}

async function person(label: string): Promise<Person> {
  const { email, idToken } = await signUpAndSignIn(uniqueEmail(label));
  const api = apiAs(stack.apiUrl, idToken, { 'User-Agent': USER_AGENT });
  return { email, userId: userIdOf(idToken), call: api.call, raw: (path) => api.raw(path) };
}

const codeFor = (email: string) => teamHelpers(stack).codeFor(email);

async function join(member: Person, teamId: string, admin: Person): Promise<string> {
  const invited = await admin.call('POST', `/teams/${teamId}/invitations`, {
    email: member.email,
    role: 'user',
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const code = await codeFor(member.email);
  const joined = await member.call('POST', '/teams/join', { code });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return code;
}

async function teamRecords(reader: Person, teamId: string): Promise<AuditRecord[]> {
  const { status, body } = await reader.call('GET', `/audit?teamId=${teamId}&limit=100`);
  expect(status, JSON.stringify(body)).toBe(200);
  return auditPageSchema.parse(body).records;
}

describe('team audit log', () => {
  it('records team events in the team chain, readable by its Admins only', async () => {
    const admin = await person('ta-admin');
    const member = await person('ta-member');
    const user = await person('ta-user');
    const outsider = await person('ta-outsider');
    const created = await admin.call('POST', '/teams', { name: 'Audited' });
    expect(created.status).toBe(201);
    const { teamId } = teamSummarySchema.parse(created.body);
    const codes = [await join(member, teamId, admin), await join(user, teamId, admin)];

    // A pending invitation, resent and revoked.
    const pendingEmail = uniqueEmail('ta-pending');
    const pending = await admin.call('POST', `/teams/${teamId}/invitations`, {
      email: pendingEmail,
      role: 'user',
    });
    expect(pending.status).toBe(201);
    codes.push(await codeFor(pendingEmail));
    const resent = await admin.call(
      'POST',
      `/teams/${teamId}/invitations/${String(pending.body.invitationId)}/resend`,
    );
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    codes.push(await codeFor(pendingEmail));
    const revoked = await admin.call(
      'DELETE',
      `/teams/${teamId}/invitations/${String(pending.body.invitationId)}`,
    );
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(204);

    // A team server: recorded in the actor's log and the team's.
    const server = await admin.call('POST', `/mcp-servers?teamId=${teamId}`, {
      name: 'Team tools',
      packageName: '@modelcontextprotocol/server-everything',
      idleTimeoutMinutes: 10,
    });
    expect(server.status, JSON.stringify(server.body)).toBe(201);

    const role = await admin.call('PUT', `/teams/${teamId}/members/${member.userId}`, { role: 'admin' });
    expect(role.status, JSON.stringify(role.body)).toBe(200);

    // A User: 403 with the teams' message; an outsider: 404.
    const asUser = await user.call('GET', `/audit?teamId=${teamId}`);
    expect(asUser.status).toBe(403);
    expect(JSON.stringify(asUser.body)).toContain(TEAM_MESSAGES.adminRequired);
    expect((await user.call('GET', `/audit/export?teamId=${teamId}`)).status).toBe(403);
    expect((await outsider.call('GET', `/audit?teamId=${teamId}`)).status).toBe(404);
    expect((await outsider.call('GET', `/audit/export?teamId=${teamId}&format=json`)).status).toBe(404);
    expect((await user.call('GET', `/audit/verify?teamId=${teamId}`)).status).toBe(403);
    expect((await outsider.call('GET', `/audit/verify?teamId=${teamId}`)).status).toBe(404);

    // A removed member: 404 at once.
    const removed = await admin.call('DELETE', `/teams/${teamId}/members/${user.userId}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect((await user.call('GET', `/audit?teamId=${teamId}`)).status).toBe(404);

    // The promoted member (now an Admin) reads the team's log.
    const records = await teamRecords(member, teamId);
    const actions = records.map((record) => record.action);
    for (const action of [
      'team.created',
      'member.invited',
      'member.joined',
      'member.invitation_resent',
      'member.invitation_revoked',
      'mcp_server.created',
      'member.role_changed',
      'member.removed',
    ]) {
      expect(actions, action).toContain(action);
    }
    for (const record of records) {
      expect(record.scope).toBe(`team#${teamId}`);
      expect(record.userAgent).toBe(USER_AGENT);
      expect(record.sourceIp).not.toBe('unknown');
      expect(record.outcome).toBe('success');
    }
    const roleChanged = records.find((record) => record.action === 'member.role_changed');
    expect(roleChanged).toMatchObject({
      actor: admin.userId,
      target: `member:${member.userId}`,
      details: { from: 'user', to: 'admin' },
    });
    expect(
      records.find((record) => record.action === 'member.joined' && record.actor === member.userId),
    ).toBeTruthy();

    // Never the invitation's code (nor its hash): search the whole log as the API answers it.
    const text = JSON.stringify(records);
    for (const code of codes) expect(text).not.toContain(code);

    // The actor's own log has them too.
    const own = await admin.call('GET', '/audit?limit=100');
    const ownActions = auditPageSchema.parse(own.body).records.map((record) => record.action);
    expect(ownActions).toEqual(
      expect.arrayContaining(['team.created', 'member.role_changed', 'mcp_server.created']),
    );

    // Filters and export as for a user's log.
    const filtered = await member.call('GET', `/audit?teamId=${teamId}&action=member.joined`);
    expect(filtered.status).toBe(200);
    expect(auditPageSchema.parse(filtered.body).records).toHaveLength(2);
    const csv = await member.raw(`/audit/export?teamId=${teamId}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const body = await csv.text();
    expect(body).toContain('member.role_changed');
    for (const code of codes) expect(body).not.toContain(code);

    // The chain verifies.
    const { auditService } = await import('../../functions/src/composition/audit.js');
    const verdict = await auditService().verify(`team#${teamId}`);
    expect(verdict).toMatchObject({ ok: true });
    // Its Admins ask the same through the API.
    expect(await member.call('GET', `/audit/verify?teamId=${teamId}`)).toEqual({
      status: 200,
      body: verdict,
    });
  });
});
