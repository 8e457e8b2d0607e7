/**
 * The route manifest: every API route named once. The CDK API construct generates API Gateway
 * resources and methods from it, and the local server dispatches requests with it, so the two
 * cannot drift. Paths are relative to API_BASE_PATH. Each area is one Lambda whose entry is
 * `functions/src/handlers/<area>/index.ts`, exporting `handler` (a router over its routes).
 */
import { AGENT_STREAM_PATHS } from '@agentforge/shared';

export const API_BASE_PATH = '/api';

/**
 * API Gateway's API key header. On AWS every method requires the stage's one key, which only
 * CloudFront (an origin custom header) and the stream functions (`API_ORIGIN_KEY`) hold: the
 * regional execute-api URL refuses everyone else, so the WAF in front of CloudFront cannot be
 * skipped and CloudFront's viewer-address header cannot be forged (docs/decisions/aws.md).
 */
export const API_KEY_HEADER = 'x-api-key';

export const API_AREAS = [
  'users',
  'conversations',
  'messages',
  'agent',
  'api-keys',
  'mcp',
  'mcp-gateway',
  'github',
  'workspace',
  'prompts',
  'automations',
  'knowledge',
  'billing',
  'teams',
  'audit',
  'account',
] as const;
export type ApiArea = (typeof API_AREAS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * `cognito`: API Gateway's Cognito user-pools authorizer; `automation`: the Lambda authorizer that
 * checks an automation run's gateway credential (handlers/mcp-gateway/automation-authorizer.ts);
 * `public`: no authorizer (webhooks).
 */
export type RouteAuth = 'cognito' | 'automation' | 'public';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway resource path with `{param}` segments, e.g. `/conversations/{id}`. */
  readonly path: string;
  readonly area: ApiArea;
  /** Handler module name inside the area folder (`handlers/<area>/<handler>.ts`). */
  readonly handler: string;
  readonly auth: RouteAuth;
  /**
   * `stream`: a response-streaming Lambda (Function URL behind CloudFront on AWS) that verifies
   * the ID token itself; its module is `handlers/<area>/<handler>.ts`. Default `buffered`.
   */
  readonly transport?: 'buffered' | 'stream';
}

const MANIFEST = [
  { method: 'GET', path: '/user', area: 'users', handler: 'get-user', auth: 'cognito' },
  { method: 'POST', path: '/user/onboarding', area: 'users', handler: 'post-onboarding', auth: 'cognito' },
  { method: 'GET', path: '/users/me', area: 'users', handler: 'get-me', auth: 'cognito' },
  { method: 'GET', path: '/users/profile', area: 'users', handler: 'get-profile', auth: 'cognito' },
  { method: 'GET', path: '/users/preferences', area: 'users', handler: 'get-preferences', auth: 'cognito' },
  { method: 'PUT', path: '/users/preferences', area: 'users', handler: 'put-preferences', auth: 'cognito' },
  { method: 'PUT', path: '/users/profile', area: 'users', handler: 'put-profile', auth: 'cognito' },
  {
    method: 'PUT',
    path: '/users/me/waitlist-info',
    area: 'users',
    handler: 'put-waitlist-info',
    auth: 'cognito',
  },
  // Memory (docs/decisions/chat.md, "Memory"): the caller's own, never anyone else's.
  { method: 'GET', path: '/users/memory', area: 'users', handler: 'get-memory', auth: 'cognito' },
  { method: 'PUT', path: '/users/memory', area: 'users', handler: 'put-memory', auth: 'cognito' },
  {
    method: 'POST',
    path: '/users/memory/facts',
    area: 'users',
    handler: 'create-memory-fact',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/users/memory/facts/{factId}',
    area: 'users',
    handler: 'update-memory-fact',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/users/memory/facts/{factId}',
    area: 'users',
    handler: 'delete-memory-fact',
    auth: 'cognito',
  },
  // Deleting an account touches every table, the MCP runner, attachments and Cognito: a Lambda of its own.
  { method: 'DELETE', path: '/users/me', area: 'account', handler: 'delete-account', auth: 'cognito' },
  { method: 'GET', path: '/users/me/deletion', area: 'account', handler: 'get-deletion', auth: 'cognito' },

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

  // Voice with OpenAI's speech models on the caller's (or their team's) key: the keys' area decrypts them.
  {
    method: 'POST',
    path: '/speech/transcriptions',
    area: 'api-keys',
    handler: 'transcribe-speech',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/speech/synthesis',
    area: 'api-keys',
    handler: 'synthesize-speech',
    auth: 'cognito',
  },

  { method: 'POST', path: '/messages', area: 'messages', handler: 'create-message', auth: 'cognito' },
  {
    method: 'GET',
    path: '/messages/generate-stream',
    area: 'messages',
    handler: 'generate-stream',
    auth: 'cognito',
    transport: 'stream',
  },

  // Agent plans live per conversation; the two streams run beside the chat's (paths in docs/decisions/agent.md).
  {
    method: 'GET',
    path: '/conversations/{id}/plans',
    area: 'agent',
    handler: 'list-plans',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/conversations/{id}/plans/{planId}',
    area: 'agent',
    handler: 'get-plan',
    auth: 'cognito',
  },
  {
    method: 'PATCH',
    path: '/conversations/{id}/plans/{planId}/steps/{stepId}',
    area: 'agent',
    handler: 'update-plan-step',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/conversations/{id}/plans/{planId}/steps/{stepId}/confirm',
    area: 'agent',
    handler: 'confirm-plan-step',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/conversations/{id}/plans/{planId}/cancel',
    area: 'agent',
    handler: 'cancel-plan',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: AGENT_STREAM_PATHS.plan,
    area: 'agent',
    handler: 'plan-stream',
    auth: 'cognito',
    transport: 'stream',
  },
  {
    method: 'GET',
    path: AGENT_STREAM_PATHS.execute,
    area: 'agent',
    handler: 'execute-stream',
    auth: 'cognito',
    transport: 'stream',
  },

  { method: 'POST', path: '/api-keys', area: 'api-keys', handler: 'create-api-key', auth: 'cognito' },
  { method: 'GET', path: '/api-keys', area: 'api-keys', handler: 'list-api-keys', auth: 'cognito' },
  { method: 'DELETE', path: '/api-keys/{id}', area: 'api-keys', handler: 'delete-api-key', auth: 'cognito' },
  {
    method: 'POST',
    path: '/api-keys/validate',
    area: 'api-keys',
    handler: 'validate-api-key',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/api-keys/providers',
    area: 'api-keys',
    handler: 'list-providers',
    auth: 'cognito',
  },

  { method: 'POST', path: '/mcp-servers', area: 'mcp', handler: 'create-server', auth: 'cognito' },
  { method: 'GET', path: '/mcp-servers', area: 'mcp', handler: 'list-servers', auth: 'cognito' },
  { method: 'GET', path: '/mcp/servers', area: 'mcp', handler: 'list-servers', auth: 'cognito' },
  { method: 'GET', path: '/mcp-servers/{id}', area: 'mcp', handler: 'get-server', auth: 'cognito' },
  { method: 'PUT', path: '/mcp-servers/{id}', area: 'mcp', handler: 'update-server', auth: 'cognito' },
  { method: 'PUT', path: '/mcp/servers/{id}', area: 'mcp', handler: 'update-server', auth: 'cognito' },
  { method: 'DELETE', path: '/mcp-servers/{id}', area: 'mcp', handler: 'delete-server', auth: 'cognito' },
  {
    method: 'POST',
    path: '/mcp-servers/{id}/enable',
    area: 'mcp',
    handler: 'enable-server',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/mcp-servers/{id}/disable',
    area: 'mcp',
    handler: 'disable-server',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/mcp-servers/{id}/external-token',
    area: 'mcp',
    handler: 'issue-external-token',
    auth: 'cognito',
  },
  // A member's own values for a team server's per-member variables (hardening 4).
  {
    method: 'PUT',
    path: '/mcp-servers/{id}/my-values',
    area: 'mcp',
    handler: 'save-member-values',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/mcp-servers/{id}/my-values',
    area: 'mcp',
    handler: 'remove-member-values',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/mcp-servers/{id}/external-token',
    area: 'mcp',
    handler: 'revoke-external-token',
    auth: 'cognito',
  },
  // Tool approval (issue 30 item 4): which tools run unasked, ask first or are never offered.
  {
    method: 'PATCH',
    path: '/mcp-servers/{id}/tool-policy',
    area: 'mcp',
    handler: 'patch-tool-policy',
    auth: 'cognito',
  },
  // A remote server's tools, as the caller reaches it (the tool-approvals dialog; hosted servers: the gateway).
  {
    method: 'GET',
    path: '/mcp-servers/{id}/tools',
    area: 'mcp',
    handler: 'list-remote-tools',
    auth: 'cognito',
  },
  // A remote server's OAuth connection, the caller's own (issue 30 item 1).
  {
    method: 'POST',
    path: '/mcp-servers/{id}/oauth/start',
    area: 'mcp',
    handler: 'start-oauth',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/mcp-servers/oauth/callback',
    area: 'mcp',
    handler: 'complete-oauth',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/mcp-servers/{id}/oauth',
    area: 'mcp',
    handler: 'disconnect-oauth',
    auth: 'cognito',
  },
  { method: 'GET', path: '/mcp/usage', area: 'mcp', handler: 'get-usage', auth: 'cognito' },
  { method: 'GET', path: '/mcp/catalog', area: 'mcp', handler: 'get-catalog', auth: 'cognito' },

  {
    method: 'POST',
    path: '/mcp-gateway/{serverId}',
    area: 'mcp-gateway',
    handler: 'forward-owner',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/mcp-gateway/{serverId}',
    area: 'mcp-gateway',
    handler: 'method-not-allowed',
    auth: 'public',
  },
  // Long tool calls (start, read progress as a long poll, cancel): every request under 29 s.
  {
    method: 'POST',
    path: '/mcp-gateway/{serverId}/calls',
    area: 'mcp-gateway',
    handler: 'call-start',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/mcp-gateway/{serverId}/calls/{callId}',
    area: 'mcp-gateway',
    handler: 'call-read',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/mcp-gateway/{serverId}/calls/{callId}',
    area: 'mcp-gateway',
    handler: 'call-cancel',
    auth: 'cognito',
  },
  // The same for an automation run (the runner has no ID token): its short-lived credential, checked
  // by the automation authorizer (handlers/mcp-gateway/automation-authorizer.ts; docs/decisions/mcp-servers.md).
  {
    method: 'POST',
    path: '/mcp-automation/{serverId}',
    area: 'mcp-gateway',
    handler: 'forward-owner',
    auth: 'automation',
  },
  {
    method: 'POST',
    path: '/mcp-automation/{serverId}/calls',
    area: 'mcp-gateway',
    handler: 'call-start',
    auth: 'automation',
  },
  {
    method: 'GET',
    path: '/mcp-automation/{serverId}/calls/{callId}',
    area: 'mcp-gateway',
    handler: 'call-read',
    auth: 'automation',
  },
  {
    method: 'DELETE',
    path: '/mcp-automation/{serverId}/calls/{callId}',
    area: 'mcp-gateway',
    handler: 'call-cancel',
    auth: 'automation',
  },
  {
    method: 'POST',
    path: '/mcp-external/{serverId}',
    area: 'mcp-gateway',
    handler: 'forward-external',
    auth: 'public',
  },
  {
    method: 'GET',
    path: '/mcp-external/{serverId}',
    area: 'mcp-gateway',
    handler: 'method-not-allowed',
    auth: 'public',
  },

  // The GitHub account link (issue 12); exchange-code is the spec's POST /api/github/exchange-code.
  {
    method: 'POST',
    path: '/github/authorize-url',
    area: 'github',
    handler: 'create-authorize-url',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/github/exchange-code',
    area: 'github',
    handler: 'exchange-code',
    auth: 'cognito',
  },
  { method: 'GET', path: '/github/link', area: 'github', handler: 'get-link', auth: 'cognito' },
  { method: 'DELETE', path: '/github/link', area: 'github', handler: 'delete-link', auth: 'cognito' },
  // The prompt library (issue 31 item 3): the caller's saved prompts, or a team's (?teamId=).
  { method: 'GET', path: '/prompts', area: 'prompts', handler: 'list-prompts', auth: 'cognito' },
  { method: 'POST', path: '/prompts', area: 'prompts', handler: 'create-prompt', auth: 'cognito' },
  { method: 'PUT', path: '/prompts/{id}', area: 'prompts', handler: 'update-prompt', auth: 'cognito' },
  { method: 'DELETE', path: '/prompts/{id}', area: 'prompts', handler: 'delete-prompt', auth: 'cognito' },
  { method: 'GET', path: '/prompts/export', area: 'prompts', handler: 'export-prompts', auth: 'cognito' },
  { method: 'POST', path: '/prompts/import', area: 'prompts', handler: 'import-prompts', auth: 'cognito' },
  // Automations (issue 32): the caller's, or a team's (members read, Admins change and run).
  { method: 'GET', path: '/automations', area: 'automations', handler: 'list-automations', auth: 'cognito' },
  {
    method: 'POST',
    path: '/automations',
    area: 'automations',
    handler: 'create-automation',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/automations/schedule-preview',
    area: 'automations',
    handler: 'schedule-preview',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/automations/{id}',
    area: 'automations',
    handler: 'get-automation',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/automations/{id}',
    area: 'automations',
    handler: 'update-automation',
    auth: 'cognito',
  },
  {
    method: 'PATCH',
    path: '/automations/{id}',
    area: 'automations',
    handler: 'set-automation-state',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/automations/{id}',
    area: 'automations',
    handler: 'delete-automation',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/automations/{id}/webhook-secret',
    area: 'automations',
    handler: 'rotate-webhook-secret',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/automations/{id}/runs',
    area: 'automations',
    handler: 'list-runs',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/automations/{id}/runs/{runId}',
    area: 'automations',
    handler: 'get-run',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/automations/{id}/run',
    area: 'automations',
    handler: 'run-automation',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/automations/{id}/runs/{runId}/approval',
    area: 'automations',
    handler: 'decide-run-approval',
    auth: 'cognito',
  },
  // An automation's webhook (public): its secret in `Authorization: Bearer`, compared as a SHA-256 in
  // constant time; or, for a sender that can set no header, in the path.
  {
    method: 'POST',
    path: '/automation-hooks/{id}',
    area: 'automations',
    handler: 'receive-webhook',
    auth: 'public',
  },
  {
    method: 'POST',
    path: '/automation-hooks/{id}/{secret}',
    area: 'automations',
    handler: 'receive-webhook-path',
    auth: 'public',
  },
  // Knowledge (issue 33): collections, their files, search, passages (a team's: members read, Admins manage).
  {
    method: 'GET',
    path: '/knowledge/collections',
    area: 'knowledge',
    handler: 'list-collections',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/knowledge/collections',
    area: 'knowledge',
    handler: 'create-collection',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/knowledge/collections/{id}',
    area: 'knowledge',
    handler: 'get-collection',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/knowledge/collections/{id}',
    area: 'knowledge',
    handler: 'update-collection',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/knowledge/collections/{id}',
    area: 'knowledge',
    handler: 'delete-collection',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/knowledge/collections/{id}/files',
    area: 'knowledge',
    handler: 'list-files',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/knowledge/collections/{id}/files',
    area: 'knowledge',
    handler: 'create-upload',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/knowledge/collections/{id}/files/{fileId}',
    area: 'knowledge',
    handler: 'get-file',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/knowledge/collections/{id}/files/{fileId}',
    area: 'knowledge',
    handler: 'delete-file',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/knowledge/collections/{id}/files/{fileId}/chunks/{chunkIndex}',
    area: 'knowledge',
    handler: 'get-passage',
    auth: 'cognito',
  },
  { method: 'POST', path: '/knowledge/search', area: 'knowledge', handler: 'search', auth: 'cognito' },
  // The code workspace (issue 12): the caller's files, by path.
  { method: 'GET', path: '/workspace/files', area: 'workspace', handler: 'list-files', auth: 'cognito' },
  { method: 'PUT', path: '/workspace/files', area: 'workspace', handler: 'put-file', auth: 'cognito' },
  { method: 'DELETE', path: '/workspace/files', area: 'workspace', handler: 'delete-file', auth: 'cognito' },
  {
    method: 'POST',
    path: '/workspace/files/rename',
    area: 'workspace',
    handler: 'rename-file',
    auth: 'cognito',
  },

  // Subscriptions (issue 11): Stripe Checkout, cancel and resume, the portal, usage; the webhook is public.
  { method: 'GET', path: '/subscriptions', area: 'billing', handler: 'get-subscription', auth: 'cognito' },
  { method: 'GET', path: '/subscriptions/plans', area: 'billing', handler: 'list-plans', auth: 'cognito' },
  {
    method: 'POST',
    path: '/subscriptions/checkout',
    area: 'billing',
    handler: 'create-checkout',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/subscriptions/cancel',
    area: 'billing',
    handler: 'cancel-subscription',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/subscriptions/resume',
    area: 'billing',
    handler: 'resume-subscription',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/subscriptions/portal',
    area: 'billing',
    handler: 'create-portal',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/subscriptions/sync',
    area: 'billing',
    handler: 'sync-subscription',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/subscriptions/overage-cap',
    area: 'billing',
    handler: 'put-overage-cap',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/subscriptions/usage',
    area: 'billing',
    handler: 'get-usage-history',
    auth: 'cognito',
  },
  { method: 'POST', path: '/stripe/webhook', area: 'billing', handler: 'stripe-webhook', auth: 'public' },

  // Teams (issue 13): membership and role are read from the teams table on every call.
  {
    method: 'POST',
    path: '/teams',
    area: 'teams',
    handler: 'create-team',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/teams',
    area: 'teams',
    handler: 'list-teams',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/teams/join',
    area: 'teams',
    handler: 'accept-invitation',
    auth: 'cognito',
  },
  // The invitee's read and decline: the code in the body, never in a URL.
  {
    method: 'POST',
    path: '/teams/join/invitation',
    area: 'teams',
    handler: 'read-invitation',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/teams/join/decline',
    area: 'teams',
    handler: 'decline-invitation',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/teams/{teamId}',
    area: 'teams',
    handler: 'get-team',
    auth: 'cognito',
  },
  {
    method: 'PATCH',
    path: '/teams/{teamId}',
    area: 'teams',
    handler: 'rename-team',
    auth: 'cognito',
  },
  // Deleting a team stops its servers and erases its items in every table: the account function
  // already holds those grants (account deletion deletes a team owned alone the same way).
  {
    method: 'DELETE',
    path: '/teams/{teamId}',
    area: 'account',
    handler: 'delete-team',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/teams/{teamId}/memory',
    area: 'teams',
    handler: 'get-team-memory',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/teams/{teamId}/memory',
    area: 'teams',
    handler: 'put-team-memory',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/teams/{teamId}/transfer-ownership',
    area: 'teams',
    handler: 'transfer-ownership',
    auth: 'cognito',
  },
  {
    method: 'PUT',
    path: '/teams/{teamId}/members/{userId}',
    area: 'teams',
    handler: 'update-member',
    auth: 'cognito',
  },
  // Also the one leave path: a member's own id (POST …/leave duplicated it and is gone).
  {
    method: 'DELETE',
    path: '/teams/{teamId}/members/{userId}',
    area: 'teams',
    handler: 'remove-member',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/teams/{teamId}/invitations',
    area: 'teams',
    handler: 'create-invitation',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/teams/{teamId}/invitations',
    area: 'teams',
    handler: 'list-invitations',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/teams/{teamId}/invitations/{invitationId}/resend',
    area: 'teams',
    handler: 'resend-invitation',
    auth: 'cognito',
  },
  {
    method: 'DELETE',
    path: '/teams/{teamId}/invitations/{invitationId}',
    area: 'teams',
    handler: 'revoke-invitation',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/teams/{teamId}/subscription/checkout',
    area: 'teams',
    handler: 'team-checkout',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/teams/{teamId}/subscription/portal',
    area: 'teams',
    handler: 'team-portal',
    auth: 'cognito',
  },
  {
    method: 'GET',
    path: '/teams/{teamId}/usage',
    area: 'teams',
    handler: 'get-team-usage',
    auth: 'cognito',
  },
  // The team space's overage is billed to the team: its Admins cap it.
  {
    method: 'PUT',
    path: '/teams/{teamId}/overage-cap',
    area: 'teams',
    handler: 'put-team-overage-cap',
    auth: 'cognito',
  },
  // A team's single sign-on (its Admins); the login page's lookup of an address's provider (public).
  { method: 'GET', path: '/teams/{teamId}/sso', area: 'teams', handler: 'get-team-sso', auth: 'cognito' },
  { method: 'PUT', path: '/teams/{teamId}/sso', area: 'teams', handler: 'put-team-sso', auth: 'cognito' },
  {
    method: 'DELETE',
    path: '/teams/{teamId}/sso',
    area: 'teams',
    handler: 'delete-team-sso',
    auth: 'cognito',
  },
  {
    method: 'POST',
    path: '/teams/{teamId}/sso/domains/{domain}/verify',
    area: 'teams',
    handler: 'verify-team-sso-domain',
    auth: 'cognito',
  },
  { method: 'GET', path: '/sso/discover', area: 'teams', handler: 'discover-sso', auth: 'public' },
  { method: 'POST', path: '/sso/join', area: 'teams', handler: 'join-sso-team', auth: 'cognito' },
  // The audit log: the caller's own records, or a team's (`?teamId=`, its Admins).
  { method: 'GET', path: '/audit', area: 'audit', handler: 'list-audit', auth: 'cognito' },
  { method: 'GET', path: '/audit/export', area: 'audit', handler: 'export-audit', auth: 'cognito' },
  { method: 'GET', path: '/audit/verify', area: 'audit', handler: 'verify-audit', auth: 'cognito' },
] as const satisfies readonly RouteDefinition[];

export const ROUTES: readonly RouteDefinition[] = MANIFEST;

type ManifestRoute = (typeof MANIFEST)[number];

/** The handler modules the manifest names for an area's router (its buffered routes). */
export type AreaHandlerName<A extends ApiArea> = Exclude<
  Extract<ManifestRoute, { area: A }>,
  { transport: 'stream' }
>['handler'];

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** `create-server` -> `createServer`: the name an area's index imports a handler module's handler as. */
export const handlerKey = <N extends string>(name: N): CamelCase<N> =>
  name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) as CamelCase<N>;

/**
 * An area router's handlers, keyed by the camel-cased handler names of the manifest: exactly
 * those, so a route without its handler, or a handler without its route, does not compile.
 */
export type AreaHandlers<A extends ApiArea, H> = { readonly [N in AreaHandlerName<A> as CamelCase<N>]: H };

export function routesOf(area: ApiArea): RouteDefinition[] {
  return ROUTES.filter((route) => route.area === area);
}

/** The key an area router dispatches on: API Gateway's `${httpMethod} ${resource}`. */
export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${API_BASE_PATH}${route.path}`;
}
