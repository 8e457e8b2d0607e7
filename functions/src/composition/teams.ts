import { ulid } from 'ulid';
import { createMyTeamsIndex } from '../adapters/dynamodb/my-teams.js';
import { createTeamRepository } from '../adapters/dynamodb/team-repository.js';
import { createUsageHistoryReader } from '../adapters/dynamodb/usage-history.js';
import { createUserAdmission } from '../adapters/dynamodb/user-admission.js';
import { createSesMailer, LOCAL_SES_CREDENTIALS } from '../adapters/mail/ses-mailer.js';
import { teamAuditScope, UNKNOWN_CLIENT, userScope } from '../domain/audit/audit.js';
import { teamEventRecord } from '../domain/audit/team-events.js';
import type { Caller } from '../domain/caller.js';
import type { Mailer } from '../domain/mail.js';
import type { TeamEvent } from '../domain/teams/ports.js';
import { createTeamService, type TeamService } from '../domain/teams/team-service.js';
import { admitTeamInvitee } from '../domain/users/admission.js';
import { logger } from '../logger.js';
import { accessMode } from './access.js';
import { appOrigins } from './app-origins.js';
import { auditRecorder } from './audit.js';
import { teamSeats } from './billing.js';
import { db, env, required } from './root.js';

/**
 * Product mail through Amazon SES from the stage's verified address (the stage's `email`); on the
 * local stack the local SES, which files it in the outbox. A stage without an address stores and
 * lists invitations, logs that the e-mail was not sent (never the code or the address), and members
 * join with the link the Admin is shown once.
 */
function mailer(): Mailer {
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

/**
 * The audit log's listener: each team event in the team's log (`team#<teamId>`) and in the actor's
 * own, with the caller's address and user agent. Never the invitation's code or its hash.
 */
async function recordTeamEvent(event: TeamEvent, caller: Caller): Promise<void> {
  const { action, target, details } = teamEventRecord(event);
  const entry = {
    actor: caller.userId,
    action,
    target,
    outcome: 'success' as const,
    details,
    client: caller.client ?? UNKNOWN_CLIENT,
  };
  await auditRecorder().record({ ...entry, scope: teamAuditScope(event.teamId) });
  await auditRecorder().record({ ...entry, scope: userScope(caller.userId) });
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
    // Each action in the team's audit log and the actor's own (never the invitation's code).
    listeners: [recordTeamEvent],
    appUrl: async () => (await appOrigins())[0] ?? env.ALLOWED_ORIGINS[0] ?? '',
    newId: ulid,
    now: Date.now,
    onListenerError: (event, error) =>
      logger.error('Team event listener failed', { type: event.type, teamId: event.teamId, error }),
    onSeatsError: (teamId, error) => logger.error('Team seats not updated in Stripe', { teamId, error }),
  });
  return service;
}
