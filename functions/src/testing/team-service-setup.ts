import type { MailMessage } from '../domain/mail.js';
import type {
  InvitationRecord,
  MemberRecord,
  TeamEvent,
  TeamRecord,
  TeamStore,
} from '../domain/teams/ports.js';
import { createTeamService } from '../domain/teams/team-service.js';

/** The team service over an in-memory store and recording fakes of its other ports, for unit tests. */
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

export function teamServiceSetup(
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
