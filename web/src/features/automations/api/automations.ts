import {
  type Automation,
  type AutomationInput,
  type AutomationRun,
  automationListSchema,
  automationRunListSchema,
  automationRunSchema,
  automationSchema,
  type Provider,
  providerListSchema,
  schedulePreviewSchema,
} from '@agentforge/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import { apiClient } from '../../../lib/api-client';
import { currentSpaceTeamId } from '../../teams/utils/space';

const automationKeys = {
  all: ['automations'] as const,
  list: (teamId?: string) => ['automations', 'list', teamId ?? 'own'] as const,
  detail: (id: string) => ['automations', 'detail', id] as const,
  runs: (id: string) => ['automations', 'runs', id] as const,
};

const path = (id: string, action = '') => `/automations/${encodeURIComponent(id)}${action}`;

/** How often a run's list is read again while one of its runs is queued or running. */
const RUN_POLL_INTERVAL_MS = 2_000;

/** A run not finished yet, that the platform moves on by itself (a waiting one waits for the owner). */
const isRunActive = (run: Pick<AutomationRun, 'status'>) =>
  run.status === 'queued' || run.status === 'running';

/** How often a page reads again when nothing is under way: a schedule's or a webhook's new run shows. */
const IDLE_POLL_INTERVAL_MS = 15_000;

/**
 * GET /automations[?teamId=]: the caller's automations, or (any member) the team's, each with its
 * last run; read again while one's last run is under way, and now and then for the triggers' runs.
 */
export const automationsQuery = (teamId?: string) =>
  queryOptions({
    queryKey: automationKeys.list(teamId),
    queryFn: async ({ signal }) =>
      (await apiClient.get('/automations', { schema: automationListSchema, query: { teamId }, signal }))
        .automations,
    refetchInterval: (query) =>
      query.state.data?.some((automation) => automation.lastRun && isRunActive(automation.lastRun))
        ? RUN_POLL_INTERVAL_MS
        : IDLE_POLL_INTERVAL_MS,
  });

/** GET /automations/{id} */
export const automationQuery = (id: string) =>
  queryOptions({
    queryKey: automationKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get(path(id), { schema: automationSchema, signal }),
  });

/** GET /automations/{id}/runs: the latest page, newest first; read again (often while a run is under way). */
export const runsQuery = (id: string) =>
  queryOptions({
    queryKey: automationKeys.runs(id),
    queryFn: ({ signal }) => apiClient.get(path(id, '/runs'), { schema: automationRunListSchema, signal }),
    refetchInterval: (query) =>
      query.state.data?.runs.some(isRunActive) ? RUN_POLL_INTERVAL_MS : IDLE_POLL_INTERVAL_MS,
  });

/** GET /automations/{id}/runs/{runId}: one run, with its webhook input; read again while it is under way. */
export const runQuery = (id: string, runId: string) =>
  queryOptions({
    queryKey: [...automationKeys.runs(id), runId] as const,
    queryFn: ({ signal }) =>
      apiClient.get(path(id, `/runs/${encodeURIComponent(runId)}`), { schema: automationRunSchema, signal }),
    refetchInterval: (query) =>
      query.state.data && isRunActive(query.state.data) ? RUN_POLL_INTERVAL_MS : false,
  });

/** GET /automations/{id}/runs?cursor=: the page after `cursor`. */
export const olderRuns = (id: string, cursor: string) =>
  apiClient.get(path(id, '/runs'), { schema: automationRunListSchema, query: { cursor } });

/** GET /automations/schedule-preview: the next runs of a schedule (a 400 with the schema's message if it is not one). */
export const previewSchedule = (expression: string, timezone: string, signal?: AbortSignal) =>
  apiClient.get('/automations/schedule-preview', {
    schema: schedulePreviewSchema,
    query: { expression, timezone },
    ...(signal ? { signal } : {}),
  });

/**
 * GET /api-keys/providers: the models a run may use, the caller's and in a team's space the team's,
 * as chat/api/providers.ts lists them (not imported: it is /home's, and a shared module would be
 * split out of /home's first load).
 */
export async function listModels(signal?: AbortSignal): Promise<Provider[]> {
  const teamId = currentSpaceTeamId();
  const [own, team] = await Promise.all([
    apiClient.get('/api-keys/providers', { schema: providerListSchema, ...(signal ? { signal } : {}) }),
    teamId ? apiClient.get('/api-keys/providers', { schema: providerListSchema, query: { teamId } }) : [],
  ]);
  return [...own, ...team.map((provider) => ({ ...provider, name: `${provider.name} (team)` }))];
}

/** What a secret rotation answers, once: the webhook's URL and its new secret. */
const webhookSecretSchema = z.object({ webhookUrl: z.string(), webhookSecret: z.string() });

/** Every change, then every cached automation and run list is read again. */
export function useAutomationMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: automationKeys.all });
  return {
    create: useMutation({
      mutationFn: (input: AutomationInput) =>
        apiClient.post('/automations', input, { schema: automationSchema }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: AutomationInput }) =>
        apiClient.put(path(id), input, { schema: automationSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (automation: Automation) => apiClient.del(path(automation.id)),
      onSuccess,
    }),
    setEnabled: useMutation({
      mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
        apiClient.request('PATCH', path(id), { body: { enabled }, schema: automationSchema }),
      onSuccess,
    }),
    runNow: useMutation({
      mutationFn: (id: string) =>
        apiClient.post(path(id, '/run'), undefined, { schema: automationRunSchema }),
      onSuccess,
    }),
    decide: useMutation({
      mutationFn: ({ run, decision }: { run: AutomationRun; decision: 'approve' | 'cancel' }) =>
        apiClient.post(
          path(run.automationId, `/runs/${encodeURIComponent(run.id)}/approval`),
          { decision },
          { schema: automationRunSchema },
        ),
      onSuccess,
    }),
    rotateSecret: useMutation({
      mutationFn: (id: string) =>
        apiClient.post(path(id, '/webhook-secret'), undefined, { schema: webhookSecretSchema }),
      onSuccess,
    }),
  };
}
