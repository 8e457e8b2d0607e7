import type { AreaRoute } from './route-definition.js';

/** The `conversations` function's routes (`functions/src/handlers/conversations/`). */
export const CONVERSATIONS_ROUTES = [
  {
    method: 'POST',
    path: '/conversations',
    area: 'conversations',
    handler: 'create-conversation',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/conversations',
    area: 'conversations',
    handler: 'list-conversations',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/conversations/search',
    area: 'conversations',
    handler: 'search-conversations',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/conversations/{id}',
    area: 'conversations',
    handler: 'get-conversation',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/conversations/{id}',
    area: 'conversations',
    handler: 'update-conversation',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/conversations/{id}',
    area: 'conversations',
    handler: 'delete-conversation',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/conversations/{id}/messages',
    area: 'conversations',
    handler: 'list-messages',
    auth: 'cognito',
  },
  // Edit and resend: the text is saved first (a body), then the stream names only ids.
  {
    method: 'PUT',
    path: '/conversations/{id}/messages/{messageId}',
    area: 'conversations',
    handler: 'update-message',
    auth: 'cognito',
  },
  // Branches: which of a fork's alternatives is shown (docs/decisions/chat.md, "Branches").
  {
    method: 'PUT',
    path: '/conversations/{id}/branch',
    area: 'conversations',
    handler: 'select-branch',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/conversations/{id}/messages/{messageId}/stop',
    area: 'conversations',
    handler: 'stop-message',
    auth: 'cognito',
  },
  // Save or Dismiss on a reply's 'Remember this?' (docs/decisions/chat.md, "Memory"), kept with the reply.
  {
    method: 'PUT',
    path: '/conversations/{id}/messages/{messageId}/memory-proposals/{toolCallId}',
    area: 'conversations',
    handler: 'decide-memory-proposal',
    auth: 'cognito',
  },
  // Attachments (issue 17): presigned upload and download of a conversation's files.
  {
    method: 'POST',
    path: '/conversations/{id}/attachments',
    area: 'conversations',
    handler: 'create-attachment',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/conversations/{id}/attachments/{attachmentId}',
    area: 'conversations',
    handler: 'get-attachment',
    auth: 'cognito',
  },
] as const satisfies readonly AreaRoute<'conversations'>[];
