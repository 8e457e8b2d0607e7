import { ATTACHMENT_MESSAGES, TOOL_APPROVAL_MESSAGES } from '@agentforge/shared';
import { expect } from 'vitest';
import { everyone, f, get, MODEL, ownerOnly, post, query, type Rows } from '../fixture.js';
import { lastEvent, message, streamEnded } from '../resources.js';

/** Messages and the reply stream: in the Admin's conversation, or the persona's own. */
export const MESSAGE_ROWS: Rows = {
  'POST /messages': [
    {
      on: "the Admin's conversation",
      request: () =>
        post('/messages', {
          conversationId: f.conversationId,
          content: 'Hello',
          role: 'user',
          provider: 'anthropic',
          model: 'claude-3-haiku-20240307',
        }),
      expect: ownerOnly(201),
    },
    {
      // Edit and resend: the Admin's message as the parent, in one's own conversation.
      on: "the Admin's message, as the parent in one's own conversation",
      request: (p) =>
        post('/messages', {
          conversationId: p === 'admin' ? f.conversationId : f.own[p],
          content: 'Hello',
          role: 'user',
          provider: 'anthropic',
          model: 'claude-3-haiku-20240307',
          parentId: f.messageId,
        }),
      expect: ownerOnly(201),
    },
  ],
  'GET /messages/generate-stream': [
    {
      on: "the Admin's conversation",
      request: () =>
        get(
          `/messages/generate-stream?${query({
            conversationId: f.conversationId,
            provider: f.provider,
            model: MODEL,
            triggerContent: 'Hi',
          })}`,
        ),
      expect: ownerOnly(200),
      check: streamEnded,
    },
    {
      on: "the team's key, in one's own conversation",
      request: (p) =>
        get(
          `/messages/generate-stream?${query({
            conversationId: f.own[p],
            provider: f.teamProvider,
            model: MODEL,
            triggerContent: 'Hi',
          })}`,
        ),
      expect: everyone(200),
      check: lastEvent({ admin: 'end', user: 'end', outsider: 'error', removed: 'error' }),
    },
    {
      // Another's attachment is as unknown as a made-up id: refused before the stream (400, same message).
      on: "the Admin's attachment, in one's own conversation",
      request: (p) =>
        get(
          `/messages/generate-stream?${query({
            conversationId: p === 'admin' ? f.conversationId : f.own[p],
            provider: f.provider,
            model: MODEL,
            triggerContent: 'Hi',
            attachmentIds: f.attachmentId,
          })}`,
        ),
      expect: { admin: 200, user: 400, outsider: 400, removed: 400 },
      check: (p, response) => {
        if (p === 'admin') streamEnded(p, response);
        else expect(response.body.message).toBe(ATTACHMENT_MESSAGES.notUploaded);
      },
    },
    {
      on: "the Admin's server, in one's own conversation",
      request: (p) =>
        get(
          `/messages/generate-stream?${query({
            conversationId: f.own[p],
            provider: f.provider,
            model: MODEL,
            triggerContent: 'Hi',
            mcpServerId: f.serverId,
          })}`,
        ),
      expect: everyone(200),
      check: lastEvent({ admin: 'end', user: 'error', outsider: 'error', removed: 'error' }),
    },
    {
      // A tool approval names the reply it decides on: only its conversation's owner gets past the
      // check, to the rule (a message not paused at a tool call has nothing to decide: 409).
      on: "a decision on the Admin's message",
      request: () =>
        get(
          `/messages/generate-stream?${query({
            conversationId: f.conversationId,
            provider: f.provider,
            model: MODEL,
            approvalFor: f.messageId,
            toolCallId: 'call-1',
            decision: 'allow_once',
          })}`,
        ),
      expect: ownerOnly(409),
      check: message('admin', TOOL_APPROVAL_MESSAGES.nothingToDecide),
    },
  ],
};
