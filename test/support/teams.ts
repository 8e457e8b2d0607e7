import { readFile } from 'node:fs/promises';
import { issuedInvitationSchema, teamSummarySchema } from '@agentforge/shared';
import { type Api, apiAs } from './api.js';
import { signUpAndSignIn, uniqueEmail } from './identity.js';

/** A signed-up person: their API client, e-mail, Cognito sub and ID token. */
export interface Person {
  api: Api;
  email: string;
  userId: string;
  idToken: string;
}

/** The Cognito sub an ID token names. */
export const userIdOf = (idToken: string): string =>
  (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }).sub;

/** An e-mail the local outbox holds (stack.outboxFile, one JSON object per line). */
export interface OutboxMail {
  to: string;
  kind: string;
  code: string;
  text: string;
  subject: string;
}

function check(response: { status: number; body: unknown }, expected: number, what: string) {
  if (response.status !== expected)
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)} (expected ${expected})`);
}

/**
 * Team fixtures over a local stack's API and outbox: people, teams, invitations and joins, as the
 * web app makes them. Sign-ups run one after another (Amplify holds one session at a time).
 */
export function teamHelpers(stack: { apiUrl: string; outboxFile: string }) {
  async function person(label: string): Promise<Person> {
    const { email, idToken } = await signUpAndSignIn(uniqueEmail(label));
    return { api: apiAs(stack.apiUrl, idToken), email, userId: userIdOf(idToken), idToken };
  }

  async function createTeam(owner: Person, name = 'Acme') {
    const response = await owner.api.post('/teams', { name });
    check(response, 201, 'POST /teams');
    return teamSummarySchema.parse(response.body);
  }

  /** The newest team invitation e-mailed to `email`, from the local outbox. */
  async function invitationMail(email: string): Promise<OutboxMail> {
    const lines = (await readFile(stack.outboxFile, 'utf8')).split('\n').filter(Boolean);
    const last = lines
      .map((line) => JSON.parse(line) as OutboxMail)
      .filter((entry) => entry.to === email && entry.kind === 'team-invitation')
      .at(-1);
    if (!last) throw new Error(`no invitation for ${email} in the outbox`);
    return last;
  }

  /** The invitation code e-mailed to `email` (the newest). */
  const codeFor = async (email: string): Promise<string> => (await invitationMail(email)).code;

  async function invite(admin: Person, teamId: string, email: string, role: 'admin' | 'user' = 'user') {
    const response = await admin.api.post(`/teams/${teamId}/invitations`, { email, role });
    check(response, 201, 'POST /teams/{teamId}/invitations');
    return issuedInvitationSchema.parse(response.body);
  }

  /** `admin` invites `member`, who joins with the e-mailed code. */
  async function join(member: Person, teamId: string, admin: Person, role: 'admin' | 'user' = 'user') {
    await invite(admin, teamId, member.email, role);
    const response = await member.api.post('/teams/join', { code: await codeFor(member.email) });
    check(response, 200, 'POST /teams/join');
    return teamSummarySchema.parse(response.body);
  }

  /** `admin` removes `member` from the team (their access ends at once). */
  async function remove(admin: Person, teamId: string, member: Person) {
    check(
      await admin.api.del(`/teams/${teamId}/members/${member.userId}`),
      204,
      'DELETE /teams/{teamId}/members/{userId}',
    );
  }

  return { person, createTeam, invitationMail, codeFor, invite, join, remove };
}
