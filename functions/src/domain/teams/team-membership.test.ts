import { ACCOUNT_MESSAGES, TEAM_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { teamServiceSetup as setup } from '../../testing/team-service-setup.js';
import type { TeamRecord } from './ports.js';

describe('team membership', () => {
  it('account deletion: refused while the person owns a team with other members, before anything changes', async () => {
    const { service, caller, codeOf, myTeams } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    const other = await service.create(caller('u'), { name: 'Solo' });
    await service.invite(caller('u'), other.teamId, { email: 'owner@example.com', role: 'admin' });
    await service.accept(caller('owner'), { code: codeOf('owner@example.com') });
    await expect(service.departAccount(caller('owner'))).rejects.toThrow(
      ACCOUNT_MESSAGES.transferOwnershipFirst('Acme'),
    );
    expect(myTeams.get('owner')).toEqual(new Set([team.teamId, other.teamId]));
  });

  it('account deletion: a member leaves by the leave path (seats follow), a team owned alone is returned then deleted', async () => {
    const { service, store, caller, codeOf, myTeams, seats, events } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'admin' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    const solo = await service.create(caller('u'), { name: 'Solo' });
    await service.invite(caller('u'), solo.teamId, { email: 'x@example.com', role: 'user' });

    const { ownedAlone } = await service.departAccount(caller('u'));
    expect(ownedAlone).toEqual([solo.teamId]);
    expect(await store.getMember(team.teamId, 'u')).toBeUndefined();
    expect(seats.at(-1)).toEqual([team.teamId, 1]);
    expect(events.at(-1)).toMatchObject({ type: 'member.left', teamId: team.teamId, actorId: 'u' });
    expect((await store.getTeam(team.teamId))?.adminCount).toBe(1);

    await service.beginDeletion(caller('u'), solo.teamId);
    await service.completeDeletion(caller('u'), solo.teamId);
    expect(await store.getTeam(solo.teamId)).toBeUndefined();
    expect(await store.listMembers(solo.teamId)).toEqual([]);
    expect(await store.listInvitations(solo.teamId)).toEqual([]);
    expect(myTeams.get('u')).toEqual(new Set());
  });

  it('account deletion: refused while a team owned alone has a subscription that still renews', async () => {
    const { service, caller } = setup({ renewing: true });
    await service.create(caller('owner'), { name: 'Acme' });
    await expect(service.departAccount(caller('owner'))).rejects.toThrow(
      ACCOUNT_MESSAGES.cancelTeamSubscriptionFirst('Acme'),
    );
  });

  it('keeps the owner and one Admin, and takes a removed member out of "my teams" first', async () => {
    const { service, store, caller, codeOf, myTeams, seats } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'a@example.com', role: 'admin' });
    await service.accept(caller('a'), { code: codeOf('a@example.com') });
    await expect(service.changeRole(caller('a'), team.teamId, 'owner', 'user')).rejects.toThrow(
      TEAM_MESSAGES.ownerCannotLeave,
    );
    // The counter guards the rule even where the records say otherwise (a crash between writes).
    (store.teams.get(team.teamId) as TeamRecord).adminCount = 1;
    await expect(service.changeRole(caller('owner'), team.teamId, 'a', 'user')).rejects.toThrow(
      TEAM_MESSAGES.lastAdmin,
    );
    (store.teams.get(team.teamId) as TeamRecord).adminCount = 2;
    await service.removeMember(caller('owner'), team.teamId, 'a');
    expect(myTeams.get('a')).toEqual(new Set());
    expect(seats.at(-1)).toEqual([team.teamId, 1]);
    expect((store.teams.get(team.teamId) as TeamRecord).adminCount).toBe(1);
  });
});
