import { TEAM_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { can, departureRefusal, refusal, roleChangeRefusal, type TeamAction } from './roles.js';

const admin = { role: 'admin', isOwner: false } as const;
const owner = { role: 'admin', isOwner: true } as const;
const user = { role: 'user', isOwner: false } as const;

describe('team role rules', () => {
  it('lets every member read, use shared resources and leave', () => {
    for (const action of ['read', 'use', 'leave'] as TeamAction[]) {
      expect([can(user, action), can(admin, action), can(owner, action)]).toEqual([true, true, true]);
    }
  });

  it('keeps invitations, roles, removals, servers, keys and billing to Admins', () => {
    const adminOnly: TeamAction[] = [
      'invite',
      'changeRole',
      'removeMember',
      'manageServers',
      'manageKeys',
      'manageBilling',
      'viewUsage',
      'rename',
    ];
    for (const action of adminOnly) {
      expect(can(admin, action)).toBe(true);
      expect(can(user, action)).toBe(false);
      expect(refusal(user, action)).toBe(TEAM_MESSAGES.adminRequired);
    }
  });

  it('lets only the owner transfer ownership', () => {
    expect(can(owner, 'transferOwnership')).toBe(true);
    expect(refusal(admin, 'transferOwnership')).toBe(TEAM_MESSAGES.ownerRequired);
    expect(refusal(user, 'transferOwnership')).toBe(TEAM_MESSAGES.ownerRequired);
  });

  it('lets only the owner delete the team, saying so', () => {
    expect(can(owner, 'deleteTeam')).toBe(true);
    expect(refusal(admin, 'deleteTeam')).toBe(TEAM_MESSAGES.ownerRequiredToDelete);
    expect(refusal(user, 'deleteTeam')).toBe(TEAM_MESSAGES.ownerRequiredToDelete);
  });

  it('refuses demoting the last Admin and the owner, allows the rest', () => {
    const team = { ownerId: 'o', adminCount: 1 };
    expect(roleChangeRefusal(team, { userId: 'a', role: 'admin' }, 'user')).toBe(TEAM_MESSAGES.lastAdmin);
    expect(roleChangeRefusal({ ...team, adminCount: 2 }, { userId: 'a', role: 'admin' }, 'user')).toBe(
      undefined,
    );
    expect(roleChangeRefusal({ ...team, adminCount: 3 }, { userId: 'o', role: 'admin' }, 'user')).toBe(
      TEAM_MESSAGES.ownerCannotLeave,
    );
    expect(roleChangeRefusal(team, { userId: 'u', role: 'user' }, 'admin')).toBe(undefined);
    expect(roleChangeRefusal(team, { userId: 'a', role: 'admin' }, 'admin')).toBe(undefined);
  });

  it('refuses the owner and the last Admin leaving or being removed', () => {
    const team = { ownerId: 'o', adminCount: 1 };
    expect(departureRefusal(team, { userId: 'o', role: 'admin' })).toBe(TEAM_MESSAGES.ownerCannotLeave);
    expect(departureRefusal(team, { userId: 'a', role: 'admin' })).toBe(TEAM_MESSAGES.lastAdmin);
    expect(departureRefusal({ ...team, adminCount: 2 }, { userId: 'a', role: 'admin' })).toBe(undefined);
    expect(departureRefusal(team, { userId: 'u', role: 'user' })).toBe(undefined);
  });
});
