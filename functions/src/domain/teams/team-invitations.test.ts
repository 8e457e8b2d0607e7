import { TEAM_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import { teamServiceSetup as setup } from '../../testing/team-service-setup.js';
import { ForbiddenError, NotFoundError } from '../errors.js';

describe('team invitations', () => {
  it('creates a team with its creator as owner and Admin, invites by mail, and joins with the code', async () => {
    const { service, mail, seats, events, caller, codeOf, myTeams } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    expect(team).toMatchObject({ role: 'admin', isOwner: true, memberCount: 1 });
    expect(myTeams.get('owner')).toEqual(new Set([team.teamId]));

    const invitation = await service.invite(caller('owner'), team.teamId, {
      email: 'u@example.com',
      role: 'user',
    });
    expect(invitation.expiresAt).toBe('2026-11-30T10:00:00.000Z');
    expect(mail[0]).toMatchObject({ to: 'u@example.com', kind: 'team-invitation' });
    expect(mail[0]?.text).toContain(`https://app.example/teams/join?code=${codeOf('u@example.com')}`);
    // The Admin gets the link once (to pass on); the listed invitation never holds the code.
    expect(invitation.joinUrl).toBe(`https://app.example/teams/join?code=${codeOf('u@example.com')}`);
    const listed = await service.listInvitations(caller('owner'), team.teamId);
    expect(JSON.stringify(listed)).not.toContain(codeOf('u@example.com'));

    await expect(service.accept(caller('someone'), { code: codeOf('u@example.com') })).rejects.toThrow(
      TEAM_MESSAGES.invitationForAnotherEmail,
    );
    // The invited address, but not proven the caller's (email_verified false): refused too.
    await expect(
      service.accept({ ...caller('u'), emailVerified: false }, { code: codeOf('u@example.com') }),
    ).rejects.toThrow(TEAM_MESSAGES.invitationForAnotherEmail);
    const joined = await service.accept(caller('u'), { code: codeOf('u@example.com') });
    expect(joined).toMatchObject({ teamId: team.teamId, role: 'user', memberCount: 2 });
    expect(seats).toEqual([[team.teamId, 2]]);
    expect(events.map((e) => e.type)).toEqual(['team.created', 'member.invited', 'member.joined']);
    await expect(service.accept(caller('u'), { code: codeOf('u@example.com') })).rejects.toThrow(
      NotFoundError,
    );
  });

  it('refuses expired codes, and only Admins invite', async () => {
    const { service, caller, codeOf, advance } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    advance(7 * 24 * 3600 * 1000);
    await expect(service.accept(caller('u'), { code: codeOf('u@example.com') })).rejects.toThrow(
      TEAM_MESSAGES.invitationInvalid,
    );
    // Expired invitations are not listed, and a new one may be sent.
    expect((await service.listInvitations(caller('owner'), team.teamId)).invitations).toEqual([]);
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    await expect(
      service.invite(caller('u'), team.teamId, { email: 'x@example.com', role: 'user' }),
    ).rejects.toThrow(ForbiddenError);
    await expect(service.get(caller('stranger'), team.teamId)).rejects.toThrow(NotFoundError);
  });

  it('admits a waitlisted invitee who accepts (recorded on the join), never on a refused code', async () => {
    const { service, caller, codeOf, events, admitted } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'w1@example.com', role: 'user' });
    await expect(service.accept(caller('w2'), { code: codeOf('w1@example.com') })).rejects.toThrow(
      TEAM_MESSAGES.invitationForAnotherEmail,
    );
    await expect(service.accept(caller('w2'), { code: 'x'.repeat(32) })).rejects.toThrow(NotFoundError);
    expect(admitted).toEqual([]);
    await service.accept(caller('w1'), { code: codeOf('w1@example.com') });
    expect(admitted).toEqual(['w1']);
    expect(events.at(-1)).toMatchObject({ type: 'member.joined', actorId: 'w1', admitted: true });
  });

  it('shows the invitee the team, inviter, role and expiry (expired too), and lets them decline', async () => {
    const { service, caller, codeOf, advance, events } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'admin' });
    const code = codeOf('u@example.com');
    expect(await service.readInvitation(caller('u'), { code })).toEqual({
      teamName: 'Acme',
      invitedByEmail: 'owner@example.com',
      role: 'admin',
      expiresAt: '2026-11-30T10:00:00.000Z',
      expired: false,
    });
    // Nobody else reads it (the accept route's 403), not even the invited address unverified.
    await expect(service.readInvitation(caller('someone'), { code })).rejects.toThrow(
      TEAM_MESSAGES.invitationForAnotherEmail,
    );
    await expect(service.readInvitation({ ...caller('u'), emailVerified: false }, { code })).rejects.toThrow(
      TEAM_MESSAGES.invitationForAnotherEmail,
    );
    await expect(service.decline(caller('someone'), { code })).rejects.toThrow(ForbiddenError);
    advance(7 * 24 * 3600 * 1000);
    expect(await service.readInvitation(caller('u'), { code })).toMatchObject({ expired: true });

    await service.decline(caller('u'), { code });
    // Declining is in the team's log, by the invitee.
    expect(events.at(-1)).toMatchObject({
      type: 'invitation.declined',
      teamId: team.teamId,
      actorId: 'u',
      email: 'u@example.com',
    });
    await expect(service.readInvitation(caller('u'), { code })).rejects.toThrow(
      TEAM_MESSAGES.invitationInvalid,
    );
    await expect(service.decline(caller('u'), { code })).rejects.toThrow(NotFoundError);
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.decline(caller('u'), { code: codeOf('u@example.com') });
    expect((await service.listInvitations(caller('owner'), team.teamId)).invitations).toEqual([]);
  });
});
