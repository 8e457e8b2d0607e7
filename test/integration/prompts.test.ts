import {
  AUDIT_ACTION_LABELS,
  auditPageSchema,
  PROMPT_EXPORT_FORMAT,
  PROMPT_MESSAGES,
  promptExportSchema,
  promptListSchema,
  promptSchema,
  TEAM_MESSAGES,
} from '@agentforge/shared';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/src/adapters/dynamodb/document-client.js';
import type { Api } from '../support/api.js';
import { configureAmplify } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { type Person, teamHelpers } from '../support/teams.js';

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

/** The prompts stored under an owner (a user id, or `team#<teamId>`), read from the table itself. */
async function storedPromptCount(ownerId: string): Promise<number> {
  const db = createDocumentClient({ region: 'us-east-1', endpoint: stack.dynamodb.endpoint });
  const { Count } = await db.send(
    new QueryCommand({
      TableName: stack.dynamodb.tableNames.prompts,
      KeyConditionExpression: 'userId = :owner',
      ExpressionAttributeValues: { ':owner': ownerId },
      Select: 'COUNT',
    }),
  );
  return Count ?? 0;
}

const titles = async (api: Api, query = '') =>
  promptListSchema.parse((await api.get(`/prompts${query}`)).body).prompts.map((prompt) => prompt.title);

describe('the prompt library API on the local stack', () => {
  it('creates, searches, updates and deletes the caller’s prompts; others never see them', async () => {
    const ann = await helpers.person('prompts-ann');
    const bob = await helpers.person('prompts-bob');
    const created = await ann.api.post('/prompts', {
      title: 'Translate',
      body: 'Translate {{text}} into {{language}}',
      tags: ['lang'],
    });
    expect(created.status).toBe(201);
    const prompt = promptSchema.parse(created.body);
    expect(prompt).toMatchObject({ title: 'Translate', tags: ['lang'], editable: true });
    expect(prompt.teamId).toBeUndefined();
    await ann.api.post('/prompts', { title: 'Standup', body: 'What did I do yesterday?' });

    expect(await titles(ann.api)).toEqual(['Standup', 'Translate']);
    expect(await titles(ann.api, '?q=LANG')).toEqual(['Translate']);
    expect(await titles(ann.api, '?q=yesterday')).toEqual(['Standup']);
    expect(await titles(bob.api)).toEqual([]);
    expect((await bob.api.put(`/prompts/${prompt.id}`, { title: 'Mine', body: 'x' })).status).toBe(404);
    expect((await bob.api.del(`/prompts/${prompt.id}`)).status).toBe(404);

    const updated = await ann.api.put(`/prompts/${prompt.id}`, {
      title: 'Translate it',
      body: 'Into {{language}}',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Translate it', tags: [], createdAt: prompt.createdAt });
    expect((await ann.api.del(`/prompts/${prompt.id}`)).status).toBe(204);
    expect(await titles(ann.api)).toEqual(['Standup']);
  });

  it('refuses a bad prompt with its field’s message', async () => {
    const ann = await helpers.person('prompts-bad');
    const response = await ann.api.post('/prompts', { title: '', body: 'x'.repeat(8001) });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(PROMPT_MESSAGES.titleRequired);
    expect(JSON.stringify(response.body)).toContain(PROMPT_MESSAGES.bodyTooLong);
  });

  it('exports as JSON that imports back; a bad file is refused whole, naming each bad item', async () => {
    const ann = await helpers.person('prompts-export');
    await ann.api.post('/prompts', { title: 'One', body: 'Say {{word}}', description: 'first', tags: ['a'] });
    await ann.api.post('/prompts', { title: 'Two', body: 'Second' });
    const exported = await ann.api.get('/prompts/export');
    expect(exported.status).toBe(200);
    const file = promptExportSchema.parse(exported.body);
    expect(file.format).toBe(PROMPT_EXPORT_FORMAT);
    expect(file.prompts.map((p) => p.title)).toEqual(['One', 'Two']);

    const bob = await helpers.person('prompts-import');
    await bob.api.post('/prompts', { title: 'Already here', body: 'Kept' });
    const bad = await bob.api.post('/prompts/import', {
      prompts: [...file.prompts, { title: 'No body' }, { title: 'Huge', body: 'x'.repeat(9000) }],
    });
    expect(bad.status).toBe(400);
    const message = JSON.stringify(bad.body);
    expect(message).toContain(PROMPT_MESSAGES.importItems);
    expect(message).toContain('Prompt 3 (\\"No body\\"): body:');
    expect(message).toContain(`Prompt 4 (\\"Huge\\"): body: ${PROMPT_MESSAGES.bodyTooLong}`);
    expect(await titles(bob.api)).toEqual(['Already here']);

    const imported = await bob.api.post('/prompts/import', { prompts: file.prompts });
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ imported: 2 });
    expect(await titles(bob.api)).toEqual(['Two', 'One', 'Already here']);
    expect(promptExportSchema.parse((await bob.api.get('/prompts/export')).body).prompts).toEqual([
      { title: 'Already here', body: 'Kept' },
      ...file.prompts,
    ]);
  });

  it('shares a team’s prompts: Admins manage them, members read and use them, others get 404', async () => {
    const admin: Person = await helpers.person('prompts-admin');
    const member: Person = await helpers.person('prompts-member');
    const outsider: Person = await helpers.person('prompts-outsider');
    const team = await helpers.createTeam(admin, 'Prompt team');
    await helpers.join(member, team.teamId, admin);
    const inTeam = `?teamId=${team.teamId}`;

    const created = await admin.api.post(`/prompts${inTeam}`, {
      title: 'Team review',
      body: 'Review {{pr}}',
    });
    expect(created.status).toBe(201);
    const shared = promptSchema.parse(created.body);
    expect(shared).toMatchObject({ teamId: team.teamId, editable: true });
    await member.api.post('/prompts', { title: 'My own', body: 'Mine' });

    const listed = promptListSchema.parse((await member.api.get(`/prompts${inTeam}`)).body).prompts;
    expect(listed.map((p) => [p.title, p.teamId, p.editable])).toEqual([
      ['My own', undefined, true],
      ['Team review', team.teamId, false],
    ]);
    expect((await member.api.get(`/prompts/export${inTeam}`)).status).toBe(200);

    for (const response of [
      await member.api.post(`/prompts${inTeam}`, { title: 'Nope', body: 'x' }),
      await member.api.put(`/prompts/${shared.id}${inTeam}`, { title: 'Nope', body: 'x' }),
      await member.api.del(`/prompts/${shared.id}${inTeam}`),
      await member.api.post(`/prompts/import${inTeam}`, { prompts: [{ title: 'Nope', body: 'x' }] }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ message: TEAM_MESSAGES.adminRequired });
    }
    // Without the team, the member's own prompts have no such id.
    expect((await member.api.del(`/prompts/${shared.id}`)).status).toBe(404);
    expect((await outsider.api.get(`/prompts${inTeam}`)).status).toBe(404);

    expect(
      (await admin.api.put(`/prompts/${shared.id}${inTeam}`, { title: 'Team review', body: 'v2' })).status,
    ).toBe(200);
    expect((await admin.api.del(`/prompts/${shared.id}${inTeam}`)).status).toBe(204);

    // Deleting the team deletes its prompts.
    await admin.api.post(`/prompts${inTeam}`, { title: 'Left behind?', body: 'No' });
    expect(await storedPromptCount(`team#${team.teamId}`)).toBe(1);
    expect((await admin.api.del(`/teams/${team.teamId}`)).status).toBe(204);
    expect(await storedPromptCount(`team#${team.teamId}`)).toBe(0);
  });

  it('audits every change to a library: the caller’s in their log, a team’s in the team’s too', async () => {
    const admin: Person = await helpers.person('prompts-audit-admin');
    const member: Person = await helpers.person('prompts-audit-member');
    const team = await helpers.createTeam(admin, 'Audited prompts');
    await helpers.join(member, team.teamId, admin);
    const log = async (person: Person, teamId?: string) => {
      const { status, body } = await person.api.get(`/audit?limit=100${teamId ? `&teamId=${teamId}` : ''}`);
      expect(status).toBe(200);
      return auditPageSchema
        .parse(body)
        .records.filter((record) => record.action.startsWith('prompt.'))
        .reverse();
    };

    // The caller's own library.
    const own = promptSchema.parse((await admin.api.post('/prompts', { title: 'Mine', body: 'x' })).body);
    await admin.api.put(`/prompts/${own.id}`, { title: 'Mine, edited', body: 'y' });
    await admin.api.del(`/prompts/${own.id}`);
    await admin.api.post('/prompts/import', {
      prompts: [
        { title: 'A', body: 'a' },
        { title: 'B', body: 'b' },
      ],
    });
    // The team's.
    const query = `?teamId=${team.teamId}`;
    const shared = promptSchema.parse(
      (await admin.api.post(`/prompts${query}`, { title: 'Shared', body: 'z' })).body,
    );
    await admin.api.put(`/prompts/${shared.id}${query}`, { title: 'Shared, edited', body: 'z' });
    await admin.api.post(`/prompts/import${query}`, { prompts: [{ title: 'C', body: 'c' }] });
    await admin.api.del(`/prompts/${shared.id}${query}`);

    const teamRecords = [
      {
        action: 'prompt.created',
        target: `prompt:${shared.id}`,
        details: { title: 'Shared', teamId: team.teamId },
      },
      {
        action: 'prompt.updated',
        target: `prompt:${shared.id}`,
        details: { title: 'Shared, edited', teamId: team.teamId },
      },
      {
        action: 'prompt.imported',
        target: `prompts:team:${team.teamId}`,
        details: { imported: 1, teamId: team.teamId },
      },
      { action: 'prompt.deleted', target: `prompt:${shared.id}`, details: { teamId: team.teamId } },
    ].map((record) => ({ ...record, actor: admin.userId, outcome: 'success' }));
    expect(await log(admin)).toMatchObject([
      { action: 'prompt.created', target: `prompt:${own.id}`, details: { title: 'Mine' } },
      { action: 'prompt.updated', target: `prompt:${own.id}`, details: { title: 'Mine, edited' } },
      { action: 'prompt.deleted', target: `prompt:${own.id}` },
      { action: 'prompt.imported', target: 'prompts', details: { imported: 2 } },
      ...teamRecords,
    ]);
    // The team's Admins read the team's changes in its log, with its other changes.
    expect(await log(admin, team.teamId)).toMatchObject(teamRecords);
    expect(teamRecords.map((record) => AUDIT_ACTION_LABELS[record.action as 'prompt.created'])).toEqual([
      'Prompt created',
      'Prompt edited',
      'Prompts imported',
      'Prompt deleted',
    ]);

    // A member's refused import of the team's library is in the member's log only.
    expect(
      (await member.api.post(`/prompts/import${query}`, { prompts: [{ title: 'D', body: 'd' }] })).status,
    ).toBe(403);
    expect(await log(member)).toMatchObject([{ action: 'prompt.imported', outcome: 'failure' }]);
    expect(await log(admin, team.teamId)).toHaveLength(teamRecords.length);
  });
});
