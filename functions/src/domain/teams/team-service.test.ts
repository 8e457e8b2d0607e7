import { ACCOUNT_MESSAGES, TEAM_MESSAGES } from '@agentforge/shared';
import { describe, expect, it } from 'vitest';
import type { CredentialsSource } from '../chat/model-resolver.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { bestPlan, planFromBilling } from '../limits/plan.js';
import type { MailMessage } from '../mail.js';
import type { InvitationRecord, MemberRecord, TeamEvent, TeamRecord, TeamStore } from './ports.js';
import { createTeamCredentials } from './team-credentials.js';
import { createTeamScope } from './team-scope.js';
import { createTeamService, hashCode } from './team-service.js';

/** The teams table in memory, with the conditional semantics of the DynamoDB adapter. */
function memoryStore(): TeamStore & { teams: Map<string, TeamRecord> } {
  const teams = new Map<string, TeamRecord>();
  const members = new Map<string, MemberRecord>();
  const invitations = new Map<string, InvitationRecord>();
  const mk = (teamId: string, id: string) => `${teamId}/${id}`;
  return {
    teams,
    async createTeam(team, owner) {
      teams.set(team.teamId, { ...team });
      members.set(mk(team.teamId, owner.userId), { ...owner });
    },
    getTeam: async (teamId) => (teams.has(teamId) ? { ...(teams.get(teamId) as TeamRecord) } : undefined),
    getMember: async (teamId, userId) => members.get(mk(teamId, userId)),
    listMembers: async (teamId) => [...members.values()].filter((m) => m.teamId === teamId),
    async addMember(member) {
      if (members.has(mk(member.teamId, member.userId))) return false;
      members.set(mk(member.teamId, member.userId), { ...member });
      return true;
    },
    async setRole(teamId, userId, from, to) {
      const member = members.get(mk(teamId, userId));
      if (member?.role !== from) return false;
      member.role = to;
      return true;
    },
    async removeMember(teamId, userId) {
      const member = members.get(mk(teamId, userId));
      members.delete(mk(teamId, userId));
      return member;
    },
    async addAdmins(teamId, delta) {
      const team = teams.get(teamId);
      if (!team || (delta < 0 && team.adminCount <= -delta)) return false;
      team.adminCount += delta;
      return true;
    },
    async addMembers(teamId, delta) {
      const team = teams.get(teamId);
      if (team) team.memberCount += delta;
    },
    async setOwner(teamId, from, to) {
      const team = teams.get(teamId);
      if (team?.ownerId !== from) return false;
      team.ownerId = to;
      return true;
    },
    async putInvitation(invitation) {
      invitations.set(mk(invitation.teamId, invitation.invitationId), { ...invitation });
    },
    getInvitation: async (teamId, id) => invitations.get(mk(teamId, id)),
    listInvitations: async (teamId) => [...invitations.values()].filter((i) => i.teamId === teamId),
    findInvitationByCodeHash: async (hash) => [...invitations.values()].find((i) => i.codeHash === hash),
    async renewInvitation(teamId, id, codeHash, expiresAt) {
      const invitation = invitations.get(mk(teamId, id));
      if (!invitation) return false;
      Object.assign(invitation, { codeHash, expiresAt });
      return true;
    },
    async deleteInvitation(teamId, id, codeHash) {
      const invitation = invitations.get(mk(teamId, id));
      if (!invitation || (codeHash && invitation.codeHash !== codeHash)) return false;
      invitations.delete(mk(teamId, id));
      return true;
    },
    async renameTeam(teamId, name) {
      const team = teams.get(teamId);
      if (!team) return false;
      team.name = name;
      return true;
    },
    async deleteTeam(teamId) {
      teams.delete(teamId);
    },
  };
}

function setup(
  options: { seatsFail?: boolean; listenerFails?: boolean; renewing?: boolean; cancelFails?: boolean } = {},
) {
  const store = memoryStore();
  const cancelled: string[] = [];
  const admitted: string[] = [];
  const mail: MailMessage[] = [];
  const seats: [string, number][] = [];
  const events: TeamEvent[] = [];
  const errors: string[] = [];
  const myTeams = new Map<string, Set<string>>();
  const caps = new Map<string, number>();
  let clock = Date.parse('2026-11-23T10:00:00Z');
  let ids = 0;
  const service = createTeamService({
    store,
    myTeams: {
      teamIdsOf: async (userId) => [...(myTeams.get(userId) ?? [])],
      add: async (userId, teamId) => void myTeams.set(userId, (myTeams.get(userId) ?? new Set()).add(teamId)),
      remove: async (userId, teamId) => void myTeams.get(userId)?.delete(teamId),
    },
    mailer: { send: async (message) => void mail.push(message) },
    seats: {
      plan: async () =>
        options.renewing
          ? { tier: 'teams', status: 'active', seats: 1, cancelAtPeriodEnd: false }
          : { tier: 'free', status: 'active', seats: 0, cancelAtPeriodEnd: false },
      overageCap: async (teamId) => caps.get(teamId) ?? 10,
      setOverageCap: async (teamId, capUsd) => void caps.set(teamId, capUsd),
      setSeats: async (teamId, count) => {
        if (options.seatsFail) throw new Error('Stripe is down');
        seats.push([teamId, count]);
      },
      checkout: async () => 'https://checkout.example/1',
      portal: async () => 'https://portal.example/1',
      cancel: async (teamId) => {
        if (options.cancelFails) throw new Error('Stripe is down');
        cancelled.push(teamId);
      },
    },
    // The waitlisted: everyone whose id starts with `w`, admitted once.
    admitInvitee: async (userId) => {
      if (!userId.startsWith('w') || admitted.includes(userId)) return false;
      admitted.push(userId);
      return true;
    },
    listeners: [
      (event) => {
        if (options.listenerFails) throw new Error('audit is down');
        events.push(event);
      },
    ],
    usage: {
      // Only the team space's counters (the team's, per member) are the team's usage.
      dailyTokens: async (account, dates) => {
        const mine = account.ownerId === 'team#id1' && account.memberId === 'u';
        return dates.map((date) => ({ date, tokens: mine ? 120 : 0, ownKeyTokens: mine ? 7 : 0 }));
      },
      computeMinutes: async (userId) => (userId === 'team#id1' ? 30 : 5),
      overageTokens: async (userId) => (userId === 'team#id1' ? 250_000 : 0),
    },
    appUrl: async () => 'https://app.example',
    newId: () => `id${++ids}`,
    now: () => clock,
    onListenerError: (event) => errors.push(`listener ${event.type}`),
    onSeatsError: (teamId) => errors.push(`seats ${teamId}`),
  });
  const caller = (userId: string) => ({ userId, email: `${userId}@example.com`, emailVerified: true });
  const codeOf = (email: string) => mail.filter((m) => m.to === email).at(-1)?.code ?? '';
  const advance = (ms: number) => {
    clock += ms;
  };
  return {
    service,
    store,
    mail,
    seats,
    events,
    errors,
    myTeams,
    caller,
    codeOf,
    advance,
    cancelled,
    admitted,
  };
}

describe('team service', () => {
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

  it("shows Admins each member's usage and the team servers' compute", async () => {
    const { service, caller, codeOf } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    await expect(service.usage(caller('u'), team.teamId)).rejects.toThrow(TEAM_MESSAGES.adminRequired);
    expect(await service.usage(caller('owner'), team.teamId)).toEqual({
      date: '2026-11-23',
      month: '2026-11',
      members: [
        {
          userId: 'u',
          email: 'u@example.com',
          role: 'user',
          tokensToday: 120,
          keyTokensToday: 7,
          computeMinutesThisMonth: 5,
        },
        {
          userId: 'owner',
          email: 'owner@example.com',
          role: 'admin',
          tokensToday: 0,
          keyTokensToday: 0,
          computeMinutesThisMonth: 5,
        },
      ],
      teamServers: { computeMinutesThisMonth: 30 },
      overage: { tokens: 250_000, usd: 2.5, capUsd: 10 },
    });
  });

  it('lets Admins set the team’s overage cap (announced), not Users; outsiders do not find the team', async () => {
    const { service, caller, codeOf, events } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    await expect(service.setOverageCap(caller('u'), team.teamId, 50)).rejects.toThrow(
      TEAM_MESSAGES.adminRequired,
    );
    await expect(service.setOverageCap(caller('x'), team.teamId, 50)).rejects.toThrow(TEAM_MESSAGES.notFound);
    expect(await service.setOverageCap(caller('owner'), team.teamId, 50)).toEqual({ capUsd: 50 });
    expect((await service.usage(caller('owner'), team.teamId)).overage.capUsd).toBe(50);
    expect(events.at(-1)).toMatchObject({
      type: 'team.overage_cap_changed',
      teamId: team.teamId,
      capUsd: 50,
    });
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

  it('checks out one seat per member, for Admins only', async () => {
    const { service, caller, codeOf } = setup();
    const team = await service.create(caller('owner'), { name: 'Acme' });
    await service.invite(caller('owner'), team.teamId, { email: 'u@example.com', role: 'user' });
    await service.accept(caller('u'), { code: codeOf('u@example.com') });
    const urls = { successUrl: 'https://app.example/ok', cancelUrl: 'https://app.example/no' };
    await expect(service.checkout(caller('u'), team.teamId, urls)).rejects.toThrow(
      TEAM_MESSAGES.adminRequired,
    );
    expect(await service.checkout(caller('owner'), team.teamId, urls)).toEqual({
      url: 'https://checkout.example/1',
    });
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
