import {
  conv,
  conversationBody,
  del,
  everyone,
  f,
  get,
  inTeam,
  newAdminMessage,
  ownConv,
  ownerOnly,
  post,
  put,
  query,
  type Rows,
  teamMembers,
} from '../fixture.js';
import { newConversation, newMemoryProposal, sharedConversation } from '../resources.js';

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
};
