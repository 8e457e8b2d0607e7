import {
  AUTOMATION_LIMITS,
  AUTOMATION_MESSAGES,
  automationListSchema,
  automationSchema,
  schedulePreviewSchema,
} from '@agentforge/shared';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import { hashWebhookSecret } from '../../functions/src/domain/automations/automation-service.js';
import { configureAmplify } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { teamHelpers } from '../support/teams.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let helpers: ReturnType<typeof teamHelpers>;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'error';
  stack = await startTestStack({ web: false, appOrigins: ['http://localhost:5173'] });
  configureAmplify(stack.runtimeConfig);
  helpers = teamHelpers(stack);
});
afterAll(async () => {
  await stack?.stop();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Daily digest',
  goal: 'Summarise the open issues',
  mode: 'single_agent',
  serverIds: [],
  provider: 'anthropic',
  model: 'claude-3-haiku-20240307',
  trigger: { type: 'schedule', expression: 'cron(0 9 ? * MON-FRI *)', timezone: 'Europe/Paris' },
  budget: { maxTokens: 5_000, maxToolCalls: 10, maxMinutes: 5 },
  ...overrides,
});

describe('automations on the local stack', () => {
  it('creates, reads, changes, pauses and deletes the caller’s automation; others get 404', async () => {
    const ann = await helpers.person('auto-ann');
    const bob = await helpers.person('auto-bob');
    const created = await ann.api.post('/automations', body());
    expect(created.status).toBe(201);
    const automation = automationSchema.parse(created.body);
    expect(automation).toMatchObject({
      name: 'Daily digest',
      enabled: true,
      editable: true,
      consecutiveFailures: 0,
      notify: 'failure',
      output: 'new',
      approvedTools: [],
    });
    expect(automation.webhookUrl).toBeUndefined();
    // The next weekday at 9:00 in Paris.
    const next = new Date(automation.nextRunAt ?? 0);
    expect(next.getUTCMinutes()).toBe(0);
    expect([7, 8]).toContain(next.getUTCHours());
    expect(next.getTime()).toBeGreaterThan(Date.now());

    expect((await ann.api.get(`/automations/${automation.id}`)).body).toMatchObject({ id: automation.id });
    expect(automationListSchema.parse((await ann.api.get('/automations')).body).automations).toHaveLength(1);
    expect(automationListSchema.parse((await bob.api.get('/automations')).body).automations).toEqual([]);
    for (const response of [
      await bob.api.get(`/automations/${automation.id}`),
      await bob.api.put(`/automations/${automation.id}`, body()),
      await bob.api.patch(`/automations/${automation.id}`, { enabled: false }),
      await bob.api.del(`/automations/${automation.id}`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(AUTOMATION_MESSAGES.notFound);
    }

    const updated = await ann.api.put(
      `/automations/${automation.id}`,
      body({ name: 'Weekly', trigger: { type: 'manual' }, notify: 'always' }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Weekly', notify: 'always', createdAt: automation.createdAt });
    expect(updated.body.nextRunAt).toBeUndefined();

    const paused = await ann.api.patch(`/automations/${automation.id}`, { enabled: false });
    expect(paused.body).toMatchObject({ enabled: false });
    expect((await ann.api.patch(`/automations/${automation.id}`, { enabled: true })).body).toMatchObject({
      enabled: true,
    });
    expect((await ann.api.del(`/automations/${automation.id}`)).status).toBe(204);
    expect((await ann.api.get(`/automations/${automation.id}`)).status).toBe(404);

    const audit = await ann.api.get('/audit?action=automation.created');
    expect((audit.body.records as unknown[]).length).toBe(1);
  });

  it('answers a webhook URL and its secret once (no secret in the URL), stores only the hash, and rotates it', async () => {
    const ann = await helpers.person('auto-hook');
    const created = automationSchema.parse(
      (await ann.api.post('/automations', body({ trigger: { type: 'webhook' } }))).body,
    );
    const url = new URL(created.webhookUrl ?? '');
    expect(url.origin).toBe('http://localhost:5173');
    expect(url.pathname).toBe(`/api/automation-hooks/${created.id}`);
    const secret = created.webhookSecret ?? '';
    expect(secret).toMatch(/^[\w-]{43}$/);
    const db = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamodb.endpoint });
    const { Item } = await db.send(
      new GetCommand({
        TableName: stack.dynamodb.tableNames.automations,
        Key: { userId: ann.userId, key: `automation#${created.id}` },
      }),
    );
    expect(Item?.webhookSecretHash).toBe(hashWebhookSecret(secret));
    expect(JSON.stringify(Item)).not.toContain(secret);
    // Never again in a read, an edit or the list.
    const read = await ann.api.get(`/automations/${created.id}`);
    expect(read.body.webhookSecret).toBeUndefined();
    expect(read.body.webhookUrl).toBeUndefined();
    const edited = await ann.api.put(`/automations/${created.id}`, body({ trigger: { type: 'webhook' } }));
    expect(edited.body.webhookSecret).toBeUndefined();
    const listed = await ann.api.get('/automations');
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const rotated = automationSchema.parse(
      (await ann.api.post(`/automations/${created.id}/webhook-secret`)).body,
    );
    expect(rotated.webhookUrl).toBe(created.webhookUrl);
    expect(rotated.webhookSecret).toMatch(/^[\w-]{43}$/);
    expect(rotated.webhookSecret).not.toBe(secret);
    const manual = automationSchema.parse(
      (await ann.api.post('/automations', body({ trigger: { type: 'manual' } }))).body,
    );
    const refused = await ann.api.post(`/automations/${manual.id}/webhook-secret`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(AUTOMATION_MESSAGES.webhookOnly);
  });

  it('holds a Free plan to its count and its shortest schedule; refuses a bad expression with its message', async () => {
    const ann = await helpers.person('auto-limits');
    const { maxAutomations, minScheduleMinutes } = AUTOMATION_LIMITS.free;
    const tooOften = await ann.api.post(
      '/automations',
      body({ trigger: { type: 'schedule', expression: 'rate(5 minutes)', timezone: 'UTC' } }),
    );
    expect(tooOften.status).toBe(429);
    expect(tooOften.body.message).toBe(AUTOMATION_MESSAGES.scheduleTooFrequent(minScheduleMinutes));
    const cronTooOften = await ann.api.post(
      '/automations',
      body({ trigger: { type: 'schedule', expression: 'cron(0/15 * * * ? *)', timezone: 'UTC' } }),
    );
    expect(cronTooOften.body.message).toBe(AUTOMATION_MESSAGES.scheduleTooFrequent(minScheduleMinutes));
    const bad = await ann.api.post(
      '/automations',
      body({ trigger: { type: 'schedule', expression: 'cron(0 9 * * * *)', timezone: 'UTC' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(AUTOMATION_MESSAGES.expressionInvalid);
    const badZone = await ann.api.post(
      '/automations',
      body({ trigger: { type: 'schedule', expression: 'rate(1 hour)', timezone: 'Mars/Olympus' } }),
    );
    expect(badZone.body.message).toBe(AUTOMATION_MESSAGES.timezoneInvalid);

    for (let index = 0; index < maxAutomations; index++) {
      expect((await ann.api.post('/automations', body({ name: `A${index}` }))).status).toBe(201);
    }
    const over = await ann.api.post('/automations', body({ name: 'One more' }));
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(AUTOMATION_MESSAGES.tooManyAutomations(maxAutomations));
    expect(automationListSchema.parse((await ann.api.get('/automations')).body).automations).toHaveLength(
      maxAutomations,
    );
  });

  it('previews the next five runs in the time zone, or says why the expression is not one', async () => {
    const ann = await helpers.person('auto-preview');
    const preview = await ann.api.get(
      `/automations/schedule-preview?${new URLSearchParams({ expression: 'cron(30 8 ? * 2#1 *)', timezone: 'Asia/Tokyo' })}`,
    );
    expect(preview.status).toBe(200);
    const { nextRuns } = schedulePreviewSchema.parse(preview.body);
    expect(nextRuns).toHaveLength(5);
    for (const at of nextRuns) {
      const tokyo = new Date(at + 9 * 3_600_000);
      expect([tokyo.getUTCDay(), tokyo.getUTCHours(), tokyo.getUTCMinutes()]).toEqual([1, 8, 30]);
      expect(tokyo.getUTCDate()).toBeLessThanOrEqual(7);
    }
    const bad = await ann.api.get(
      `/automations/schedule-preview?${new URLSearchParams({ expression: 'every day', timezone: 'UTC' })}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(AUTOMATION_MESSAGES.expressionInvalid);
  });

  it('lets a team’s Admins change its automations and its Users read them', async () => {
    const admin = await helpers.person('auto-admin');
    const user = await helpers.person('auto-user');
    const { teamId } = await helpers.createTeam(admin, 'Automators');
    await helpers.join(user, teamId, admin);
    const refused = await user.api.post('/automations', body({ teamId }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AUTOMATION_MESSAGES.adminsOnly);
    const created = automationSchema.parse((await admin.api.post('/automations', body({ teamId }))).body);
    expect(created.teamId).toBe(teamId);
    const seen = automationListSchema.parse((await user.api.get(`/automations?teamId=${teamId}`)).body);
    expect(seen.automations.map((a) => [a.id, a.editable])).toEqual([[created.id, false]]);
    expect((await user.api.get(`/automations/${created.id}`)).body).toMatchObject({
      editable: false,
      teamId,
    });
    expect((await user.api.get(`/automations/${created.id}/runs`)).body).toEqual({ runs: [] });
    expect((await user.api.patch(`/automations/${created.id}`, { enabled: false })).status).toBe(403);
    expect((await admin.api.get('/automations')).body).toEqual({ automations: [] });
    expect((await admin.api.del(`/automations/${created.id}`)).status).toBe(204);
  });
});
