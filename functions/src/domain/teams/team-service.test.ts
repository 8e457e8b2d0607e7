import { TEAM_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
/** The teams table in memory, with the conditional semantics of the DynamoDB adapter. */
import { teamServiceSetup as setup } from '../../testing/team-service-setup.js';
import type { CredentialsSource } from '../chat/model-resolver.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { bestPlan, planFromBilling } from '../limits/plan.js';
import { createTeamCredentials } from './team-credentials.js';
import { hashCode } from './team-invitations.js';
import { createTeamScope } from './team-scope.js';

describe('team service', () => {
  it('never fails an action for a listener or Stripe; reports both', async () => {
    const { service, caller, codeOf, errors } = setup({ seatsFail: true, listenerFails: true });
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    expect(errors).toEqual([
      'listener team.created',
      'listener member.invited',
      `seats ${team.teamId}`,
      'listener member.joined',
    ]);
  });

  it('renames for Admins (announced with the old and new names); a User is refused, an outsider not found', async () => {
    const { service, store, caller, codeOf, events } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    await expect(service.rename(caller('u'), team.teamId, { name: 'Mine' })).rejects.toThrow(
      TEAM_MESSAGES.adminRequired,
    );
    await expect(service.rename(caller('x'), team.teamId, { name: 'Mine' })).rejects.toThrow(NotFoundError);
    expect(await service.rename(caller('owner'), team.teamId, { name: 'Acme Labs' })).toMatchObject({
      name: 'Acme Labs',
      role: 'admin',
    });
    expect((await store.getTeam(team.teamId))?.name).toBe('Acme Labs');
    expect(events.at(-1)).toMatchObject({ type: 'team.renamed', from: 'Acme', to: 'Acme Labs' });
    // The same name again changes nothing and records nothing.
    await service.rename(caller('owner'), team.teamId, { name: 'Acme Labs' });
    expect(events.filter((e) => e.type === 'team.renamed')).toHaveLength(1);
  });

  it('deletes a team for its owner only: subscription cancelled first, then invitations, members, the team', async () => {
    const { service, store, caller, codeOf, events, myTeams, cancelled } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'a@example.com', role: 'admin' });
    await service.accept(caller('a'), { code: codeOf('a@example.com') });
    await service.invite(caller('owner'), team.teamId, { email: 'p@example.com', role: 'user' });
    // An Admin who is not the owner: 403 with the reason; a stranger: 404.
    await expect(service.beginDeletion(caller('a'), team.teamId)).rejects.toThrow(
      TEAM_MESSAGES.ownerRequiredToDelete,
    );
    await expect(service.beginDeletion(caller('x'), team.teamId)).rejects.toThrow(NotFoundError);
    expect(cancelled).toEqual([]);

    await service.beginDeletion(caller('owner'), team.teamId);
    expect(cancelled).toEqual([team.teamId]);
    expect(await store.listInvitations(team.teamId)).toEqual([]);
    expect(myTeams.get('a')).toEqual(new Set());
    await expect(service.get(caller('a'), team.teamId)).rejects.toThrow(NotFoundError);
    // The owner can still retry until the end.
    expect((await service.get(caller('owner'), team.teamId)).members.map((m) => m.userId)).toEqual(['owner']);
    await expect(service.completeDeletion(caller('a'), team.teamId)).rejects.toThrow(ForbiddenError);
    await service.completeDeletion(caller('owner'), team.teamId);
    expect(await store.getTeam(team.teamId)).toBeUndefined();
    expect(await store.listMembers(team.teamId)).toEqual([]);
    expect(myTeams.get('owner')).toEqual(new Set());
    expect(events.at(-1)).toMatchObject({ type: 'team.deleted', teamId: team.teamId, name: 'Acme' });
    await expect(service.get(caller('owner'), team.teamId)).rejects.toThrow(NotFoundError);
  });

  it('deletes nothing when Stripe cannot cancel the subscription', async () => {
    const { service, store, caller } = setup({ cancelFails: true });
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await expect(service.beginDeletion(caller('owner'), team.teamId)).rejects.toThrow('Stripe is down');
    expect(await store.getTeam(team.teamId)).toBeDefined();
  });
});

describe('team scope and team keys', () => {
  const memberships = {
    teamIdsOf: async (userId: string) => (userId === 'u' || userId === 'a' ? ['t1'] : []),
    roleIn: async (teamId: string, userId: string) =>
      teamId === 't1' ? ({ u: 'user', a: 'admin' } as const)[userId as 'u' | 'a'] : undefined,
  };
  const scope = createTeamScope(memberships);

  it('acts as the team after the role rules allow the caller (naming the member who acts)', async () => {
    expect(await scope.actor({ userId: 'a', email: '' }, 't1', 'manageServers')).toEqual({
      userId: 'team#t1',
      email: '',
      memberId: 'a',
    });
    await expect(scope.actor({ userId: 'u', email: '' }, 't1', 'manageServers')).rejects.toThrow(
      ForbiddenError,
    );
    await expect(scope.actor({ userId: 'x', email: '' }, 't1', 'use')).rejects.toThrow(NotFoundError);
    expect(await scope.actor({ userId: 'x', email: '' }, undefined, 'manageServers')).toEqual({
      userId: 'x',
      email: '',
    });
  });

  it("resolves a resource by id: the caller's own, else a team's they belong to", async () => {
    const owns = (owners: string[]) => async (ownerId: string) => owners.includes(ownerId);
    expect((await scope.resolve({ userId: 'u', email: '' }, 'use', owns(['u']))).userId).toBe('u');
    expect((await scope.resolve({ userId: 'u', email: '' }, 'use', owns(['team#t1']))).userId).toBe(
      'team#t1',
    );
    await expect(
      scope.resolve({ userId: 'u', email: '' }, 'manageServers', owns(['team#t1'])),
    ).rejects.toThrow(TEAM_MESSAGES.adminRequired);
    // Not a member: the caller, so the service answers 404.
    expect((await scope.resolve({ userId: 'x', email: '' }, 'use', owns(['team#t1']))).userId).toBe('x');
  });

  it("gives a team key to members only, and never the platform's models under a team id", async () => {
    const own: CredentialsSource = {
      resolveCredentials: async (userId, providerId) =>
        userId === 'team#t1' && providerId === 'custom:k1'
          ? { provider: 'custom', baseUrl: 'http://model', apiKey: 'sk' }
          : { provider: 'bedrock' },
    };
    const credentials = createTeamCredentials(own, memberships);
    expect(await credentials.resolveCredentials('u', 'team:t1:custom:k1')).toMatchObject({
      provider: 'custom',
    });
    expect(await credentials.resolveCredentials('x', 'team:t1:custom:k1')).toBeUndefined();
    expect(await credentials.resolveCredentials('u', 'team:t1:anthropic')).toBeUndefined();
    expect(await credentials.resolveCredentials('u', 'anthropic')).toEqual({ provider: 'bedrock' });
  });

  it("puts a member on the best of their own and their teams' plans", () => {
    const plan = bestPlan([
      planFromBilling({ tier: 'pro' }),
      planFromBilling({ tier: 'teams', status: 'active' }),
    ]);
    expect(plan.tier).toBe('teams');
    expect(
      bestPlan([planFromBilling(undefined), planFromBilling({ tier: 'teams', status: 'canceled' })]).tier,
    ).toBe('free');
  });
});

it('hashes codes with SHA-256', () => {
  expect(hashCode('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});
