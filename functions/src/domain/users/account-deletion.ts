import {
  ACCOUNT_MESSAGES,
  type AccountDeletionStep,
  isPaidTier,
  type SubscriptionStatus,
  type SubscriptionTier,
} from '@agentforge/shared';
import { LIVE_STATUSES } from '../billing/subscription-sync.js';
import type { Caller } from '../caller.js';
import { ConflictError, ValidationError } from '../errors.js';

/** Removes every item a user owns from one table keyed by userId. */
export interface UserItemsEraser {
  readonly table: string;
  eraseAll(userId: string): Promise<void>;
}

export interface AccountDeletionDeps {
  /** The MCP servers' own delete path: stops a running server (runner), gives back its slot. */
  servers: {
    list(caller: Caller): Promise<{ id: string }[]>;
    delete(caller: Caller, serverId: string): Promise<void>;
  };
  /** The conversations' own delete path: messages, agent plans and attachments go with each. */
  conversations: {
    list(caller: Caller): Promise<{ id: string }[]>;
    delete(caller: Caller, conversationId: string): Promise<void>;
  };
  /** The GitHub link: its token is revoked at GitHub, not only forgotten. */
  github: { unlink(userId: string): Promise<void> };
  /**
   * What is left keyed by the user, erased in this order (the user's record, which holds the
   * profile, the onboarding answers and the GitHub link, must be last).
   */
  erasers: readonly UserItemsEraser[];
  /**
   * The person's teams (the teams service): `departAccount` refuses (409) while they own a team
   * with other members, else leaves the others by the leave path (Stripe seats follow) and returns
   * the teams they own alone, which go by the team deletion (`teams/team-deletion.ts`: servers,
   * keys, usage, billing record, invitations, the team).
   */
  teams: {
    departAccount(caller: Caller): Promise<{ ownedAlone: string[] }>;
    deleteTeam(caller: Caller, teamId: string): Promise<void>;
  };
  /** The identity service: the sign-in itself. */
  identity: { deleteUser(username: string): Promise<void> };
  /**
   * The account's tombstones, last: its ID tokens stay valid until they expire, and every route
   * (streams too) refuses them (401) instead of recreating a record or data.
   */
  tombstones: { markDeleted(userId: string): Promise<void> };
  /** The user's billing record: a paid subscription still renewing must be cancelled first. */
  billing: {
    get(
      userId: string,
    ): Promise<
      { tier: SubscriptionTier; status: SubscriptionStatus; cancelAtPeriodEnd: boolean } | undefined
    >;
  };
}

/**
 * DELETE /users/me, as a job (account-deletion-job.ts). `check` runs in the request: the typed
 * confirmation must be the account's e-mail; a paid subscription that still renews is refused (409)
 * until cancelled, and so is owning a team that has other members (ownership is transferred first);
 * else the person leaves their teams. The job then runs `steps` in order, each safe to run again
 * (a retried job runs them anew): a team owned alone is deleted with its servers, keys and
 * invitations; running servers are stopped (they cost money and hold the user's secrets), then
 * conversations with everything under them, the GitHub link (its token revoked), then every other
 * table, the user's record last among the data, and the sign-in near the end, so a user whose
 * deletion failed half-way can still sign in and delete again. The tombstones come last (a
 * deletion that failed before them is retried with the same token: the sign-in already gone
 * counts as deleted).
 */
export function createAccountDeletion(deps: AccountDeletionDeps) {
  return {
    async check(caller: Caller, confirmEmail: string): Promise<void> {
      if (confirmEmail.trim().toLowerCase() !== caller.email.toLowerCase()) {
        throw new ValidationError(ACCOUNT_MESSAGES.deleteConfirmMismatch);
      }
      // Deleting our record would not stop Stripe charging: a renewing paid plan is cancelled first.
      const billing = await deps.billing.get(caller.userId);
      if (
        billing &&
        isPaidTier(billing.tier) &&
        LIVE_STATUSES.has(billing.status) &&
        !billing.cancelAtPeriodEnd
      ) {
        throw new ConflictError(ACCOUNT_MESSAGES.cancelSubscriptionFirst);
      }
      // Refused here, before anything is deleted, while the person owns a team with other members.
      await deps.teams.departAccount(caller);
    },

    steps(caller: Caller): Record<AccountDeletionStep, () => Promise<void>> {
      return {
        teams: async () => {
          // Left already by `check`: this finds the teams still owned alone.
          const { ownedAlone } = await deps.teams.departAccount(caller);
          for (const teamId of ownedAlone) await deps.teams.deleteTeam(caller, teamId);
        },
        servers: async () => {
          for (const server of await deps.servers.list(caller)) await deps.servers.delete(caller, server.id);
        },
        conversations: async () => {
          for (const conversation of await deps.conversations.list(caller)) {
            await deps.conversations.delete(caller, conversation.id);
          }
        },
        github: () => deps.github.unlink(caller.userId),
        data: async () => {
          for (const eraser of deps.erasers) await eraser.eraseAll(caller.userId);
        },
        'sign-in': () => deps.identity.deleteUser(caller.username ?? caller.userId),
        tombstone: () => deps.tombstones.markDeleted(caller.userId),
      };
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
