import { describe, expect, it } from 'vitest';
import { teamEventRecord } from './team-events.js';

describe('teamEventRecord', () => {
  it('names each team event as an audit action, with its target and non-secret details', () => {
    const at = 0;
    const teamId = 't1';
    expect(teamEventRecord({ type: 'team.created', teamId, actorId: 'a', at })).toEqual({
      action: 'team.created',
      target: 'team:t1',
      details: { teamId },
    });
    expect(
      teamEventRecord({ type: 'team.renamed', teamId, actorId: 'a', from: 'Old', to: 'New', at }),
    ).toEqual({ action: 'team.renamed', target: 'team:t1', details: { teamId, from: 'Old', to: 'New' } });
    expect(teamEventRecord({ type: 'team.deleted', teamId, actorId: 'a', name: 'Old', at })).toEqual({
      action: 'team.deleted',
      target: 'team:t1',
      details: { teamId, name: 'Old' },
    });
    expect(
      teamEventRecord({ type: 'member.joined', teamId, actorId: 'b', role: 'user', admitted: true, at })
        .details,
    ).toEqual({ teamId, role: 'user', admitted: true });
    expect(
      teamEventRecord({
        type: 'member.invited',
        teamId,
        actorId: 'a',
        email: 'x@example.com',
        role: 'user',
        at,
      }),
    ).toEqual({
      action: 'member.invited',
      target: 'invitation:x@example.com',
      details: { teamId, role: 'user' },
    });
    expect(
      teamEventRecord({ type: 'invitation.resent', teamId, actorId: 'a', email: 'x@example.com', at }).action,
    ).toBe('member.invitation_resent');
    expect(
      teamEventRecord({ type: 'invitation.revoked', teamId, actorId: 'a', email: 'x@example.com', at })
        .action,
    ).toBe('member.invitation_revoked');
    expect(
      teamEventRecord({ type: 'invitation.declined', teamId, actorId: 'u', email: 'x@example.com', at }),
    ).toEqual({
      action: 'member.invitation_declined',
      target: 'invitation:x@example.com',
      details: { teamId },
    });
    expect(teamEventRecord({ type: 'member.joined', teamId, actorId: 'm', role: 'user', at })).toEqual({
      action: 'member.joined',
      target: 'member:m',
      details: { teamId, role: 'user' },
    });
    expect(
      teamEventRecord({
        type: 'member.role_changed',
        teamId,
        actorId: 'a',
        targetUserId: 'm',
        from: 'user',
        to: 'admin',
        at,
      }),
    ).toEqual({
      action: 'member.role_changed',
      target: 'member:m',
      details: { teamId, from: 'user', to: 'admin' },
    });
    expect(
      teamEventRecord({ type: 'member.removed', teamId, actorId: 'a', targetUserId: 'm', at }).target,
    ).toBe('member:m');
    expect(teamEventRecord({ type: 'member.left', teamId, actorId: 'm', at }).target).toBe('member:m');
    expect(
      teamEventRecord({ type: 'team.ownership_transferred', teamId, actorId: 'a', targetUserId: 'm', at })
        .action,
    ).toBe('team.ownership_transferred');
  });
});
