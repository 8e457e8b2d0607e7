import {
  type Collection,
  type CollectionInput,
  collectionListSchema,
  collectionSchema,
  DEFAULT_KNOWLEDGE_PASSAGES,
  type KnowledgeFile,
  knowledgeFileListSchema,
  knowledgePassageSchema,
  knowledgeSearchResultSchema,
  knowledgeUploadSchema,
} from '@agentforge/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const knowledgeKeys = {
  all: ['knowledge'] as const,
  list: (teamId?: string) => ['knowledge', 'list', teamId ?? 'own'] as const,
  detail: (id: string) => ['knowledge', 'detail', id] as const,
  files: (id: string) => ['knowledge', 'files', id] as const,
};

const collectionPath = (id: string, rest = '') => `/knowledge/collections/${encodeURIComponent(id)}${rest}`;
const filePath = (collectionId: string, fileId: string, rest = '') =>
  collectionPath(collectionId, `/files/${encodeURIComponent(fileId)}${rest}`);

/** How often a collection's files are read again while one of them is queued or indexing. */
export const FILE_POLL_INTERVAL_MS = 2_000;

/** A file the platform is still working on (an abandoned upload stays 'uploading': it is not waited for). */
export const isIndexing = (file: Pick<KnowledgeFile, 'status'>) =>
  file.status === 'queued' || file.status === 'indexing';

/** GET /knowledge/collections[?teamId=]: the caller's collections, or (any member) the team's. */
export const collectionsQuery = (teamId?: string) =>
  queryOptions({
    queryKey: knowledgeKeys.list(teamId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('/knowledge/collections', {
          schema: collectionListSchema,
          query: { teamId },
          signal,
        })
      ).collections,
  });

/** GET /knowledge/collections/{id}: read again with its files while they are indexed (counts change). */
export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: knowledgeKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get(collectionPath(id), { schema: collectionSchema, signal }),
  });

/** How long a file just uploaded may stay 'uploading' (storage's event on its way) before it is no longer waited for. */
const UPLOAD_SETTLE_MS = 60_000;

/** The platform will move the file on by itself: queued, indexing, or its bytes just stored. */
export const awaitsIndexing = (file: KnowledgeFile, now = Date.now()) =>
  isIndexing(file) || (file.status === 'uploading' && now - file.updatedAt < UPLOAD_SETTLE_MS);

/** GET /knowledge/collections/{id}/files: read again every 2 s while any is queued or indexing (or just uploaded). */
export const filesQuery = (id: string) =>
  queryOptions({
    queryKey: knowledgeKeys.files(id),
    queryFn: async ({ signal }) =>
      (await apiClient.get(collectionPath(id, '/files'), { schema: knowledgeFileListSchema, signal })).files,
    refetchInterval: (query) =>
      query.state.data?.some((file) => awaitsIndexing(file)) ? FILE_POLL_INTERVAL_MS : false,
  });

/** GET …/files/{fileId}/chunks/{chunkIndex}: one passage, as a citation opens it. */
export const passageQuery = (collectionId: string, fileId: string, chunkIndex: number) =>
  queryOptions({
    queryKey: ['knowledge', 'passage', collectionId, fileId, chunkIndex] as const,
    queryFn: ({ signal }) =>
      apiClient.get(filePath(collectionId, fileId, `/chunks/${chunkIndex}`), {
        schema: knowledgePassageSchema,
        signal,
      }),
  });

/** POST /knowledge/search over the given collections. */
export const searchKnowledge = (query: string, collectionIds: string[], limit = DEFAULT_KNOWLEDGE_PASSAGES) =>
  apiClient.post(
    '/knowledge/search',
    { query, collectionIds, limit },
    { schema: knowledgeSearchResultSchema },
  );

/** POST …/files: the file's record and where to PUT its bytes (type and size are signed into the URL). */
export const createKnowledgeUpload = (
  collectionId: string,
  input: { fileName: string; contentType: string; size: number },
  signal?: AbortSignal,
) =>
  apiClient.post(collectionPath(collectionId, '/files'), input, {
    schema: knowledgeUploadSchema,
    ...(signal ? { signal } : {}),
  });

/** Create, rename or describe, delete a collection; delete a file. Every cached list is read again after each. */
export function useKnowledgeMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
  return {
    create: useMutation({
      mutationFn: (input: CollectionInput) =>
        apiClient.post('/knowledge/collections', input, { schema: collectionSchema }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: Omit<CollectionInput, 'teamId'> }) =>
        apiClient.put(collectionPath(id), input, { schema: collectionSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (collection: Collection) => apiClient.del(collectionPath(collection.id)),
      onSuccess,
    }),
    removeFile: useMutation({
      mutationFn: (file: KnowledgeFile) => apiClient.del(filePath(file.collectionId, file.id)),
      onSuccess,
    }),
  };
}
