import { AGENT_STREAM_PATHS } from '@agentforge/shared';
import { expect } from 'vitest';
import {
  asAdmin,
  conv,
  everyone,
  f,
  get,
  MODEL,
  newAdminMessage,
  ownConv,
  ownerOnly,
  patch,
  post,
  query,
  type Rows,
  send,
} from '../fixture.js';
import { lastEvent, planIds, planOnTeamServer, step, stop, streamEnded } from '../resources.js';

/** Agent plans: the Admin's, in their conversation. */
export const AGENT_ROWS: Rows = {
  // --- Agent plans: the Admin's, in their conversation. ---
  'GET /conversations/{id}/plans': [
    { on: "the Admin's conversation", request: () => get(`${conv()}/plans`), expect: ownerOnly(200) },
  ],
  'GET /conversations/{id}/plans/{planId}': [
    { on: "the Admin's plan", request: () => get(`${conv()}/plans/${f.planId}`), expect: ownerOnly(200) },
    {
      on: "the Admin's plan, named under one's own conversation",
      request: (p) => get(`${ownConv(p)}/plans/${f.planId}`),
      expect: ownerOnly(200),
    },
  ],
  'PATCH /conversations/{id}/plans/{planId}/steps/{stepId}': [
    {
      on: "a plan of the Admin's",
      setup: planIds,
      request: (_, made) => patch(step(made), { description: 'Edited' }),
      expect: ownerOnly(200),
    },
  ],
  'POST /conversations/{id}/plans/{planId}/steps/{stepId}/confirm': [
    {
      on: "a plan of the Admin's",
      setup: planIds,
      request: (_, made) => post(`${step(made)}/confirm`),
      expect: ownerOnly(200),
    },
    {
      on: "a plan of the Admin's, named under one's own conversation",
      setup: planIds,
      request: (p, made) => post(`${ownConv(p)}/plans/${made.planId}/steps/${made.stepId}/confirm`),
      expect: ownerOnly(200),
    },
  ],
  'POST /conversations/{id}/plans/{planId}/cancel': [
    {
      on: "a plan of the Admin's",
      setup: planIds,
      request: (_, made) => post(`${conv()}/plans/${made.planId}/cancel`),
      expect: ownerOnly(200),
    },
  ],
  'GET /agent/plan-stream': [
    {
      on: "the Admin's conversation and server",
      setup: async () => ({ goal: await newAdminMessage() }),
      request: (_, made) =>
        get(
          `${AGENT_STREAM_PATHS.plan}?${query({
            conversationId: f.conversationId,
            serverId: f.serverId,
            mode: 'mcp',
            goalMessageId: made.goal ?? '',
            provider: f.provider,
            model: MODEL,
          })}`,
        ),
      expect: ownerOnly(200),
      check: streamEnded,
    },
    {
      // Members plan on the team's server (started on demand; stopped after, it counts against the
      // team's plan); the others are told it does not exist.
      on: "the team server, in one's own conversation",
      request: (p) => get(planOnTeamServer(p)),
      expect: everyone(200),
      check: lastEvent({ admin: 'end', user: 'end', outsider: 'error', removed: 'error' }),
      teardown: async () => stop(f.teamServerId),
    },
  ],
  'GET /agent/execute-stream': [
    {
      on: "a confirmed step of the Admin's",
      setup: async () => {
        const made = await planIds();
        await asAdmin(post(`${step(made)}/confirm`), 200);
        return made;
      },
      request: (_, made) =>
        get(
          `${AGENT_STREAM_PATHS.execute}?${query({
            conversationId: f.conversationId,
            planId: made.planId ?? '',
            stepId: made.stepId ?? '',
          })}`,
        ),
      expect: ownerOnly(200),
      check: streamEnded,
    },
    {
      on: "a confirmed step of the Admin's, named with one's own conversation",
      setup: async () => {
        const made = await planIds();
        await asAdmin(post(`${step(made)}/confirm`), 200);
        return made;
      },
      request: (p, made) =>
        get(
          `${AGENT_STREAM_PATHS.execute}?${query({
            conversationId: p === 'admin' ? f.conversationId : f.own[p],
            planId: made.planId ?? '',
            stepId: made.stepId ?? '',
          })}`,
        ),
      expect: ownerOnly(200),
      check: streamEnded,
    },
    {
      // The removed member's own plan, made on the team's server while a member: theirs to run,
      // but the team's server is no longer theirs (every tool call goes through the API as them).
      on: "a plan the removed member made on the team's server",
      setup: async () => {
        const made = f.removedStep;
        const path = `/conversations/${f.own.removed}/plans/${made.planId}/steps/${made.stepId}/confirm`;
        expect((await send('removed', post(path))).status).toBe(200);
        return made;
      },
      request: (_, made) =>
        get(
          `${AGENT_STREAM_PATHS.execute}?${query({
            conversationId: f.own.removed,
            planId: made.planId ?? '',
            stepId: made.stepId ?? '',
          })}`,
        ),
      expect: { admin: 404, user: 404, outsider: 404, removed: 200 },
      check: (p, response) => {
        if (p !== 'removed') return;
        const events = response.body.events as { type: string; message?: string }[];
        expect(events.at(-1), JSON.stringify(events)).toMatchObject({ type: 'error' });
      },
    },
  ],
};
