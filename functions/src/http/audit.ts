import type { AuditAction, AuditDetails } from '@agentforge/shared';
import { auditRecorder } from '../composition/audit.js';
import { type AuditClient, teamAuditScope, UNKNOWN_CLIENT, userScope } from '../domain/audit/audit.js';
import type { Caller } from '../domain/caller.js';
import { TEAM_OWNER_PREFIX } from '../domain/teams/roles.js';
import { logger } from '../logger.js';

/**
 * The one way handlers record what a user did (issue 13): `audited` runs the action, then appends
 * a record to the caller's own log, `success` with the result's target and details, or `failure`
 * with the error's name (never its message or the request: no secrets). Recording never changes
 * the action's answer: a write that fails is logged and counted (fail open, docs/decisions/audit.md).
 */
export interface AuditSpec<T> {
  action: AuditAction;
  /** What was acted on (`type:id`), known before (a path id) or from the result (a new id). */
  target: string | ((result: T) => string);
  /** Non-secret facts about the result (a name, a status). */
  details?: (result: T) => AuditDetails;
  /**
   * The team whose resource this is (a team's server or key), if any, asked once the action ran or
   * failed: the record then also goes to the team's log.
   */
  team?: () => string | undefined;
}

const clientOf = (caller: Caller): AuditClient => caller.client ?? UNKNOWN_CLIENT;

export async function audited<T>(caller: Caller, spec: AuditSpec<T>, run: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await run();
  } catch (error) {
    await recordFor(caller, {
      action: spec.action,
      target: typeof spec.target === 'string' ? spec.target : '',
      outcome: 'failure',
      details: { error: error instanceof Error ? error.name : 'Error' },
      teamId: spec.team?.(),
    });
    throw error;
  }
  let target = typeof spec.target === 'string' ? spec.target : '';
  let details: AuditDetails = {};
  try {
    if (typeof spec.target === 'function') target = spec.target(result);
    details = spec.details?.(result) ?? {};
  } catch (error) {
    // Describing the result must not undo the action either: the record goes without it.
    logger.error('An audit record could not describe its result', { action: spec.action, error });
  }
  await recordFor(caller, {
    action: spec.action,
    target,
    outcome: 'success',
    details,
    teamId: spec.team?.(),
  });
  return result;
}

/**
 * One record in the caller's own log, the caller as actor, and, with `teamId`, the same in the
 * team's log (a chain of its own). Never throws.
 */
export async function recordFor(
  caller: Caller,
  entry: {
    action: AuditAction;
    target: string;
    outcome: 'success' | 'failure';
    details?: AuditDetails;
    teamId?: string | undefined;
  },
): Promise<void> {
  // A public route has no caller: there is no one's log to write to.
  if (!caller.userId) return;
  const { teamId, ...rest } = entry;
  const record = { actor: caller.userId, client: clientOf(caller), ...rest, details: rest.details ?? {} };
  await auditRecorder().record({ scope: userScope(caller.userId), ...record });
  if (teamId)
    await auditRecorder().record({
      scope: teamAuditScope(teamId),
      ...record,
      details: { ...record.details, teamId },
    });
}

/** The team a resource's owner stands for (`team#<teamId>`, the team scope's actor), if any. */
export const teamOfOwner = (owner: Caller | undefined): string | undefined =>
  owner?.userId.startsWith(TEAM_OWNER_PREFIX) ? owner.userId.slice(TEAM_OWNER_PREFIX.length) : undefined;
