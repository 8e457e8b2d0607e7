import {
  type Prompt,
  type PromptExport,
  type PromptInput,
  promptExportSchema,
  promptListSchema,
  promptSchema,
} from '@agentforge/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiClient } from '../../../lib/api-client';

const promptKeys = {
  all: ['prompts'] as const,
  list: (teamId?: string) => ['prompts', teamId ?? 'own'] as const,
};

/** GET /prompts[?teamId=]: the caller's prompts, then the space's team's (members read them). */
export const promptsQuery = (teamId?: string) =>
  queryOptions({
    queryKey: promptKeys.list(teamId),
    queryFn: async ({ signal }) =>
      (await apiClient.get('/prompts', { schema: promptListSchema, query: { teamId }, signal })).prompts,
  });

/** Whose prompt a write names: the caller's own, or (Admins) the team's. */
const ownerQuery = (prompt: { teamId?: string | undefined }) => ({ teamId: prompt.teamId });

const importResultSchema = z.object({ imported: z.number() });

/** Create, edit, delete and import; every cached list is read again after each. */
export function usePromptMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: promptKeys.all });
  return {
    create: useMutation({
      mutationFn: ({ teamId, ...input }: PromptInput & { teamId?: string | undefined }) =>
        apiClient.post('/prompts', input, { schema: promptSchema, query: { teamId } }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ prompt, input }: { prompt: Prompt; input: PromptInput }) =>
        apiClient.put(`/prompts/${encodeURIComponent(prompt.id)}`, input, {
          schema: promptSchema,
          query: ownerQuery(prompt),
        }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (prompt: Prompt) =>
        apiClient.del(`/prompts/${encodeURIComponent(prompt.id)}`, { query: ownerQuery(prompt) }),
      onSuccess,
    }),
    importFile: useMutation({
      mutationFn: ({ teamId, prompts }: { teamId?: string | undefined; prompts: unknown[] }) =>
        apiClient.post('/prompts/import', { prompts }, { schema: importResultSchema, query: { teamId } }),
      onSuccess,
    }),
  };
}

/** GET /prompts/export[?teamId=]: the file to download. */
export function exportPrompts(teamId?: string): Promise<PromptExport> {
  return apiClient.get('/prompts/export', { schema: promptExportSchema, query: { teamId } });
}
