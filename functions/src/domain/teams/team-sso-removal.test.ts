import { describe, expect, it } from 'vitest';
import type { TeamSsoRecord } from './team-sso.js';
import { createTeamSsoRemoval } from './team-sso-removal.js';

const record = (teamId: string): TeamSsoRecord => ({
  teamId,
  providerName: `team-${teamId.toLowerCase()}`,
  provider: { type: 'saml', metadataUrl: 'https://idp.example/metadata' },
  domains: [
    { domain: 'acme.example', verified: true },
    { domain: 'pending.example', verified: false },
  ],
  requireSso: true,
  active: true,
  verificationKey: 'k',
  updatedAt: 1,
});

describe('team single sign-on removal', () => {
  it('takes the provider off the client and out of the pool, releases the verified domains, deletes the record', async () => {
    const steps: string[] = [];
    const records = new Map([['T1', record('T1')]]);
    const removal = createTeamSsoRemoval({
      store: {
        get: async (teamId) => records.get(teamId),
        releaseDomain: async (domain, teamId) => void steps.push(`release ${domain} of ${teamId}`),
        delete: async (teamId) => void (records.delete(teamId) && steps.push(`delete ${teamId}`)),
      },
      pool: { remove: async (name) => void steps.push(`pool ${name}`) },
    });
    expect(await removal.removeAll('T1')).toBe(true);
    expect(steps).toEqual(['pool team-t1', 'release acme.example of T1', 'delete T1']);
    // Again (a deletion retried): nothing left, nothing asked.
    expect(await removal.removeAll('T1')).toBe(false);
    expect(steps).toHaveLength(3);
  });
});
