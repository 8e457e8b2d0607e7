import type { RuntimeConfig } from '@agentforge/shared';
import type { TableId } from '../../functions/src/adapters/dynamodb/table-definitions.js';
import type { LocalRemoteMcp } from './remote-mcp/server.js';

export interface LocalStackOptions {
  /** Where dynalite, the identity service and the outbox keep their data (`.local`). */
  dataDir: string;
  /** 0 = an ephemeral port. */
  ports: {
    api: number;
    web: number;
    cognito: number;
    dynamodb: number;
    s3?: number;
    /** The S3 Vectors stand-in (knowledge's vectors). */
    s3vectors?: number;
    github?: number;
    stripe?: number;
    ses?: number;
    /** The local remote MCP server (issue 30 item 1). */
    remoteMcp?: number;
    /** The local stand-in of the web search API (Brave Search's wire format). */
    webSearch?: number;
    /** The identity service's hosted sign-in domain (HTTPS) and the local Google behind it (issue 34). */
    cognitoDomain?: number;
    google?: number;
    /** The local SAML identity provider (a team's single sign-on). */
    samlIdp?: number;
    /** The local EventBridge Scheduler (automations' schedules). */
    scheduler?: number;
  };
  /** The origins Stripe's checkout and portal may return to (default: the web app's). */
  appOrigins?: readonly string[];
  /**
   * Start Vite for the web app (integration tests of the API leave it off), or serve a production
   * build of it (`{ build: dir }`, as CloudFront does: the benches measure what users get).
   */
  web: boolean | { build: string };
  /** Tests: every e-mailed code is this value. */
  fixedCode?: string;
  whitelistedEmails?: readonly string[];
  /** Only addresses at these domains may sign up (default: any). */
  allowedEmailDomains?: readonly string[];
  /** The access gate (default `open`): `waitlist` lets in only whitelisted or admitted users. */
  accessMode?: 'open' | 'waitlist';
  /** Invite codes that admit a waitlisted user at once. */
  inviteCodes?: readonly string[];
  /** How often the MCP reaper runs (EventBridge Scheduler runs it every minute on AWS). */
  reaperIntervalMs?: number;
  /** The local Stripe's pauses before each retry of an undelivered webhook (tests: short ones). */
  stripeWebhookRetryDelaysMs?: readonly number[];
  /** How long the local remote MCP server's access tokens live (tests: seconds, to see a refresh). */
  remoteMcpTokenTtlSeconds?: number;
  /** Off: the local remote MCP server registers no clients itself (only its client registered by hand). */
  remoteMcpDynamicRegistration?: boolean;
  /** Silence the identity service's console output (tests). */
  quiet?: boolean;
  /**
   * Serve the platform's models through the local Bedrock stand-in (`npm start`); tests that want
   * them point the Bedrock clients at their own model server instead.
   */
  platformModels?: boolean;
}

export interface LocalStack {
  apiUrl: string;
  /** The S3 stand-in's endpoint (attachments). */
  s3Url: string;
  /** The local GitHub service: OAuth host and API base URL of the account link. */
  githubUrl: string;
  /**
   * The local remote MCP server: its OAuth-protected URL, its Streamable HTTP and HTTP+SSE URLs
   * that take an API key, and that key; the OAuth client registered by hand, and what its
   * authorization server has done (tests).
   */
  remoteMcp: Pick<
    LocalRemoteMcp,
    'mcpUrl' | 'keyedUrl' | 'legacyUrl' | 'apiKey' | 'registeredClient' | 'oauthEvents'
  >;
  /** The local Bedrock stand-in (with `platformModels`). */
  bedrockUrl?: string;
  /** The web search API's stand-in (`WEB_SEARCH_URL`): its results are pages it serves. */
  webSearchUrl: string;
  /** The local EventBridge Scheduler; `fireDue(at)` fires what is due at `at` now (tests move time on). */
  scheduler: { url: string; fireDue(at?: number): Promise<number> };
  /** The local Google (an OpenID provider in Google's formats) and the hosted domain in front of it. */
  google: { url: string; hostedDomainUrl: string };
  /** The local SAML identity provider: a team's SSO takes its metadata URL or its metadata (the file). */
  samlIdp: { url: string; metadataUrl: string; metadata: string };
  /** The local Stripe service and its keys (made per start). */
  stripe: { url: string; secretKey: string; webhookSecret: string };
  webUrl?: string;
  outboxUrl: string;
  outboxFile: string;
  /** The local DynamoDB (the admin CLI and tests reach the tables through it). */
  dynamodb: { endpoint: string; tableNames: Record<TableId, string> };
  runtimeConfig: RuntimeConfig;
  stop(): Promise<void>;
}
