import { AUTOMATION_MESSAGES, type Automation, type AutomationRun, MAX_ID_LENGTH } from '@agentforge/shared';
import * as z from 'zod';
import { automationRepository, automationService } from '../../composition/automations.js';
import { myTeamsReader, teamRoles } from '../../composition/team-scope.js';
import type { StoredAutomation, StoredRun } from '../../domain/automations/automation.js';
import type { AutomationActor } from '../../domain/automations/automation-service.js';
import type { Caller } from '../../domain/caller.js';
import { ForbiddenError, NotFoundError } from '../../domain/errors.js';
import { can, teamOwnerId } from '../../domain/teams/roles.js';
import { API_BASE_PATH } from '../../routes.js';

const id = z.string().min(1).max(MAX_ID_LENGTH);
export const automationParams = z.object({ id });
export const runParams = z.object({ id, runId: id });

export interface AutomationAccess {
  actor: AutomationActor;
  teamId?: string;
  editable: boolean;
}

/** A team's automations: its members read them, its Admins change them; 404 for a non-member. */
async function teamAccess(
  caller: Caller,
  teamId: string,
  need: 'read' | 'manage',
): Promise<AutomationAccess> {
  const role = await teamRoles().roleIn(teamId, caller.userId);
  if (!role) throw new NotFoundError(AUTOMATION_MESSAGES.notFound);
  const editable = can({ role, isOwner: false }, 'manageAutomations');
  if (need === 'manage' && !editable) throw new ForbiddenError(AUTOMATION_MESSAGES.adminsOnly);
  return { actor: { ownerId: teamOwnerId(teamId), userId: caller.userId }, teamId, editable };
}

/** The space a list or a new automation is in: the caller's own, or with `teamId` the team's. */
export function spaceAccess(
  caller: Caller,
  teamId: string | undefined,
  need: 'read' | 'manage',
): Promise<AutomationAccess> {
  if (teamId) return teamAccess(caller, teamId, need);
  return Promise.resolve({ actor: { ownerId: caller.userId, userId: caller.userId }, editable: true });
}

/**
 * Who may touch an automation named by id alone: its owner; a team's, its members read it and its
 * runs and its Admins change it (403 for a User who tries); everyone else 404, as if it did not exist.
 * Found by consistent reads of the caller's partition, then each of their teams' (an index would
 * miss an automation made a moment ago).
 */
export async function automationAccess(
  caller: Caller,
  automationId: string,
  need: 'read' | 'manage',
): Promise<AutomationAccess> {
  const automations = automationRepository();
  if (await automations.get(caller.userId, automationId)) {
    return { actor: { ownerId: caller.userId, userId: caller.userId }, editable: true };
  }
  for (const teamId of await myTeamsReader().teamIdsOf(caller.userId)) {
    if (await automations.get(teamOwnerId(teamId), automationId)) return teamAccess(caller, teamId, need);
  }
  throw new NotFoundError(AUTOMATION_MESSAGES.notFound);
}

/** A new webhook secret as the API answers it, this once: where to POST, and the Bearer secret. */
export interface WebhookAnswer {
  webhookUrl: string;
  webhookSecret: string;
}

/**
 * The webhook's URL (the app's origin, whose /api CloudFront sends to the API, as the handler
 * reads it: `appOrigins()`) and its secret, which goes in `Authorization: Bearer`, not in the path.
 */
export function webhookAnswerOf(
  origins: readonly string[],
  automationId: string,
  secret: string | undefined,
): WebhookAnswer | undefined {
  if (!secret) return undefined;
  return {
    webhookUrl: `${origins[0] ?? ''}${API_BASE_PATH}/automation-hooks/${automationId}`,
    webhookSecret: secret,
  };
}

/** The automation as the API answers it; with a new webhook secret and its URL (this once). */
export function automationView(
  automation: StoredAutomation,
  access: { teamId?: string | undefined; editable: boolean },
  webhook?: WebhookAnswer,
): Automation {
  const nextRunAt = automationService().nextRunAt(automation);
  return {
    id: automation.automationId,
    name: automation.name,
    goal: automation.goal,
    mode: automation.mode,
    serverIds: automation.serverIds,
    collectionIds: automation.collectionIds ?? [],
    provider: automation.provider,
    model: automation.model,
    ...(automation.steps ? { steps: automation.steps } : {}),
    approvedTools: automation.approvedTools,
    trigger: automation.trigger,
    budget: automation.budget,
    notify: automation.notify,
    output: automation.output,
    ...(access.teamId ? { teamId: access.teamId } : {}),
    enabled: automation.enabled,
    ...(automation.pausedReason ? { pausedReason: automation.pausedReason } : {}),
    consecutiveFailures: automation.consecutiveFailures,
    ...(nextRunAt === undefined ? {} : { nextRunAt }),
    ...(automation.lastRun ? { lastRun: automation.lastRun } : {}),
    ...webhook,
    editable: access.editable,
    createdAt: automation.createdAt,
    updatedAt: automation.updatedAt,
  };
}

/** A run as the API answers it; `withInput`: with the webhook's body (one run's read, not the list's). */
export function runView(run: StoredRun, { withInput = false }: { withInput?: boolean } = {}): AutomationRun {
  return {
    id: run.runId,
    automationId: run.automationId,
    source: run.source,
    status: run.status,
    ...(run.reason ? { reason: run.reason } : {}),
    ...(run.conversationId ? { conversationId: run.conversationId } : {}),
    usage: run.usage,
    toolCalls: run.toolCalls,
    ...(run.pendingApproval ? { pendingApproval: run.pendingApproval } : {}),
    ...(withInput && run.input !== undefined ? { input: run.input } : {}),
    startedAt: run.startedAt,
    ...(run.endedAt === undefined ? {} : { endedAt: run.endedAt, durationMs: run.endedAt - run.startedAt }),
  };
}
