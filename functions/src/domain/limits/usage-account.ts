import { teamOwnerId } from '../teams/roles.js';

/**
 * Whose counters a model call goes on: the user's own (`ownerId` is the user), or in a team's
 * space the team's (`ownerId` is `team#<teamId>`), per member (`memberId`): each member has the
 * plan's daily allowance, the month's overage and its cap are the team's.
 */
export interface UsageAccount {
  ownerId: string;
  memberId?: string;
}

export const personalAccount = (userId: string): UsageAccount => ({ ownerId: userId });

export const teamAccount = (teamId: string, memberId: string): UsageAccount => ({
  ownerId: teamOwnerId(teamId),
  memberId,
});

/** The usage-table period of an account's day: `tokens#YYYY-MM-DD`, a team member's `tokens#YYYY-MM-DD#<userId>`. */
export const dayPeriod = (account: UsageAccount, day: string): string =>
  account.memberId ? `tokens#${day}#${account.memberId}` : `tokens#${day}`;
