import {
  collectionListSchema,
  collectionSchema,
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_MESSAGES,
  knowledgeFileListSchema,
  knowledgePassageSchema,
  knowledgeSearchResultSchema,
} from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAmplify } from '../support/identity.js';
import { settled, upload } from '../support/knowledge.js';
import { startTestStack } from '../support/local-stack.js';
import { type ModelServer, platformModelsEnv, startModelServer } from '../support/model-server/index.js';
import { teamHelpers } from '../support/teams.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;
let helpers: ReturnType<typeof teamHelpers>;
let models: ModelServer;

beforeAll(async () => {
  process.env.LOG_LEVEL = process.env.KB_LOG ?? 'error';
  // The platform's models on (the local Bedrock's Titan embeddings): every collection here is hybrid.
  models = await startModelServer();
  Object.assign(process.env, platformModelsEnv(models.url));
  stack = await startTestStack({ web: false, appOrigins: ['http://localhost:5173'] });
  configureAmplify(stack.runtimeConfig);
  helpers = teamHelpers(stack);
});
afterAll(async () => {
  await stack?.stop();
  await models?.stop();
});

const GUIDE = [
  '# Deployment guide',
  'This guide explains how the platform is deployed.',
  '## Rotating credentials',
  'Rotate the signing key every ninety days with the admin command `rotate-keys`. The old key stays valid for one hour.',
  '## Backups',
  'Snapshots of the database are taken nightly and kept for thirty five days.',
].join('\n\n');

describe('knowledge collections on the local stack', { timeout: 90_000 }, () => {
  it('uploads through the presigned URL, indexes to ready, finds and opens the passage, deletes it all', async () => {
    const ann = await helpers.person('kb-ann');
    const bob = await helpers.person('kb-bob');
    const created = await ann.api.post('/knowledge/collections', { name: 'Runbooks' });
    expect(created.status).toBe(201);
    const collection = collectionSchema.parse(created.body);
    expect(collection).toMatchObject({
      name: 'Runbooks',
      description: '',
      fileCount: 0,
      editable: true,
      embeddingModel: 'bedrock:amazon.titan-embed-text-v2:0',
    });

    const file = await upload(ann.api, collection.id, 'guide.md', GUIDE);
    const ready = await settled(ann.api, collection.id, file.id);
    expect(ready).toMatchObject({ status: 'ready', contentType: 'text/markdown' });
    expect(ready.chunkCount).toBeGreaterThanOrEqual(1);
    const listed = knowledgeFileListSchema.parse(
      (await ann.api.get(`/knowledge/collections/${collection.id}/files`)).body,
    );
    expect(listed.files.map((f) => f.id)).toEqual([file.id]);
    const counted = collectionSchema.parse(
      (await ann.api.get(`/knowledge/collections/${collection.id}`)).body,
    );
    expect(counted).toMatchObject({ fileCount: 1, totalBytes: file.size, chunkCount: ready.chunkCount });

    const searched = await ann.api.post('/knowledge/search', {
      query: 'how often is the signing key rotated',
      collectionIds: [collection.id],
    });
    expect(searched.status).toBe(200);
    const result = knowledgeSearchResultSchema.parse(searched.body);
    expect(result.mode).toBe('hybrid');
    const [top] = result.passages;
    expect(top).toMatchObject({ fileName: 'guide.md', fileId: file.id });
    expect(top?.matchedBy).toContain('keyword');
    expect(top?.text).toContain('ninety days');
    expect(top?.location.section).toContain('Rotating credentials');

    const passage = await ann.api.get(
      `/knowledge/collections/${collection.id}/files/${file.id}/chunks/${top?.chunkIndex}`,
    );
    expect(knowledgePassageSchema.parse(passage.body).text).toBe(top?.text);

    // Someone else's collection does not exist for them.
    for (const response of [
      await bob.api.get(`/knowledge/collections/${collection.id}`),
      await bob.api.get(`/knowledge/collections/${collection.id}/files/${file.id}`),
      await bob.api.post('/knowledge/search', { query: 'signing key', collectionIds: [collection.id] }),
      await bob.api.del(`/knowledge/collections/${collection.id}/files/${file.id}`),
    ]) {
      expect(response.status).toBe(404);
    }

    expect((await ann.api.del(`/knowledge/collections/${collection.id}/files/${file.id}`)).status).toBe(204);
    const after = knowledgeSearchResultSchema.parse(
      (await ann.api.post('/knowledge/search', { query: 'signing key', collectionIds: [collection.id] }))
        .body,
    );
    expect(after.passages).toEqual([]);
    expect(
      (await ann.api.get(`/knowledge/collections/${collection.id}/files/${file.id}/chunks/0`)).status,
    ).toBe(404);
    expect(
      collectionSchema.parse((await ann.api.get(`/knowledge/collections/${collection.id}`)).body),
    ).toMatchObject({ fileCount: 0, totalBytes: 0, chunkCount: 0 });

    expect((await ann.api.del(`/knowledge/collections/${collection.id}`)).status).toBe(204);
    expect((await ann.api.get(`/knowledge/collections/${collection.id}`)).status).toBe(404);
  });

  it('finds by meaning what shares no keyword with the query (hybrid), and forgets deleted vectors', async () => {
    const eve = await helpers.person('kb-eve');
    const { id } = collectionSchema.parse(
      (await eve.api.post('/knowledge/collections', { name: 'Mixed' })).body,
    );
    const creds = await upload(
      eve.api,
      id,
      'credentials.md',
      '# Rotating credentials\n\nRotate the signing key every ninety days with the admin command. The old key stays valid for one hour.',
    );
    const trail = await upload(
      eve.api,
      id,
      'trail.md',
      '# Hiking\n\nThe mountain trail climbs through pine forest to a lake, where hikers camp for the night.',
    );
    for (const file of [creds, trail]) expect((await settled(eve.api, id, file.id)).status).toBe('ready');
    const search = async () =>
      knowledgeSearchResultSchema.parse(
        (await eve.api.post('/knowledge/search', { query: 'rotation of signatures', collectionIds: [id] }))
          .body,
      );
    // No word of the query is in either file: keyword search alone finds nothing, the vectors do.
    const found = await search();
    expect(found.mode).toBe('hybrid');
    expect(found.passages[0]).toMatchObject({ fileName: 'credentials.md', matchedBy: ['vector'] });
    expect(found.passages.every((p) => p.matchedBy.join() === 'vector')).toBe(true);

    // The vectors themselves, in the stack's S3 Vectors stand-in: the deleted file's are gone.
    const { knowledgeVectorIndex } = await import('../../functions/src/composition/knowledge-vectors.js');
    const { vectorIndexName } = await import('../../functions/src/domain/knowledge/indexer.js');
    const stored = async () =>
      (
        await (
          await knowledgeVectorIndex()
        ).query(
          vectorIndexName('bedrock:amazon.titan-embed-text-v2:0'),
          new Array(1024).fill(1 / 32),
          { ownerId: eve.userId, collectionIds: [id] },
          10,
        )
      ).map((match) => match.metadata.fileId);
    expect((await stored()).sort()).toEqual([creds.id, trail.id].sort());
    expect((await eve.api.del(`/knowledge/collections/${id}/files/${creds.id}`)).status).toBe(204);
    expect(await stored()).toEqual([trail.id]);
    expect((await search()).passages.map((p) => p.fileName)).toEqual(['trail.md']);
    expect((await eve.api.del(`/knowledge/collections/${id}`)).status).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it('indexes files of one collection concurrently without losing one', async () => {
    const cat = await helpers.person('kb-cat');
    const { id } = collectionSchema.parse(
      (await cat.api.post('/knowledge/collections', { name: 'Many' })).body,
    );
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
    const files = await Promise.all(
      words.map((word) => upload(cat.api, id, `${word}.md`, `# ${word}\n\nThe code word is ${word}zulu.`)),
    );
    for (const file of files) expect((await settled(cat.api, id, file.id)).status).toBe('ready');
    for (const word of words) {
      const found = knowledgeSearchResultSchema.parse(
        (await cat.api.post('/knowledge/search', { query: `${word}zulu`, collectionIds: [id] })).body,
      );
      expect(found.passages[0]?.fileName).toBe(`${word}.md`);
    }
  });

  it('fails a file with no text with its reason, and refuses a type it does not index', async () => {
    const dan = await helpers.person('kb-dan');
    const { id } = collectionSchema.parse(
      (await dan.api.post('/knowledge/collections', { name: 'Odd' })).body,
    );
    const empty = await upload(dan.api, id, 'blank.md', '   \n\n  ');
    expect(await settled(dan.api, id, empty.id)).toMatchObject({
      status: 'failed',
      reason: KNOWLEDGE_MESSAGES.emptyText,
    });
    const exe = await dan.api.post(`/knowledge/collections/${id}/files`, {
      fileName: 'tool.exe',
      contentType: 'application/octet-stream',
      size: 10,
    });
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe(KNOWLEDGE_MESSAGES.fileType);
  });

  it("holds the Free plan to its collections and the collection's files", async () => {
    const eve = await helpers.person('kb-eve');
    const limits = KNOWLEDGE_LIMITS.free;
    const ids: string[] = [];
    for (let i = 0; i < limits.maxCollections; i++) {
      ids.push(
        collectionSchema.parse((await eve.api.post('/knowledge/collections', { name: `C${i}` })).body).id,
      );
    }
    const over = await eve.api.post('/knowledge/collections', { name: 'One too many' });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(KNOWLEDGE_MESSAGES.tooManyCollections(limits.maxCollections));
    const tooBig = await eve.api.post(`/knowledge/collections/${ids[0]}/files`, {
      fileName: 'big.pdf',
      contentType: 'application/pdf',
      size: 25 * 1024 * 1024,
    });
    expect(tooBig.status).toBe(201);
    const total = await eve.api.post(`/knowledge/collections/${ids[0]}/files`, {
      fileName: 'big2.pdf',
      contentType: 'application/pdf',
      size: 25 * 1024 * 1024,
    });
    expect(total.status).toBe(201);
    const full = await eve.api.post(`/knowledge/collections/${ids[1]}/files`, {
      fileName: 'one-more.txt',
      contentType: 'text/plain',
      size: 1024,
    });
    expect(full.status).toBe(429);
    expect(full.body.message).toBe(KNOWLEDGE_MESSAGES.storageFull(limits.maxTotalMb));
  });

  it("follows the team's roles: Admins manage, Users list, read and search, others 404", async () => {
    const admin = await helpers.person('kb-admin');
    const user = await helpers.person('kb-user');
    const outsider = await helpers.person('kb-out');
    const { teamId } = await helpers.createTeam(admin, 'Librarians');
    await helpers.join(user, teamId, admin);

    const made = await admin.api.post('/knowledge/collections', { name: 'Handbook', teamId });
    expect(made.status).toBe(201);
    const collection = collectionSchema.parse(made.body);
    expect(collection).toMatchObject({ teamId, editable: true });
    const file = await upload(admin.api, collection.id, 'handbook.md', GUIDE);
    expect((await settled(admin.api, collection.id, file.id)).status).toBe('ready');

    const seen = collectionListSchema.parse(
      (await user.api.get(`/knowledge/collections?teamId=${teamId}`)).body,
    );
    expect(seen.collections).toMatchObject([{ id: collection.id, editable: false, teamId }]);
    const found = knowledgeSearchResultSchema.parse(
      (
        await user.api.post('/knowledge/search', {
          query: 'snapshots nightly',
          collectionIds: [collection.id],
        })
      ).body,
    );
    expect(found.passages[0]?.fileName).toBe('handbook.md');
    for (const response of [
      await user.api.post('/knowledge/collections', { name: 'Mine', teamId }),
      await user.api.put(`/knowledge/collections/${collection.id}`, { name: 'Renamed' }),
      await user.api.post(`/knowledge/collections/${collection.id}/files`, {
        fileName: 'x.md',
        contentType: 'text/markdown',
        size: 3,
      }),
      await user.api.del(`/knowledge/collections/${collection.id}/files/${file.id}`),
      await user.api.del(`/knowledge/collections/${collection.id}`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(KNOWLEDGE_MESSAGES.adminsOnly);
    }
    for (const response of [
      await outsider.api.get(`/knowledge/collections?teamId=${teamId}`),
      await outsider.api.get(`/knowledge/collections/${collection.id}`),
      await outsider.api.post('/knowledge/search', { query: 'snapshots', collectionIds: [collection.id] }),
    ]) {
      expect(response.status).toBe(404);
    }
    const renamed = await admin.api.put(`/knowledge/collections/${collection.id}`, { name: 'Team handbook' });
    expect(collectionSchema.parse(renamed.body).name).toBe('Team handbook');
  });
});
