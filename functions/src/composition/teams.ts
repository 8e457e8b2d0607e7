import { createMcpServerRepository } from '../adapters/dynamodb/mcp-server-repository.js';
import { createMyTeamsIndex } from '../adapters/dynamodb/my-teams.js';
import { createTeamRepository } from '../adapters/dynamodb/team-repository.js';
import { createUsageHistoryReader } from '../adapters/dynamodb/usage-history.js';
import { createUserAdmission } from '../adapters/dynamodb/user-admission.js';
import { newUlid } from '../adapters/ids/ulid.js';
import { createSesMailer, LOCAL_SES_CREDENTIALS } from '../adapters/mail/ses-mailer.js';
import {
  type AuditAction,
  type AuditDetails,
  teamAuditScope,
  UNKNOWN_CLIENT,
  userScope,
} from '../domain/audit/audit.js';
import { teamEventRecord } from '../domain/audit/team-events.js';
import type { Caller } from '../domain/caller.js';
import type { Mailer } from '../domain/mail.js';
import {
  departedIssuer,
  revokeTokensIssuedBy,
  type TokenRevocationReason,
} from '../domain/mcp/external-token-revocation.js';
import { endDepartedMemberInstances as endInstancesOf } from '../domain/mcp/member-instances.js';
import { createTeamMemory, type TeamMemory } from '../domain/memory/team-memory.js';
import type { TeamEvent } from '../domain/teams/ports.js';
import { teamOwnerId } from '../domain/teams/roles.js';
import { createTeamService, type TeamService } from '../domain/teams/team-service.js';
import { admitTeamInvitee } from '../domain/users/admission.js';
import { logger } from '../logger.js';
import { accessMode } from './access.js';
import { appOrigins } from './app-origins.js';
import { auditRecorder } from './audit.js';
import { teamSeats } from './billing.js';
import { memoryStore } from './memory.js';
import { db, env, required } from './root.js';

/**
 * Product mail through Amazon SES from the stage's verified address (the stage's `email`); on the
 * local stack the local SES, which files it in the outbox. A stage without an address stores and
 * lists invitations, logs that the e-mail was not sent (never the code or the address), and members
 * join with the link the Admin is shown once.
 */
export function mailer(): Mailer {
  if (!env.MAIL_FROM_ADDRESS) {
    return {
      send: async ({ kind }) =>
        logger.warn('Product mail not sent: the stage has no email identity', { kind }),
    };
  }
  return createSesMailer({
    region: env.AWS_REGION,
    from: env.MAIL_FROM_ADDRESS,
    ...(env.RUNTIME === 'local'
      ? { endpoint: required('SES_ENDPOINT'), credentials: LOCAL_SES_CREDENTIALS }
      : {}),
  });
}

/** One record in the team's audit log and in the actor's own, with the caller's address and user agent. */
export async function recordInTeamLog(
  caller: Caller,
  teamId: string,
  record: { action: AuditAction; target: string; details: AuditDetails },
): Promise<void> {
  const entry = {
    actor: caller.userId,
    ...record,
    outcome: 'success' as const,
    client: caller.client ?? UNKNOWN_CLIENT,
  };
  await auditRecorder().record({ ...entry, scope: teamAuditScope(teamId) });
  await auditRecorder().record({ ...entry, scope: userScope(caller.userId) });
}

/** The audit log's listener: each team event in both logs. Never the invitation's code or its hash. */
async function recordTeamEvent(event: TeamEvent, caller: Caller): Promise<void> {
  await recordInTeamLog(caller, event.teamId, teamEventRecord(event));
}

/**
 * Clears the external tokens of the team's servers that `issuerId` issued (every one without it),
 * each audited in the team's log and the actor's (`caller`: who removed, demoted, left or deleted).
 */
export async function revokeTeamServerTokens(
  caller: Caller,
  teamId: string,
  reason: TokenRevocationReason,
  issuerId?: string,
): Promise<void> {
  const servers = createMcpServerRepository(db, env.tables.mcpServers);
  for (const serverId of await revokeTokensIssuedBy(servers, teamOwnerId(teamId), issuerId)) {
    await recordInTeamLog(caller, teamId, {
      action: 'mcp_server.external_token_revoked',
      target: `mcp-server:${serverId}`,
      details: { teamId, reason, ...(issuerId ? { issuedBy: issuerId } : {}) },
    });
  }
}

/** A member removed, gone or made a User: the external tokens they issued for the team's servers end. */
async function revokeDepartedIssuerTokens(event: TeamEvent, caller: Caller): Promise<void> {
  const departed = departedIssuer(event);
  if (departed) await revokeTeamServerTokens(caller, event.teamId, departed.reason, departed.issuerId);
}

/** A member removed or gone: their instances of the team's per-member servers lose their values. */
async function endDepartedMemberInstances(event: TeamEvent): Promise<void> {
  const memberId =
    event.type === 'member.removed'
      ? event.targetUserId
      : event.type === 'member.left'
        ? event.actorId
        : undefined;
  if (!memberId) return;
  const servers = createMcpServerRepository(db, env.tables.mcpServers);
  await endInstancesOf(servers, teamOwnerId(event.teamId), memberId);
}

let service: TeamService | undefined;
export function teamService(): TeamService {
  service ??= createTeamService({
    store: createTeamRepository(db, env.tables.teams),
    myTeams: createMyTeamsIndex(db, env.tables.billing),
    mailer: mailer(),
    seats: teamSeats(),
    usage: createUsageHistoryReader(db, env.tables.usage),
    // On a waitlist stage, accepting a team's invitation lets the invitee in.
    admitInvitee: (userId) =>
      admitTeamInvitee(
        { mode: accessMode, now: Date.now, ...createUserAdmission(db, env.tables.users) },
        userId,
      ),
    // Each action in the team's audit log and the actor's own (never the invitation's code); an
    // issuer's external tokens end with their right to manage the team's servers; a departed
    // member's own server values go with them.
    listeners: [recordTeamEvent, revokeDepartedIssuerTokens, endDepartedMemberInstances],
    appUrl: async () => (await appOrigins())[0] ?? env.ALLOWED_ORIGINS[0] ?? '',
    newId: newUlid,
    now: Date.now,
    onListenerError: (event, error) =>
      logger.error('Team event listener failed', { type: event.type, teamId: event.teamId, error }),
    onSeatsError: (teamId, error) => logger.error('Team seats not updated in Stripe', { teamId, error }),
  });
  return service;
}

let teamMemorySetting: TeamMemory | undefined;
/** GET/PUT /teams/{teamId}/memory: whether members' memory is used in the team's space. */
export function teamMemory(): TeamMemory {
  teamMemorySetting ??= createTeamMemory({ store: memoryStore(), teams: teamService(), now: Date.now });
  return teamMemorySetting;
}
