import { ulid } from 'ulid';
import { createMyTeamsIndex } from '../adapters/dynamodb/my-teams.js';
import { createTeamRepository } from '../adapters/dynamodb/team-repository.js';
import { createUsageHistoryReader } from '../adapters/dynamodb/usage-history.js';
import { createOutboxMailer } from '../adapters/mail/outbox-mailer.js';
import type { Mailer } from '../domain/teams/ports.js';
import { createTeamService, type TeamService } from '../domain/teams/team-service.js';
import { logger } from '../logger.js';
import { teamSeats } from './billing.js';
import { db, env, required } from './root.js';

/**
 * Product mail: the local outbox on the local stack. On AWS no SES mailer exists yet (the SES
 * client is not a dependency): the invitation is stored and listed, its e-mail is not sent, and
 * the log says so (never the code or the address).
 */
function mailer(): Mailer {
  if (env.RUNTIME === 'local') return createOutboxMailer(required('LOCAL_OUTBOX_FILE'));
  return {
    send: async ({ kind }) => logger.warn('Product mail not sent: no mailer on AWS yet', { kind }),
  };
}

let service: TeamService | undefined;
export function teamService(): TeamService {
  service ??= createTeamService({
    store: createTeamRepository(db, env.tables.teams),
    myTeams: createMyTeamsIndex(db, env.tables.billing),
    mailer: mailer(),
    seats: teamSeats(),
    usage: createUsageHistoryReader(db, env.tables.usage),
    // The audit log (its own issue) adds its recorder here; nothing else listens yet.
    listeners: [],
    appUrl: env.APP_ORIGINS[0] ?? env.ALLOWED_ORIGINS[0] ?? '',
    newId: ulid,
    now: Date.now,
    onListenerError: (event, error) =>
      logger.error('Team event listener failed', { type: event.type, teamId: event.teamId, error }),
    onSeatsError: (teamId, error) => logger.error('Team seats not updated in Stripe', { teamId, error }),
  });
  return service;
}
