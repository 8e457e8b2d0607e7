import type { TeamCheckoutBody, TeamUsage } from '@agentforge/shared';
import { overageView } from '../billing/subscription-service.js';
import type { Caller } from '../caller.js';
import { teamAccount } from '../limits/usage-account.js';
import { teamOwnerId } from './roles.js';
import type { TeamCore } from './team-core.js';

/** The team's subscription for its Admins: usage, the overage cap, the portal, the checkout. */
export function createTeamBilling({ deps, store, announce, authorize }: TeamCore) {
  return {
    /**
     * Admins: each member's tokens today in the team space (the team's counters) and compute this
     * month, the team servers' compute, and the month's overage billed to the team with its cap.
     */
    async usage(caller: Caller, teamId: string): Promise<TeamUsage> {
      await authorize(caller, teamId, 'viewUsage');
      const at = new Date(deps.now()).toISOString();
      const date = at.slice(0, 10);
      const month = at.slice(0, 7);
      const members = await store.listMembers(teamId);
      const rows = await Promise.all(
        members.map(async (member) => {
          const [[today], minutes] = await Promise.all([
            deps.usage.dailyTokens(teamAccount(teamId, member.userId), [date]),
            deps.usage.computeMinutes(member.userId, month),
          ]);
          return {
            userId: member.userId,
            email: member.email,
            role: member.role,
            tokensToday: today?.tokens ?? 0,
            keyTokensToday: today?.ownKeyTokens ?? 0,
            computeMinutesThisMonth: minutes,
          };
        }),
      );
      return {
        date,
        month,
        members: rows.sort((a, b) => b.tokensToday - a.tokensToday || a.email.localeCompare(b.email)),
        teamServers: { computeMinutesThisMonth: await deps.usage.computeMinutes(teamOwnerId(teamId), month) },
        overage: overageView(
          await deps.usage.overageTokens(teamOwnerId(teamId), month),
          await deps.seats.overageCap(teamId),
        ),
      };
    },

    /** Admins: the most the team space's overage may cost this month (past it, over-limit calls are refused). */
    async setOverageCap(caller: Caller, teamId: string, capUsd: number): Promise<{ capUsd: number }> {
      await authorize(caller, teamId, 'manageBilling');
      await deps.seats.setOverageCap(teamId, capUsd);
      await announce(caller, {
        type: 'team.overage_cap_changed',
        teamId,
        actorId: caller.userId,
        capUsd,
        at: deps.now(),
      });
      return { capUsd };
    },

    /** Admins: the team's Stripe Customer Portal (card, invoices, cancel); 404 before a first checkout. */
    async portal(caller: Caller, teamId: string, returnUrl: string): Promise<{ url: string }> {
      await authorize(caller, teamId, 'manageBilling');
      return { url: await deps.seats.portal(teamId, returnUrl) };
    },

    /** An Admin subscribes the team to Teams: one seat per member (the seats then follow the members). */
    async checkout(caller: Caller, teamId: string, body: TeamCheckoutBody): Promise<{ url: string }> {
      await authorize(caller, teamId, 'manageBilling');
      const members = await store.listMembers(teamId);
      const url = await deps.seats.checkout(teamId, caller.email, {
        seats: Math.max(1, members.length),
        ...body,
      });
      return { url };
    },
  };
}
