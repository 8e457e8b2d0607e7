import { auditPageSchema, TEAM_MESSAGES, teamSummarySchema } from '@agentforge/shared';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { fetchAuthSession, updateUserAttributes } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { type Api, apiAs } from '../support/api.js';
import { configureAmplify, signUpAndSignIn, uniqueEmail } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { teamHelpers, userIdOf } from '../support/teams.js';

/**
 * On a waitlist stage a team's invitation is an admission: POST /teams/join is open to every
 * signed-in user, and a waitlisted invitee who accepts (the code and the address checked) is let in.
 */
const APP = 'http://localhost:5173';
const OWNER = uniqueEmail('wl-owner');

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({
    web: false,
    appOrigins: [APP],
    accessMode: 'waitlist',
    whitelistedEmails: [OWNER],
  });
  configureAmplify(stack.runtimeConfig);
});
afterAll(async () => {
  await stack?.stop();
});

async function person(email: string): Promise<{ api: Api; email: string; userId: string }> {
  const { idToken } = await signUpAndSignIn(email);
  return { api: apiAs(stack.apiUrl, idToken), email, userId: userIdOf(idToken) };
}

const codeFor = (email: string) => teamHelpers(stack).codeFor(email);

let owner: Awaited<ReturnType<typeof person>> | undefined;
/** The whitelisted owner, signed up once for the file. */
const theOwner = async () => {
  owner ??= await person(OWNER);
  return owner;
};

describe('joining a team on a waitlist stage', () => {
  it('admits a waitlisted invitee who accepts, and no one else', async () => {
    const owner = await theOwner();
    const invitee = await person(uniqueEmail('wl-invitee'));
    const stranger = await person(uniqueEmail('wl-stranger'));
    expect((await owner.api.get('/user')).body.access).toBe('granted');
    expect((await invitee.api.get('/user')).body.access).toBe('waitlisted');
    expect((await invitee.api.get('/conversations')).status).toBe(403);

    const created = await owner.api.post('/teams', { name: 'Early' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { teamId } = teamSummarySchema.parse(created.body);
    const invited = await owner.api.post(`/teams/${teamId}/invitations`, { email: invitee.email });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const code = await codeFor(invitee.email);

    // The route is reachable, but a code that is not theirs admits no one.
    expect(await stranger.api.post('/teams/join', { code })).toMatchObject({
      status: 403,
      body: { message: TEAM_MESSAGES.invitationForAnotherEmail },
    });
    expect((await stranger.api.post('/teams/join', { code: 'x'.repeat(32) })).status).toBe(404);
    expect((await stranger.api.get('/user')).body.access).toBe('waitlisted');
    // The rest of the teams area stays closed to the waitlisted.
    expect((await stranger.api.post('/teams', { name: 'Sneaky' })).status).toBe(403);

    const joined = await invitee.api.post('/teams/join', { code });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toMatchObject({ teamId, role: 'user', name: 'Early' });
    expect((await invitee.api.get('/user')).body.access).toBe('granted');
    expect((await invitee.api.get('/conversations')).status).toBe(200);
    expect((await invitee.api.get(`/teams/${teamId}`)).status).toBe(200);

    const db = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamodb.endpoint });
    const { Item } = await db.send(
      new GetCommand({ TableName: stack.dynamodb.tableNames.users, Key: { userId: invitee.userId } }),
    );
    expect(Item).toMatchObject({ admittedBy: 'team', admittedAt: expect.any(Number) });
    // The join is in the team's log, saying it admitted them.
    const log = await owner.api.get(`/audit?teamId=${teamId}&action=member.joined`);
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(auditPageSchema.parse(log.body).records).toEqual([
      expect.objectContaining({
        actor: invitee.userId,
        details: expect.objectContaining({ admitted: true }),
      }),
    ]);
  }, 60_000);

  it('lets no one accept with an address they have not confirmed: an e-mail change waits for its code', async () => {
    const owner = await theOwner();
    const victim = uniqueEmail('wl-victim'); // invited, no account yet
    const { teamId } = teamSummarySchema.parse((await owner.api.post('/teams', { name: 'Victims' })).body);
    expect((await owner.api.post(`/teams/${teamId}/invitations`, { email: victim })).status).toBe(201);
    const code = await codeFor(victim);

    const attacker = await person(uniqueEmail('wl-attacker'));
    const change = await updateUserAttributes({ userAttributes: { email: victim } });
    expect(change.email?.nextStep.updateAttributeStep).toBe('CONFIRM_ATTRIBUTE_WITH_CODE');
    // The code went to the victim's mailbox; unconfirmed, the token still says the attacker's address.
    const idToken = (await fetchAuthSession({ forceRefresh: true })).tokens?.idToken;
    expect(idToken?.payload.email).toBe(attacker.email);
    const api = apiAs(stack.apiUrl, idToken?.toString());
    expect(await api.post('/teams/join', { code })).toMatchObject({
      status: 403,
      body: { message: TEAM_MESSAGES.invitationForAnotherEmail },
    });
    expect((await api.get('/user')).body.access).toBe('waitlisted');
    // Nor can anyone take an address another user has.
    await expect(updateUserAttributes({ userAttributes: { email: OWNER } })).rejects.toMatchObject({
      name: 'AliasExistsException',
    });
  }, 60_000);
});
