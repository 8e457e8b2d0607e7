import { ATTACHMENT_MESSAGES, TOOL_APPROVAL_MESSAGES } from '@agentforge/shared';
import { expect } from 'vitest';
import {
  conv,
  conversationBody,
  del,
  everyone,
  f,
  get,
  inTeam,
  MODEL,
  newAdminMessage,
  ownConv,
  ownerOnly,
  post,
  put,
  query,
  type Rows,
  teamMembers,
} from '../fixture.js';
import {
  lastEvent,
  message,
  newConversation,
  newMemoryProposal,
  sharedConversation,
  streamEnded,
} from '../resources.js';

/** Conversations and messages: the Admin's own. */
export const CONVERSATION_ROWS: Rows = {
  // --- Conversations and messages: the Admin's own. ---
  'POST /conversations': [
    {
      on: 'own',
      request: (p) => post('/conversations', conversationBody(`Own ${p}`)),
      expect: everyone(201),
    },
    // A conversation of the team's space (its usage is the team's): its members only.
    {
      on: "the team's space",
      request: (p) => post('/conversations', { ...conversationBody(`Team ${p}`), teamId: f.teamId }),
      expect: teamMembers(201),
    },
  ],
  'GET /conversations': [
    { on: 'own', request: () => get('/conversations'), expect: everyone(200) },
    // What members shared with the team (read-only links).
    {
      on: "the team's shared list",
      request: () => get(`/conversations?${inTeam()}`),
      expect: teamMembers(200),
    },
  ],
  'GET /conversations/search': [
    {
      on: 'own',
      request: () => get(`/conversations/search?${query({ q: 'ADMIN-PRIVATE' })}`),
      expect: everyone(200),
    },
  ],
  'GET /conversations/{id}': [
    { on: "the Admin's conversation", request: () => get(conv()), expect: ownerOnly(200) },
    {
      on: "the Admin's conversation shared with the team",
      setup: sharedConversation,
      request: (_, made) => get(`/conversations/${made.id}`),
      expect: teamMembers(200),
    },
  ],
  'PUT /conversations/{id}': [
    {
      on: "the Admin's conversation",
      request: () =>
        put(conv(), {
          metadata: { defaultProvider: 'openai', defaultModel: 'gpt-4o-mini' },
          updatedAt: 1_000,
        }),
      expect: ownerOnly(200),
    },
    {
      // Sharing is the author's alone, and so is a conversation shared with one's team.
      on: "the Admin's conversation shared with the team",
      setup: sharedConversation,
      request: (_, made) =>
        put(`/conversations/${made.id}`, {
          metadata: { defaultProvider: 'anthropic', defaultModel: 'claude-3-haiku-20240307' },
          updatedAt: Date.now(),
          sharedWithTeamId: f.teamId,
        }),
      expect: ownerOnly(200),
    },
  ],
  'DELETE /conversations/{id}': [
    {
      on: "a conversation of the Admin's",
      setup: async () => ({ id: await newConversation() }),
      request: (_, made) => del(`/conversations/${made.id}`),
      expect: ownerOnly(204),
    },
  ],
  'GET /conversations/{id}/messages': [
    { on: "the Admin's conversation", request: () => get(`${conv()}/messages`), expect: ownerOnly(200) },
    {
      on: "the Admin's conversation shared with the team",
      setup: sharedConversation,
      request: (_, made) => get(`/conversations/${made.id}/messages`),
      expect: teamMembers(200),
    },
  ],
  'PUT /conversations/{id}/messages/{messageId}': [
    {
      on: "a message of the Admin's",
      setup: async () => ({ id: await newAdminMessage() }),
      request: (_, made) => put(`${conv()}/messages/${made.id}`, { content: 'ADMIN-PRIVATE edited' }),
      expect: ownerOnly(200),
    },
    {
      on: "the Admin's message, named under one's own conversation",
      setup: async () => ({ id: await newAdminMessage() }),
      request: (p, made) => put(`${ownConv(p)}/messages/${made.id}`, { content: 'Edited' }),
      expect: ownerOnly(200),
    },
  ],
  'PUT /conversations/{id}/branch': [
    {
      on: "a message of the Admin's",
      request: () => put(`${conv()}/branch`, { messageId: f.messageId }),
      expect: ownerOnly(204),
    },
    {
      on: "the Admin's message, named under one's own conversation",
      request: (p) => put(`${ownConv(p)}/branch`, { messageId: f.messageId }),
      expect: ownerOnly(204),
    },
  ],
  'POST /conversations/{id}/messages/{messageId}/stop': [
    {
      // The message is not streaming: stopping it changes nothing (204).
      on: "the Admin's message",
      request: () => post(`${conv()}/messages/${f.messageId}/stop`),
      expect: ownerOnly(204),
    },
    {
      on: "the Admin's message, named under one's own conversation",
      request: (p) => post(`${ownConv(p)}/messages/${f.messageId}/stop`),
      expect: ownerOnly(204),
    },
  ],
  'PUT /conversations/{id}/messages/{messageId}/memory-proposals/{toolCallId}': [
    {
      on: "the Admin's memory proposal",
      setup: newMemoryProposal,
      request: (_p, made) =>
        put(
          `/conversations/${made.conversationId}/messages/${made.messageId}/memory-proposals/call-remember`,
          {
            decision: 'dismissed',
          },
        ),
      expect: ownerOnly(204),
    },
    {
      on: "the Admin's memory proposal, named under one's own conversation",
      setup: newMemoryProposal,
      request: (p, made) => {
        const where = p === 'admin' ? `/conversations/${made.conversationId}` : ownConv(p);
        return put(`${where}/messages/${made.messageId}/memory-proposals/call-remember`, {
          decision: 'saved',
        });
      },
      expect: ownerOnly(204),
    },
  ],
  'POST /conversations/{id}/attachments': [
    {
      on: "the Admin's conversation",
      request: () => post(`${conv()}/attachments`, { fileName: 'a.txt', contentType: 'text/plain', size: 3 }),
      expect: ownerOnly(201),
    },
  ],
  'GET /conversations/{id}/attachments/{attachmentId}': [
    {
      on: "the Admin's attachment",
      request: () => get(`${conv()}/attachments/${f.attachmentId}?redirect=false`),
      expect: ownerOnly(200),
    },
    {
      on: "the Admin's attachment, named under one's own conversation",
      request: (p) => get(`${ownConv(p)}/attachments/${f.attachmentId}?redirect=false`),
      expect: ownerOnly(200),
    },
  ],
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
