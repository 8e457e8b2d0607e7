import * as z from 'zod/mini';
import { MAX_URL_LENGTH } from '../constants/limits';
import { MIN_IDLE_TIMEOUT_MINUTES } from '../constants/product';
import { SERVER_HEALTH_VALUES, SERVER_STATUSES, SERVER_STOPPERS } from '../statuses';
import { toolPolicySchema } from './tool-policy';

/** An MCP server's environment variables (and a remote one's headers): names, limits, rows. */
export const environmentVariablesSchema = z.record(z.string(), z.string());
export type EnvironmentVariables = z.infer<typeof environmentVariablesSchema>;

/** A hosted npm package we run, or a remote server reached at its URL (issue 30 item 1). */
export const MCP_SERVER_KINDS = ['package', 'remote'] as const;
export type McpServerKind = (typeof MCP_SERVER_KINDS)[number];

/** A remote server's OAuth connection for the caller (issue 30 item 1); absent: it has asked for none. */
export const OAUTH_CONNECTION_STATES = ['not_connected', 'connected', 'needs_reconnect'] as const;
export type OAuthConnectionState = (typeof OAUTH_CONNECTION_STATES)[number];

export const mcpServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Absent: a hosted package (as every server was before remote ones). */
  kind: z.optional(z.enum(MCP_SERVER_KINDS)),
  /** A hosted server's package ('' for a remote one). */
  packageName: z.string(),
  /** A remote server's URL. */
  url: z.optional(z.string()),
  /** A remote server's static headers, masked (their values are secrets). */
  headers: z.optional(environmentVariablesSchema),
  idleTimeoutMinutes: z.number().check(z.int(), z.gte(MIN_IDLE_TIMEOUT_MINUTES)),
  environmentVariables: z._default(environmentVariablesSchema, () => ({})),
  status: z.enum(SERVER_STATUSES),
  /** The card's status text (see serverDisplayText). */
  displayStatus: z.optional(z.string()),
  healthStatus: z.optional(z.enum(SERVER_HEALTH_VALUES)),
  endpoint: z.optional(z.string()),
  /** Whether an external-access token is active (the token itself is shown once, when issued). */
  externalTokenActive: z.optional(z.boolean()),
  lastError: z.optional(z.string()),
  /** Epoch milliseconds of the last tool call. */
  lastActive: z.optional(z.number()),
  /** A disabled server's stopper: only one stopped for idleness starts again on demand. */
  stoppedBy: z.optional(z.enum(SERVER_STOPPERS)),
  /**
   * A team server's variables each member supplies (hardening 4): it then runs one instance per
   * member, and its status, health and last error above are the caller's own instance's.
   */
  memberVariables: z.optional(z.array(z.string())),
  /** With `memberVariables`: the caller's own values, masked (only ever shown to that member). */
  myValues: z.optional(environmentVariablesSchema),
  /** Which tools run unasked, ask first or are never offered (tool-policy.ts); absent: all run. */
  toolPolicy: z.optional(toolPolicySchema),
  /** A remote server's OAuth connection for the caller (their own tokens, never shown). */
  oauth: z.optional(z.enum(OAUTH_CONNECTION_STATES)),
});
export type McpServer = z.infer<typeof mcpServerSchema>;

/** Where the authorization server sends the browser back: this page of the web app. */
export const MCP_OAUTH_CALLBACK_PATH = '/oauth/mcp-callback';

/**
 * POST /mcp-servers/{id}/oauth/start: where to come back (the app's callback page), and a client
 * id (and secret) the server issued the user, for a server without dynamic registration.
 */
export const oauthStartBodySchema = z.object({
  redirectUri: z.url().check(z.maxLength(MAX_URL_LENGTH)),
  clientId: z.optional(z.string().check(z.trim(), z.maxLength(512))),
  clientSecret: z.optional(z.string().check(z.maxLength(1024))),
});
export type OAuthStartBody = z.infer<typeof oauthStartBodySchema>;

export const oauthStartResponseSchema = z.object({ authorizationUrl: z.string() });
export type OAuthStartResponse = z.infer<typeof oauthStartResponseSchema>;

/** POST /mcp-servers/oauth/callback: what the authorization server put on the callback page's URL. */
export const oauthCallbackBodySchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(2048)),
  state: z.string().check(z.minLength(1), z.maxLength(256)),
});
export type OAuthCallbackBody = z.infer<typeof oauthCallbackBodySchema>;

export const oauthCallbackResponseSchema = z.object({ serverId: z.string() });
