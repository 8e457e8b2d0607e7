import type { PoolIdentityProviders, TeamSsoStore } from './team-sso.js';

/**
 * A team's single sign-on taken down whole: its identity provider off the web client and out of
 * the user pool (always asked: a provider left by a removal that failed half-way goes too), its
 * verified domains released, its record deleted. Each step can be repeated. Used by DELETE
 * /teams/{teamId}/sso and by the team's deletion, which authorize the caller themselves.
 */
export function createTeamSsoRemoval(deps: {
  store: Pick<TeamSsoStore, 'get' | 'releaseDomain' | 'delete'>;
  pool: Pick<PoolIdentityProviders, 'remove'>;
}) {
  return {
    /** False when the team has no single sign-on. */
    async removeAll(teamId: string): Promise<boolean> {
      const record = await deps.store.get(teamId);
      if (!record) return false;
      await deps.pool.remove(record.providerName);
      for (const { domain, verified } of record.domains)
        if (verified) await deps.store.releaseDomain(domain, teamId);
      await deps.store.delete(teamId);
      return true;
    },
  };
}
export type TeamSsoRemoval = ReturnType<typeof createTeamSsoRemoval>;
