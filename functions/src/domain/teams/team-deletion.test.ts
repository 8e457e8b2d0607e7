import { describe, expect, it } from 'vitest';
import { createTeamDeletion } from './team-deletion.js';

describe('team deletion', () => {
  it("cancels and empties the team first, takes its single sign-on down, then its servers' tokens and servers (stopped) and items, the team last", async () => {
    const steps: string[] = [];
    const deletion = createTeamDeletion({
      teams: {
        beginDeletion: async (caller, teamId) => void steps.push(`begin ${teamId} by ${caller.userId}`),
        completeDeletion: async (caller, teamId) => void steps.push(`complete ${teamId} by ${caller.userId}`),
      },
      servers: {
        list: async (owner) => (owner.userId === 'team#t1' ? [{ id: 's1' }] : [{ id: 'own' }]),
        delete: async (owner, id) => void steps.push(`server ${id} of ${owner.userId}`),
      },
      revokeExternalTokens: async (caller, teamId) => void steps.push(`tokens ${teamId} by ${caller.userId}`),
      sso: { removeAll: async (teamId) => steps.push(`sso ${teamId}`) > 0 },
      erasers: ['apiKeys', 'billing'].map((table) => ({
        table,
        eraseAll: async (ownerId: string) => void steps.push(`${table} ${ownerId}`),
      })),
    });
    await deletion.deleteTeam({ userId: 'o', email: 'o@example.com' }, 't1');
    expect(steps).toEqual([
      'begin t1 by o',
      'sso t1',
      'tokens t1 by o',
      'server s1 of team#t1',
      'apiKeys team#t1',
      'billing team#t1',
      'complete t1 by o',
    ]);
  });

  it('stops at a refusal (not the owner), deleting nothing', async () => {
    const steps: string[] = [];
    const deletion = createTeamDeletion({
      teams: {
        beginDeletion: async () => Promise.reject(new Error('owner only')),
        completeDeletion: async () => void steps.push('complete'),
      },
      servers: { list: async () => [{ id: 's1' }], delete: async () => void steps.push('server') },
      revokeExternalTokens: async () => void steps.push('tokens'),
      sso: { removeAll: async () => steps.push('sso') > 0 },
      erasers: [],
    });
    await expect(deletion.deleteTeam({ userId: 'a', email: '' }, 't1')).rejects.toThrow('owner only');
    expect(steps).toEqual([]);
  });
});
