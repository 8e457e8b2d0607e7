import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ACCOUNT_DELETION_STEPS } from '@agentforge/shared';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { signIn, signOut } from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { TABLE_DEFINITIONS, type TableId } from '../../functions/src/adapters/dynamodb/table-definitions.js';
import { admit, localTarget } from '../../scripts/admin.js';
import { createOutbox } from '../../scripts/local/outbox.js';
import { apiAs, completeOnboarding, onboardingPayload, waitForDeletion } from '../support/api.js';
import { configureAmplify, signUpAndSignIn, TEST_PASSWORD } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';

const INVITE = 'friends-of-agentforge';
let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack({ web: false, inviteCodes: [INVITE] });
  configureAmplify(stack.runtimeConfig);
});
afterAll(() => stack?.stop());
afterEach(() => {
  process.env.ACCESS_MODE = 'open';
});

const as = (user: { idToken: string }) => apiAs(stack.apiUrl, user.idToken);
const db = () => createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamodb.endpoint });
const table = (id: TableId) => stack.dynamodb.tableNames[id];

describe('the onboarding gate', () => {
  it('answers the user check, refuses a payload that breaks a rule, and records a valid one', async () => {
    const user = await signUpAndSignIn();
    const api = as(user);
    expect((await api.get('/user')).body).toEqual({
      isWhitelisted: false,
      hasCompletedOnboarding: false,
      email: user.email,
      access: 'granted',
    });

    const short = await api.post('/user/onboarding', {
      ...onboardingPayload(user.email),
      challengeToSolve: ' short ',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('Please tell us what you want to build with AgentForge.');
    expect(
      (await api.post('/user/onboarding', { ...onboardingPayload(user.email), companySize: '7' })).status,
    ).toBe(400);

    const done = await api.post('/user/onboarding', onboardingPayload(user.email));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ hasCompletedOnboarding: true, access: 'granted' });
    expect((await api.get('/user')).body.hasCompletedOnboarding).toBe(true);
    const { Item } = await db().send(
      new GetCommand({ TableName: table('users'), Key: { userId: userIdOf(user) } }),
    );
    expect(Item?.onboarding).toMatchObject({ userRole: 'Developer/Engineer', useCase: 'build_mvp' });
  });
});

describe('the waitlist', () => {
  it('refuses the product to a waitlisted user with a clear 403, keeps the waitlist form, and the admin CLI admits them', async () => {
    process.env.ACCESS_MODE = 'waitlist';
    const user = await signUpAndSignIn();
    const api = as(user);
    await completeOnboarding(stack.apiUrl, user);
    expect((await api.get('/user')).body.access).toBe('waitlisted');

    const refused = await api.get('/conversations');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'FORBIDDEN',
      message: expect.stringContaining('You are on the waitlist'),
    });
    expect((await api.get('/mcp-servers')).status).toBe(403);
    // Their own account stays reachable.
    expect((await api.get('/users/profile')).status).toBe(200);

    expect((await api.put('/users/me/waitlist-info', { admittedAt: 1 })).status).toBe(400);
    expect((await api.put('/users/me/waitlist-info', { website: 'ftp://x.example' })).status).toBe(400);
    const saved = await api.put('/users/me/waitlist-info', { referralSource: 'a friend', notes: 'agents!' });
    expect(saved).toEqual({ status: 200, body: { access: 'waitlisted' } });

    // `npm run admin -- admit <email>`, the command itself, against this stack's DynamoDB and outbox.
    const { stdout } = await promisify(execFile)(
      join(process.cwd(), 'node_modules/.bin/tsx'),
      ['scripts/admin.ts', 'admit', user.email],
      {
        env: {
          ...process.env,
          DYNAMODB_PORT: new URL(stack.dynamodb.endpoint).port,
          LOCAL_DATA_DIR: stack.dataDir,
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
      },
    );
    expect(stdout).toContain(`Admitted ${user.email}`);
    const admissions = async () =>
      (await createOutbox(stack.outboxFile).read()).filter(
        (entry) => entry.to === user.email && entry.kind === 'waitlist-admitted',
      );
    const mail = await admissions();
    expect(mail).toEqual([
      expect.objectContaining({ kind: 'waitlist-admitted', subject: "You're in: welcome to AgentForge" }),
    ]);

    expect((await api.get('/user')).body.access).toBe('granted');
    expect((await api.get('/conversations')).status).toBe(200);
    // Admitting again changes nothing and mails nobody.
    const target = localTarget({
      dynamodbEndpoint: stack.dynamodb.endpoint,
      usersTable: table('users'),
      outboxFile: stack.outboxFile,
      appUrl: 'http://localhost:5173',
    });
    expect(await admit(target, user.email)).toEqual([{ status: 'already-admitted', userId: userIdOf(user) }]);
    expect(await admit(target, 'nobody@example.com')).toEqual([{ status: 'not-found' }]);
    expect(await admissions()).toHaveLength(1);

    const { Item } = await db().send(
      new GetCommand({ TableName: table('users'), Key: { userId: userIdOf(user) } }),
    );
    expect(Item).toMatchObject({
      admittedBy: 'operator',
      waitlistInfo: { referralSource: 'a friend', notes: 'agents!' },
    });
  });

  it('admits at once with an invite code, and refuses an unknown one', async () => {
    process.env.ACCESS_MODE = 'waitlist';
    const user = await signUpAndSignIn();
    const api = as(user);
    await completeOnboarding(stack.apiUrl, user);
    const wrong = await api.put('/users/me/waitlist-info', { inviteCode: 'guessed-code' });
    expect(wrong).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'That invite code is not valid.' },
    });
    expect((await api.put('/users/me/waitlist-info', { inviteCode: INVITE })).body).toEqual({
      access: 'granted',
    });
    expect((await api.get('/conversations')).status).toBe(200);
  });
});

describe('invite codes on a waitlist stage', () => {
  const wrongCode = (index: number) => ({ inviteCode: `guess-${index}` });

  it('answers 5 wrong codes, then throttles the user (30 at once included) until the window ends', async () => {
    process.env.ACCESS_MODE = 'waitlist';
    const user = await signUpAndSignIn();
    const api = as(user);
    await completeOnboarding(stack.apiUrl, user);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => api.put('/users/me/waitlist-info', wrongCode(index))),
    );
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(throttled).toHaveLength(25);
    expect(throttled[0]?.body).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many wrong invite codes. Try again in 15 minutes.',
    });
    // Throttled, even the right code is not tried: guessing gains nothing.
    expect((await api.put('/users/me/waitlist-info', { inviteCode: INVITE })).status).toBe(429);
    expect((await api.get('/user')).body.access).toBe('waitlisted');
    // Another user is not throttled by this one.
    const other = await signUpAndSignIn();
    await completeOnboarding(stack.apiUrl, other);
    expect((await as(other).put('/users/me/waitlist-info', wrongCode(0))).status).toBe(400);

    // The window (on the user's record, shared by every Lambda instance) ends: the right code works.
    await db().send(
      new UpdateCommand({
        TableName: table('users'),
        Key: { userId: userIdOf(user) },
        UpdateExpression: 'SET inviteCodeWindowStart = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 16 * 60 * 1000 },
      }),
    );
    expect((await api.put('/users/me/waitlist-info', { inviteCode: INVITE })).body).toEqual({
      access: 'granted',
    });
  });

  it('takes a right code after 4 wrong ones, and the right code clears the count', async () => {
    process.env.ACCESS_MODE = 'waitlist';
    const user = await signUpAndSignIn();
    const api = as(user);
    await completeOnboarding(stack.apiUrl, user);
    for (let index = 0; index < 4; index += 1)
      expect((await api.put('/users/me/waitlist-info', wrongCode(index))).status).toBe(400);
    expect((await api.put('/users/me/waitlist-info', { inviteCode: INVITE })).body).toEqual({
      access: 'granted',
    });
    const { Item } = await db().send(
      new GetCommand({ TableName: table('users'), Key: { userId: userIdOf(user) } }),
    );
    expect(Item).not.toHaveProperty('inviteCodeAttempts');
  });
});

describe('the profile', () => {
  it('validates and saves the profile setup form, and GET /users/profile returns it', async () => {
    const user = await signUpAndSignIn();
    const api = as(user);
    expect((await api.get('/users/profile')).body).toEqual({
      userId: userIdOf(user),
      email: user.email,
      profile: null,
    });
    const profile = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines',
      companySize: 'small',
      role: 'CTO',
    };
    const missing = await api.put('/users/profile', { ...profile, lastName: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Last Name is required');
    expect((await api.put('/users/profile', { ...profile, companySize: 'huge' })).status).toBe(400);
    expect((await api.put('/users/profile', { ...profile, userId: 'someone-else' })).status).toBe(400);
    expect((await api.put('/users/profile', profile)).status).toBe(200);
    expect((await api.get('/users/profile')).body).toEqual({
      userId: userIdOf(user),
      email: user.email,
      profile,
    });
  });
});

describe('account deletion', () => {
  it('removes every item of the user in every table and their sign-in, and nothing of anyone else', async () => {
    const user = await signUpAndSignIn();
    const other = await signUpAndSignIn();
    const userId = userIdOf(user);
    const api = as(user);
    await completeOnboarding(stack.apiUrl, user);
    await completeOnboarding(stack.apiUrl, other);

    const conversation = await api.post('/conversations', newConversation());
    const conversationId = conversation.body.id as string;
    expect(
      (
        await api.post('/messages', {
          conversationId,
          content: 'hello',
          role: 'user',
          provider: 'anthropic',
          model: 'claude-3-haiku-20240307',
        })
      ).status,
    ).toBe(201);
    expect((await api.post('/mcp-servers', serverConfig())).status).toBe(201);
    expect(
      (await api.post('/api-keys', { provider: 'openai', apiKey: 'sk-test-1234567890abcd', label: 'x' }))
        .status,
    ).toBe(201);
    expect((await api.put('/workspace/files', { path: 'a.js', content: '1' })).status).toBeLessThan(300);
    expect((await api.post('/prompts', { title: 'Mine', body: 'A saved prompt' })).status).toBe(201);
    const automation = {
      name: 'Mine',
      goal: 'Summarise the day',
      mode: 'single_agent',
      serverIds: [],
      provider: 'anthropic',
      model: 'claude-3-haiku-20240307',
      trigger: { type: 'manual' },
      budget: { maxTokens: 1_000, maxToolCalls: 5, maxMinutes: 5 },
    };
    expect((await api.post('/automations', automation)).status).toBe(201);
    expect((await api.post('/knowledge/collections', { name: 'Mine' })).status).toBe(201);
    expect((await api.put('/users/profile', PROFILE)).status).toBe(200);
    // What no route of this test writes directly: a plan, usage, a billing record and an OAuth connection.
    const client = db();
    await client.send(
      new PutCommand({
        TableName: table('agentPlans'),
        Item: { conversationId, planId: '01PLAN', goal: 'x' },
      }),
    );
    await client.send(
      new PutCommand({ TableName: table('usage'), Item: { userId, period: 'tokens#2026-01-01', used: 5 } }),
    );
    await client.send(new PutCommand({ TableName: table('billing'), Item: { userId, tier: 'free' } }));
    // A remote server's OAuth connection (its tokens are written by the authorization's callback).
    await client.send(
      new PutCommand({
        TableName: table('oauthConnections'),
        Item: { userId, key: 'connection#srv-1', tokens: 'sealed' },
      }),
    );
    const otherConversation = await as(other).post('/conversations', newConversation());
    // A team the user owns alone goes with the account (its record, the membership).
    const team = await api.post('/teams', { name: 'Mine' });
    expect(team.status).toBe(201);
    const teamId = team.body.teamId as string;
    // Memory: the user's facts and the team's setting (billing items `memory#<userId>`, `memory#team#<teamId>`).
    expect((await api.post('/users/memory/facts', { text: 'I prefer TypeScript.' })).status).toBe(201);
    expect((await api.put(`/teams/${teamId}/memory`, { allowed: true })).status).toBe(200);
    expect(await billingItem(`memory#${userId}`)).toBeDefined();
    expect(await billingItem(`memory#team#${teamId}`)).toBeDefined();

    const before = await itemsOf(userId, conversationId, teamId);
    for (const definition of TABLE_DEFINITIONS)
      expect(before[definition.id], definition.id).toBeGreaterThan(0);

    expect(await myTeamsItem(userId)).toBeDefined();
    const wrong = await api.del('/users/me', { confirmEmail: other.email });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Type your e-mail address exactly to confirm.');
    expect((await api.del('/users/me', {})).status).toBe(400);

    const requested = await api.del('/users/me', { confirmEmail: user.email.toUpperCase() });
    expect(requested.status).toBe(202);
    expect(requested.body).toMatchObject({ state: 'queued', stepsDone: [] });
    expect((await waitForDeletion(api)).body).toMatchObject({
      state: 'done',
      stepsDone: [...ACCOUNT_DELETION_STEPS],
    });
    const after = await itemsOf(userId, conversationId, teamId);
    // "My teams" (the billing table's `teams-of#<userId>` item) goes too.
    expect(await myTeamsItem(userId)).toBeUndefined();
    expect(await billingItem(`memory#${userId}`)).toBeUndefined();
    expect(await billingItem(`memory#team#${teamId}`)).toBeUndefined();
    for (const definition of TABLE_DEFINITIONS.filter(({ id }) => id !== 'audit' && id !== 'users'))
      expect(after[definition.id], definition.id).toBe(0);
    // The user's record is now its tombstone: nothing of theirs but when it went (and its TTL).
    const tombstone = { userId, deletedAt: expect.any(Number), expiresAt: expect.any(Number) };
    const record = async () =>
      (await client.send(new GetCommand({ TableName: table('users'), Key: { userId } }))).Item;
    expect(await record()).toEqual(tombstone);
    // The audit log is kept for its retention, ending with the deletion: its request, then what the
    // job deleted that is audited on its own (the team owned alone).
    const { Items: newest = [] } = await client.send(
      new QueryCommand({
        TableName: table('audit'),
        KeyConditionExpression: '#scope = :scope',
        ExpressionAttributeNames: { '#scope': 'scope' },
        ExpressionAttributeValues: { ':scope': `user#${userId}` },
        ScanIndexForward: false,
        Limit: 2,
      }),
    );
    expect(newest.map((item) => item.action)).toEqual(['team.deleted', 'account.deleted']);
    expect(newest[1]).toMatchObject({ outcome: 'success', actor: userId });

    // The account's ID token is still valid for a while: every route refuses it (401), the streams
    // too, and nothing is recreated.
    const refused: [string, string, unknown?][] = [
      ['GET', '/user'],
      ['GET', '/users/me'],
      ['POST', '/conversations', newConversation()],
      ['POST', '/api-keys', { provider: 'openai', apiKey: 'sk-test-1234567890abcd', label: 'x' }],
      ['GET', '/conversations'],
      ['PUT', '/users/profile', PROFILE],
      ['DELETE', '/users/me', { confirmEmail: user.email }],
    ];
    for (const [method, path, body] of refused) {
      expect((await api.call(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    const stream = await fetch(
      `${stack.apiUrl}/api/messages/generate-stream?${new URLSearchParams({ conversationId, provider: 'anthropic', model: 'claude-3-haiku-20240307', triggerContent: 'hi' })}`,
      { headers: { Authorization: `Bearer ${user.idToken}` } },
    );
    expect(stream.status).toBe(401);
    expect(await itemsOf(userId, conversationId, teamId)).toEqual(after);
    expect(await record()).toEqual(tombstone);

    await signOut();
    await expect(signIn({ username: user.email, password: TEST_PASSWORD })).rejects.toThrow();
    // The other user keeps everything.
    expect((await as(other).get(`/conversations/${otherConversation.body.id as string}`)).status).toBe(200);
    expect((await as(other).get('/user')).body.hasCompletedOnboarding).toBe(true);
  });
});

const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Engines',
  companySize: 'small',
  role: 'CTO',
};

function newConversation() {
  const at = Date.now();
  return {
    title: 'Doomed',
    name: 'Doomed',
    messages: [],
    createdAt: at,
    updatedAt: at,
    metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
  };
}

function serverConfig() {
  return {
    name: 'Everything',
    packageName: '@modelcontextprotocol/server-everything',
    idleTimeoutMinutes: 5,
    environmentVariables: [],
  };
}

/** The ID token's subject: the user's id in every table. */
function userIdOf(user: { idToken: string }): string {
  return JSON.parse(Buffer.from(user.idToken.split('.')[1] as string, 'base64url').toString()).sub as string;
}

const myTeamsItem = (userId: string) => billingItem(`teams-of#${userId}`);

async function billingItem(key: string) {
  const { Item } = await db().send(
    new GetCommand({ TableName: table('billing'), Key: { userId: key }, ConsistentRead: true }),
  );
  return Item;
}

/** How many items each table holds for the user (messages and plans: under their conversation). */
async function itemsOf(
  userId: string,
  conversationId: string,
  teamId: string,
): Promise<Record<TableId, number>> {
  const client = db();
  const counts = {} as Record<TableId, number>;
  for (const definition of TABLE_DEFINITIONS) {
    const key = definition.partitionKey.name;
    const value =
      key === 'conversationId'
        ? conversationId
        : key === 'scope'
          ? `user#${userId}`
          : key === 'teamId'
            ? teamId
            : userId;
    const { Count } = await client.send(
      new QueryCommand({
        TableName: table(definition.id),
        KeyConditionExpression: '#k = :v',
        ExpressionAttributeNames: { '#k': key },
        ExpressionAttributeValues: { ':v': value },
        Select: 'COUNT',
      }),
    );
    counts[definition.id] = Count ?? 0;
  }
  return counts;
}
