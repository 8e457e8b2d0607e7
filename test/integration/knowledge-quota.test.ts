import {
  collectionSchema,
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_MESSAGES,
  knowledgeFileListSchema,
  knowledgeFileSchema,
  knowledgeUploadSchema,
} from '@agentforge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadDeadline } from '../../functions/src/domain/knowledge/upload-quota.js';
import type { Api } from '../support/api.js';
import { configureAmplify } from '../support/identity.js';
import { startTestStack } from '../support/local-stack.js';
import { teamHelpers } from '../support/teams.js';

/**
 * The plan's storage and collections on the local stack: reserved atomically per owner (concurrent
 * uploads or creations cannot pass it together), and storage given back by an upload that never
 * arrives (docs/decisions/knowledge.md).
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let helpers: ReturnType<typeof teamHelpers>;

beforeAll(async () => {
  process.env.LOG_LEVEL = process.env.KB_LOG ?? 'error';
  stack = await startTestStack({ web: false, appOrigins: ['http://localhost:5173'] });
  configureAmplify(stack.runtimeConfig);
  helpers = teamHelpers(stack);
});
afterAll(async () => {
  await stack?.stop();
});

const MB = 1024 * 1024;
const { maxTotalMb } = KNOWLEDGE_LIMITS.free;
const newCollection = async (api: Api, name: string) =>
  collectionSchema.parse((await api.post('/knowledge/collections', { name })).body).id;
const requestUpload = (api: Api, collectionId: string, name: string, size: number) =>
  api.post(`/knowledge/collections/${collectionId}/files`, {
    fileName: name,
    contentType: 'application/pdf',
    size,
  });
const collectionOf = async (api: Api, id: string) =>
  collectionSchema.parse((await api.get(`/knowledge/collections/${id}`)).body);

/** Moves a file's upload request back in time, past its presigned URL's expiry and the grace. */
async function backdate(ownerId: string, collectionId: string, fileId: string): Promise<void> {
  // The stack's own table, through the functions' composition (in this process, after the stack's env).
  const { knowledgeRepository } = await import('../../functions/src/composition/knowledge.js');
  const repository = knowledgeRepository();
  const file = await repository.getFile(ownerId, collectionId, fileId);
  if (!file) throw new Error('No such file');
  const createdAt = file.createdAt - (uploadDeadline(file) - file.createdAt) - 1000;
  await repository.putFile({ ...file, createdAt });
}

describe('knowledge storage per plan', { timeout: 90_000 }, () => {
  it('holds the total size under concurrent uploads, and gives a deleted file its bytes back', async () => {
    const fay = await helpers.person('kbq-fay');
    const ids = [await newCollection(fay.api, 'One'), await newCollection(fay.api, 'Two')];
    const size = 10 * MB;
    const fits = maxTotalMb / 10;
    // Twice what fits, all at once, across both collections (the limit is the owner's).
    const responses = await Promise.all(
      Array.from({ length: fits * 2 }, (_, i) =>
        requestUpload(fay.api, ids[i % 2] as string, `f${i}.pdf`, size),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(fits);
    expect(statuses.filter((status) => status === 429)).toHaveLength(fits);
    for (const refused of responses.filter((response) => response.status === 429)) {
      expect(refused.body.message).toBe(KNOWLEDGE_MESSAGES.storageFull(maxTotalMb));
    }
    const totals = await Promise.all(ids.map(async (id) => (await collectionOf(fay.api, id)).totalBytes));
    expect(totals.reduce((sum, bytes) => sum + bytes, 0)).toBe(maxTotalMb * MB);

    // A deleted file's bytes come back, once.
    const kept = knowledgeUploadSchema.parse(responses.find((response) => response.status === 201)?.body);
    const path = `/knowledge/collections/${kept.file.collectionId}/files`;
    expect((await fay.api.del(`${path}/${kept.file.id}`)).status).toBe(204);
    expect((await requestUpload(fay.api, kept.file.collectionId, 'again.pdf', size)).status).toBe(201);
    expect((await requestUpload(fay.api, kept.file.collectionId, 'over.pdf', 1)).status).toBe(429);

    // So does a deleted collection's, all of it.
    const freed = (await collectionOf(fay.api, ids[1] as string)).totalBytes;
    expect(freed).toBeGreaterThan(0);
    expect((await fay.api.del(`/knowledge/collections/${ids[1]}`)).status).toBe(204);
    for (let i = 0; i < freed / size; i++) {
      expect((await requestUpload(fay.api, ids[0] as string, `room${i}.pdf`, size)).status).toBe(201);
    }
    expect((await requestUpload(fay.api, ids[0] as string, 'over.pdf', 1)).status).toBe(429);
  });

  it('counts collections atomically: created at once, no more than the plan allows; a deleted one frees its place', async () => {
    const { maxCollections } = KNOWLEDGE_LIMITS.free;
    const hal = await helpers.person('kbq-hal');
    const created = await Promise.all(
      Array.from({ length: maxCollections * 3 }, (_, i) =>
        hal.api.post('/knowledge/collections', { name: `C${i}` }),
      ),
    );
    const statuses = created.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(maxCollections);
    expect(statuses.filter((status) => status === 429)).toHaveLength(maxCollections * 2);
    for (const refused of created.filter((response) => response.status === 429)) {
      expect(refused.body.message).toBe(KNOWLEDGE_MESSAGES.tooManyCollections(maxCollections));
    }
    const first = collectionSchema.parse(created.find((response) => response.status === 201)?.body);
    expect((await hal.api.del(`/knowledge/collections/${first.id}`)).status).toBe(204);
    expect((await hal.api.post('/knowledge/collections', { name: 'Again' })).status).toBe(201);
    expect((await hal.api.post('/knowledge/collections', { name: 'Over' })).status).toBe(429);
  });

  it('fails an upload that never arrives once its URL has expired, and gives its bytes back', async () => {
    const gus = await helpers.person('kbq-gus');
    const id = await newCollection(gus.api, 'Drafts');
    // A file's 25 MB at most: one upload held (20 MB), one that will never arrive (25 MB).
    expect((await requestUpload(gus.api, id, 'held.pdf', 20 * MB)).status).toBe(201);
    const lost = knowledgeUploadSchema.parse((await requestUpload(gus.api, id, 'lost.pdf', 25 * MB)).body);
    // Still within its URL's time: uploading, and holding its bytes.
    const fresh = await gus.api.get(`/knowledge/collections/${id}/files/${lost.file.id}`);
    expect(knowledgeFileSchema.parse(fresh.body).status).toBe('uploading');
    expect((await requestUpload(gus.api, id, 'second.pdf', 25 * MB)).status).toBe(429);

    // Past its deadline: a full plan ends it first, and the new upload fits.
    await backdate(gus.userId, id, lost.file.id);
    expect((await requestUpload(gus.api, id, 'second.pdf', 25 * MB)).status).toBe(201);
    const listed = knowledgeFileListSchema.parse(
      (await gus.api.get(`/knowledge/collections/${id}/files`)).body,
    );
    expect(listed.files.find((file) => file.id === lost.file.id)).toMatchObject({
      status: 'failed',
      reason: KNOWLEDGE_MESSAGES.uploadMissing,
    });
    expect(await collectionOf(gus.api, id)).toMatchObject({ fileCount: 3, totalBytes: 45 * MB });

    // Seen by reading its collection, too; deleting a failed upload gives nothing back twice.
    const other = knowledgeUploadSchema.parse((await requestUpload(gus.api, id, 'third.pdf', 5 * MB)).body);
    await backdate(gus.userId, id, other.file.id);
    expect(await collectionOf(gus.api, id)).toMatchObject({ fileCount: 4, totalBytes: 45 * MB });
    const third = await gus.api.get(`/knowledge/collections/${id}/files/${other.file.id}`);
    expect(knowledgeFileSchema.parse(third.body)).toMatchObject({
      status: 'failed',
      reason: KNOWLEDGE_MESSAGES.uploadMissing,
    });
    for (const file of [lost.file, other.file]) {
      expect((await gus.api.del(`/knowledge/collections/${id}/files/${file.id}`)).status).toBe(204);
    }
    expect(await collectionOf(gus.api, id)).toMatchObject({ fileCount: 2, totalBytes: 45 * MB });
    // One that lands after it was given up is not indexed (the indexer deletes the object).
    const bytes = new TextEncoder().encode('# Late\n\nArrived after its deadline.');
    const lateRequest = await gus.api.post(`/knowledge/collections/${id}/files`, {
      fileName: 'late.md',
      contentType: 'text/markdown',
      size: bytes.length,
    });
    const late = knowledgeUploadSchema.parse(lateRequest.body);
    await backdate(gus.userId, id, late.file.id);
    const lateFile = `/knowledge/collections/${id}/files/${late.file.id}`;
    expect(knowledgeFileSchema.parse((await gus.api.get(lateFile)).body).status).toBe('failed');
    const put = await fetch(late.uploadUrl, { method: 'PUT', headers: late.headers, body: bytes });
    expect(put.status).toBe(200);
    for (let i = 0; i < 30; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(knowledgeFileSchema.parse((await gus.api.get(lateFile)).body)).toMatchObject({
        status: 'failed',
        reason: KNOWLEDGE_MESSAGES.uploadMissing,
      });
    }
    expect((await requestUpload(gus.api, id, 'fill.pdf', 5 * MB)).status).toBe(201);
    expect((await requestUpload(gus.api, id, 'over.pdf', 1)).status).toBe(429);
  });
});
