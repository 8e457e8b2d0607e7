import type { Collection, KnowledgeFile, KnowledgePassage } from '@agentforge/shared';

/** A collection as GET /knowledge/collections answers it (the caller's own, keyword search only). */
export const collectionOf = (id: string, extra: Partial<Collection> = {}): Collection => ({
  id,
  name: `Collection ${id}`,
  description: '',
  fileCount: 0,
  totalBytes: 0,
  chunkCount: 0,
  editable: true,
  createdAt: 1,
  updatedAt: 1,
  ...extra,
});

/** A file of `collectionId`, ready unless told otherwise. */
export const fileOf = (
  collectionId: string,
  id: string,
  extra: Partial<KnowledgeFile> = {},
): KnowledgeFile => ({
  id,
  collectionId,
  fileName: `${id}.md`,
  contentType: 'text/markdown',
  size: 2_048,
  status: 'ready',
  createdAt: 1,
  updatedAt: 1,
  ...extra,
});

/** A passage of `fileId` in `collectionId`, as search and GET …/chunks/{i} answer it. */
export const passageOf = (
  collectionId: string,
  fileId: string,
  chunkIndex: number,
  extra: Partial<KnowledgePassage> = {},
): KnowledgePassage => ({
  collectionId,
  fileId,
  fileName: `${fileId}.md`,
  chunkIndex,
  text: `Passage ${chunkIndex} of ${fileId}`,
  location: {},
  score: 1,
  matchedBy: ['keyword'],
  ...extra,
});

/** GET /teams with the caller as `role` of team t1, 'Platform'. */
export const teamsAnswer = (role: 'admin' | 'user') => ({
  teams: [
    {
      teamId: 't1',
      name: 'Platform',
      role,
      isOwner: false,
      memberCount: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ],
});
