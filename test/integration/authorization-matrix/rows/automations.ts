import { AUTOMATION_MESSAGES } from '@agentforge/shared';
import {
  asAdmin,
  type Case,
  del,
  everyone,
  f,
  get,
  inTeam,
  type Made,
  ownerOnly,
  type Persona,
  patch,
  post,
  put,
  query,
  type Request,
  type Response,
  type Rows,
  send,
  teamAdmins,
  teamMembers,
} from '../fixture.js';
import { message } from '../resources.js';

/** An automation's body: the Admin's own (with the leak marker), or (`team`) the team "Matrix"'s. */
const automationBody = (team = false, trigger: Record<string, string> = { type: 'manual' }) => ({
  name: team ? 'Team automation' : 'ADMIN-PRIVATE automation',
  goal: 'Summarise the day',
  mode: 'single_agent',
  serverIds: [],
  provider: 'anthropic',
  model: 'claude-3-haiku-20240307',
  trigger,
  budget: { maxTokens: 1_000, maxToolCalls: 5, maxMinutes: 5 },
  ...(team ? { teamId: f.teamId } : {}),
});
/** A throwaway automation (a plan's count is small: each row's is deleted after it). */
const newAutomation = async (team = false, trigger?: Record<string, string>): Promise<Made> => ({
  id: (await asAdmin(post('/automations', automationBody(team, trigger)), 201)).body.id as string,
});
/** A webhook automation of the Admin's, with its secret (answered once). */
const newWebhook = async (): Promise<Made> => {
  const created = await asAdmin(post('/automations', automationBody(false, { type: 'webhook' })), 201);
  return { id: created.body.id as string, secret: created.body.webhookSecret as string };
};
const dropAutomation = async (made: Made) => {
  await send('admin', del(`/automations/${made.id}`));
};
/** The automations each persona made in a POST row, deleted after it (the plan's count). */
const madeAutomations: [Persona, string][] = [];
const recordAutomation = (persona: Persona, response: Response) => {
  if (response.status === 201) madeAutomations.push([persona, response.body.id as string]);
};
const dropMadeAutomations = async () => {
  for (const [persona, id] of madeAutomations.splice(0)) await send(persona, del(`/automations/${id}`));
};
/** A row per automation route: on a team automation (`team`), and on one of the Admin's own. */
const automationRows = (
  request: (made: Made) => Request,
  allowed: number,
  options: { read?: boolean; trigger?: Record<string, string>; deletes?: boolean } = {},
): Case[] =>
  [true, false].map((team) => ({
    on: team ? 'a team automation' : "an automation of the Admin's",
    setup: () => newAutomation(team, options.trigger),
    request: (_, made) => request(made),
    expect: team ? (options.read ? teamMembers : teamAdmins)(allowed) : ownerOnly(allowed),
    ...(options.deletes ? {} : { teardown: dropAutomation }),
  }));

/** Automations and their runs. */
export const AUTOMATION_ROWS: Rows = {
  // --- Automations: the caller's own, or the team's (members read them and their runs, Admins change). ---
  'GET /automations': [
    { on: 'the team', request: () => get(`/automations?${inTeam()}`), expect: teamMembers(200) },
    { on: 'own', request: () => get('/automations'), expect: everyone(200) },
  ],
  'POST /automations': [
    {
      on: 'the team',
      request: () => post('/automations', automationBody(true)),
      expect: teamAdmins(201),
      check: recordAutomation,
      teardown: dropMadeAutomations,
    },
    {
      on: 'own',
      request: () => post('/automations', { ...automationBody(), name: 'Mine' }),
      expect: everyone(201),
      check: recordAutomation,
      teardown: dropMadeAutomations,
    },
  ],
  'GET /automations/schedule-preview': [
    {
      on: 'own',
      request: () =>
        get(`/automations/schedule-preview?${query({ expression: 'rate(1 hour)', timezone: 'UTC' })}`),
      expect: everyone(200),
    },
  ],
  'GET /automations/{id}': automationRows((made) => get(`/automations/${made.id}`), 200, { read: true }),
  'PUT /automations/{id}': [
    ...automationRows((made) => put(`/automations/${made.id}`, automationBody(true)), 200).slice(0, 1),
    ...automationRows((made) => put(`/automations/${made.id}`, automationBody()), 200).slice(1),
  ],
  'PATCH /automations/{id}': automationRows(
    (made) => patch(`/automations/${made.id}`, { enabled: false }),
    200,
  ),
  'DELETE /automations/{id}': automationRows((made) => del(`/automations/${made.id}`), 204, {
    deletes: true,
  }),
  'POST /automations/{id}/webhook-secret': automationRows(
    (made) => post(`/automations/${made.id}/webhook-secret`),
    200,
    { trigger: { type: 'webhook' } },
  ),
  'GET /automations/{id}/runs': automationRows((made) => get(`/automations/${made.id}/runs`), 200, {
    read: true,
  }),
  // No such run: the 404 past authorization names the run (others: the automation).
  'GET /automations/{id}/runs/{runId}': automationRows(
    (made) => get(`/automations/${made.id}/runs/01JNOSUCHRUN00000000000000`),
    404,
    { read: true },
  ).map((row) => ({ ...row, check: message('admin', AUTOMATION_MESSAGES.runNotFound) })),
  // Public: the secret (the bearer, or in the path) is the authorization, whoever sends it (signed in or not).
  'POST /automation-hooks/{id}': [
    {
      on: "the Admin's webhook, with the persona's ID token as the bearer",
      setup: () => newAutomation(false, { type: 'webhook' }),
      request: (_, made) => post(`/automation-hooks/${made.id}`, { event: 'push' }),
      expect: everyone(404),
      check: message('admin', AUTOMATION_MESSAGES.notFound),
      teardown: dropAutomation,
    },
    {
      on: "the Admin's webhook, with its secret as the bearer",
      setup: newWebhook,
      request: (_, made) => ({
        ...post(`/automation-hooks/${made.id}`, { event: 'push' }),
        bearer: made.secret as string,
      }),
      expect: everyone(202),
      teardown: dropAutomation,
    },
  ],
  'POST /automation-hooks/{id}/{secret}': [
    {
      on: "the Admin's webhook, with a wrong secret",
      setup: () => newAutomation(false, { type: 'webhook' }),
      request: (_, made) => post(`/automation-hooks/${made.id}/${'x'.repeat(43)}`, { event: 'push' }),
      expect: everyone(404),
      check: message('admin', AUTOMATION_MESSAGES.notFound),
      teardown: dropAutomation,
    },
    {
      on: "the Admin's webhook, with its secret",
      setup: newWebhook,
      request: (_, made) => post(`/automation-hooks/${made.id}/${made.secret}`, { event: 'push' }),
      expect: everyone(202),
      teardown: dropAutomation,
    },
  ],

  // 'Run now': the owner, a team's Admins (its Users may not run it); 202 with the queued run.
  'POST /automations/{id}/run': automationRows((made) => post(`/automations/${made.id}/run`), 202),
  'POST /automations/{id}/runs/{runId}/approval': automationRows(
    (made) =>
      post(`/automations/${made.id}/runs/01JNOSUCHRUN00000000000000/approval`, { decision: 'cancel' }),
    404,
  ).map((row) => ({ ...row, check: message('admin', AUTOMATION_MESSAGES.runNotFound) })),
};
