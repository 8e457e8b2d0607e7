import { listTeamsResponseSchema, TEAM_MESSAGES } from '@agentforge/shared';
import { expect } from 'vitest';
import { uniqueEmail } from '../../../support/identity.js';
import {
  APP,
  asAdmin,
  del,
  everyone,
  f,
  get,
  inTeam,
  patch,
  people,
  post,
  put,
  type Rows,
  spare,
  t,
  teamAdmins,
  teamMembers,
} from '../fixture.js';
import {
  freshTeam,
  invitationToAdmin,
  invitedAdminOnly,
  pendingInvitation,
  teamCheckout,
} from '../resources.js';

/** Teams, their single sign-on and the audit log. */
export const TEAM_ROWS: Rows = {
  // --- Teams. ---
  'GET /teams': [
    {
      on: 'own',
      request: () => get('/teams'),
      expect: everyone(200),
      check: (p, response) => {
        const ids = listTeamsResponseSchema.parse(response.body).teams.map((team) => team.teamId);
        expect(ids.includes(f.teamId), p).toBe(p === 'admin' || p === 'user');
      },
    },
  ],
  'POST /teams': [{ on: 'own', request: (p) => post('/teams', { name: `Own ${p}` }), expect: everyone(201) }],
  'POST /teams/join': [
    {
      on: 'an unknown code',
      request: () => post('/teams/join', { code: 'x'.repeat(32) }),
      expect: everyone(404),
    },
  ],
  'POST /teams/join/invitation': [
    {
      on: 'an invitation to the Admin',
      setup: invitationToAdmin,
      request: (_, made) => post('/teams/join/invitation', { code: made.code }),
      expect: invitedAdminOnly(200),
      teardown: async (made) => {
        await asAdmin(post('/teams/join/decline', { code: made.code }), 204);
      },
    },
  ],
  'POST /teams/join/decline': [
    {
      on: 'an invitation to the Admin',
      setup: invitationToAdmin,
      request: (_, made) => post('/teams/join/decline', { code: made.code }),
      expect: invitedAdminOnly(204),
    },
  ],
  'GET /teams/{teamId}': [{ on: 'the team', request: () => get(t()), expect: teamMembers(200) }],
  'GET /teams/{teamId}/invitations': [
    { on: 'the team', request: () => get(`${t()}/invitations`), expect: teamAdmins(200) },
  ],
  'POST /teams/{teamId}/invitations': [
    {
      on: 'the team',
      request: (p) => post(`${t()}/invitations`, { email: uniqueEmail(`by-${p}`) }),
      expect: teamAdmins(201),
    },
  ],
  'POST /teams/{teamId}/invitations/{invitationId}/resend': [
    {
      on: "the team's invitation",
      setup: pendingInvitation,
      request: (_, made) => post(`${t()}/invitations/${made.invitationId}/resend`),
      expect: teamAdmins(200),
    },
  ],
  'DELETE /teams/{teamId}/invitations/{invitationId}': [
    {
      on: "the team's invitation",
      setup: pendingInvitation,
      request: (_, made) => del(`${t()}/invitations/${made.invitationId}`),
      expect: teamAdmins(204),
    },
  ],
  'PUT /teams/{teamId}/members/{userId}': [
    {
      // The User stays a User: allowed, and nothing changes for the rows after.
      on: "the team's User",
      request: () => put(`${t()}/members/${people.user.userId}`, { role: 'user' }),
      expect: teamAdmins(200),
    },
  ],
  'DELETE /teams/{teamId}/members/{userId}': [
    {
      // Another member (a member may remove themself: that is leaving).
      on: "a fresh team's other member",
      setup: freshTeam,
      request: (_, made) => del(`/teams/${made.teamId}/members/${spare.userId}`),
      expect: teamAdmins(204),
    },
    {
      // Oneself: leaving. The User leaves; the owner cannot (409, transfer first).
      on: 'a fresh team, oneself',
      setup: freshTeam,
      request: (p, made) => del(`/teams/${made.teamId}/members/${people[p].userId}`),
      expect: { admin: 409, user: 204, outsider: 404, removed: 404 },
      check: (p, response) => {
        if (p === 'admin') expect(response.body.message).toBe(TEAM_MESSAGES.ownerCannotLeave);
      },
    },
  ],
  'POST /teams/{teamId}/transfer-ownership': [
    {
      on: 'a fresh team',
      setup: freshTeam,
      request: (_, made) => post(`/teams/${made.teamId}/transfer-ownership`, { userId: people.user.userId }),
      expect: teamAdmins(200),
      check: (p, response) => {
        if (p === 'user') expect(response.body.message).toBe(TEAM_MESSAGES.ownerRequired);
      },
    },
  ],
  'PATCH /teams/{teamId}': [
    // The same name again: allowed, and nothing changes for the rows after.
    { on: 'the team', request: () => patch(t(), { name: 'Matrix' }), expect: teamAdmins(200) },
  ],
  'DELETE /teams/{teamId}': [
    {
      // The owner only: an Admin who is not the owner gets the same 403 as a User.
      on: 'a fresh team',
      setup: freshTeam,
      request: (_, made) => del(`/teams/${made.teamId}`),
      expect: { admin: 204, user: 403, outsider: 404, removed: 404 },
      check: (p, response) => {
        if (p === 'user') expect(response.body.message).toBe(TEAM_MESSAGES.ownerRequiredToDelete);
      },
    },
  ],
  'POST /teams/{teamId}/subscription/checkout': [
    {
      on: 'the team',
      request: () => post(`${t()}/subscription/checkout`, teamCheckout()),
      expect: teamAdmins(200),
    },
  ],
  'POST /teams/{teamId}/subscription/portal': [
    {
      // The checkout above made the team a Stripe customer: its Admins open the portal.
      on: 'the team',
      request: () => post(`${t()}/subscription/portal`, { returnUrl: `${APP}/teams` }),
      expect: teamAdmins(200),
    },
  ],
  'GET /teams/{teamId}/memory': [
    { on: 'the team', request: () => get(`${t()}/memory`), expect: teamMembers(200) },
  ],
  'PUT /teams/{teamId}/memory': [
    { on: 'the team', request: () => put(`${t()}/memory`, { allowed: false }), expect: teamAdmins(200) },
  ],
  'GET /teams/{teamId}/usage': [
    { on: 'the team', request: () => get(`${t()}/usage`), expect: teamAdmins(200) },
  ],
  'PUT /teams/{teamId}/overage-cap': [
    {
      on: 'the team',
      request: () => put(`${t()}/overage-cap`, { capUsd: 20 }),
      expect: teamAdmins(200),
      check: (p, response) => {
        if (p === 'user') expect(response.body.message).toBe(TEAM_MESSAGES.adminRequired);
      },
    },
  ],

  // --- A team's single sign-on (its Admins), in this order: set up, read, verify, remove. ---
  'PUT /teams/{teamId}/sso': [
    {
      on: 'the team',
      request: () =>
        put(`${t()}/sso`, {
          provider: {
            type: 'oidc',
            issuer: 'https://idp.example.com',
            clientId: 'matrix',
            clientSecret: 'matrix-secret',
          },
          domains: ['matrix.example'],
        }),
      expect: teamAdmins(200),
    },
  ],
  'GET /teams/{teamId}/sso': [{ on: 'the team', request: () => get(`${t()}/sso`), expect: teamAdmins(200) }],
  'POST /teams/{teamId}/sso/domains/{domain}/verify': [
    // No TXT record published: the Admin is told so (400); nobody else gets that far.
    {
      on: 'the team',
      request: () => post(`${t()}/sso/domains/matrix.example/verify`, {}),
      expect: teamAdmins(400),
    },
  ],
  'DELETE /teams/{teamId}/sso': [
    { on: 'the team', request: () => del(`${t()}/sso`), expect: teamAdmins(204) },
  ],
  'GET /sso/discover': [
    // Public: names a verified domain's provider only (none here).
    { on: 'nothing', request: () => get('/sso/discover?email=ada@matrix.example'), expect: everyone(404) },
  ],
  'POST /sso/join': [
    // Only a user of a team's provider joins (none of the personas is): nothing happens.
    {
      on: 'own',
      request: () => post('/sso/join', {}),
      expect: everyone(200),
      check: (_p, response) => expect(response.body).toEqual({ joined: false }),
    },
  ],

  // --- The audit log: the caller's own, or the team's (`?teamId=`) for its Admins. ---
  'GET /audit': [
    { on: 'the team', request: () => get(`/audit?${inTeam()}`), expect: teamAdmins(200) },
    { on: 'own', request: () => get('/audit'), expect: everyone(200) },
  ],
  'GET /audit/verify': [
    { on: 'the team', request: () => get(`/audit/verify?${inTeam()}`), expect: teamAdmins(200) },
    { on: 'own', request: () => get('/audit/verify'), expect: everyone(200) },
  ],
  'GET /audit/export': [
    { on: 'the team', request: () => get(`/audit/export?${inTeam()}&format=json`), expect: teamAdmins(200) },
    { on: 'own', request: () => get('/audit/export?format=json'), expect: everyone(200) },
  ],
};
