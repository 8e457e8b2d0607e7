import { formatIssues } from '@agentforge/shared';
import * as z from 'zod';
import { TABLE_IDS, type TableId, tableEnvVar } from './adapters/dynamodb/table-definitions.js';

const csv = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const baseSchema = z.object({
  STAGE: z.string().min(1),
  /** `aws` in Lambda; `local` on the local stack. composition/ is the only reader. */
  RUNTIME: z.enum(['aws', 'local']).default('aws'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** Local stack only: dynalite's URL. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  ALLOWED_ORIGINS: csv,
  /**
   * The API's own base URL (`https://…/api`): the chat starts MCP servers through it
   * (`<base>/mcp-servers/<id>/enable`) and reaches their tools through its gateway.
   */
  API_BASE_URL: z.url().optional(),
  /** On AWS: the API key every method requires (routes.ts API_KEY_HEADER), for the calls above. */
  API_ORIGIN_KEY: z.string().min(20).optional(),
  /** Local stack only: its data directory (sandboxed MCP servers get private dirs under it, and may not see the rest). */
  LOCAL_DATA_DIR: z.string().min(1).optional(),
  /** Local stack only: installed packages outside the @modelcontextprotocol/ scope that may run as MCP servers. */
  MCP_ALLOWED_PACKAGES: csv,
  /** Local stack only: whether a local directory may be an MCP server's package (never on AWS). */
  MCP_ALLOW_LOCAL_PACKAGES: z.stringbool().default(false),
  /** The stream function verifies ID tokens itself (it has no API Gateway authorizer). */
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  /** The web client's name (AWS): a team's single sign-on lists its provider on it. */
  USER_POOL_CLIENT_NAME: z.string().min(1).optional(),
  /** Local stack only: the local identity service's issuer and JWKS (plain http). */
  LOCAL_COGNITO_ISSUER: z.url().optional(),
  LOCAL_COGNITO_JWKS_URI: z.url().optional(),
  /** Local stack only: the local identity service and its administrative credentials (account deletion). */
  LOCAL_COGNITO_ENDPOINT: z.url().optional(),
  LOCAL_COGNITO_ADMIN_CREDENTIALS_FILE: z.string().min(1).optional(),
  /** AWS: the KMS key that encrypts secrets at rest; set on the functions granted it. */
  SECRETS_KMS_KEY_ID: z.string().min(1).optional(),
  /** AWS: the KMS HMAC key of the automation runner's gateway credential (runner: sign; gateway: verify). */
  GATEWAY_CREDENTIAL_KEY_ID: z.string().min(1).optional(),
  /** Local stack only: the AES-256 key file of the local secret cipher. */
  LOCAL_SECRETS_KEY_FILE: z.string().min(1).optional(),
  /**
   * Whether Custom endpoints and provider base URLs may be private, loopback or link-local
   * addresses. Default: true on the local stack (a local Ollama), false on AWS (the stage config's
   * `allowPrivateEndpoints`).
   */
  ALLOW_PRIVATE_ENDPOINTS: z.stringbool().optional(),
  /** Whether the platform serves models through Bedrock. Default: true on AWS, false locally. */
  BEDROCK_ENABLED: z.stringbool().optional(),
  /** The region the platform's Bedrock models are listed and called in (stage config `bedrock.region`). */
  BEDROCK_REGION: z.string().min(1).optional(),
  /** The stage's allow-list of Bedrock ids as called (`bedrock.models`); empty: every callable model. */
  BEDROCK_MODELS: csv,
  WHITELISTED_EMAILS: csv,
  /** The pre-sign-up trigger: the only e-mail domains that may sign up (none: every domain). */
  ALLOWED_EMAIL_DOMAINS: csv,
  /**
   * The access gate (stage config `access`): `open`, or `waitlist` (only whitelisted or admitted users
   * reach the product's routes). Read per request by composition/access.ts; checked here at cold start.
   */
  ACCESS_MODE: z.enum(['open', 'waitlist']).default('open'),
  /** Invite codes that admit a waitlisted user at once (stage config `inviteCodes`). */
  INVITE_CODES: csv,
  /** The attachments' bucket (issue 17): set on the functions granted it. */
  ATTACHMENTS_BUCKET: z.string().min(1).optional(),
  /** Local stack only: the S3 stand-in's URL (path-style). */
  S3_ENDPOINT: z.url().optional(),
  /** Local stack only: the S3 stand-in's credentials (it verifies signatures made with them). */
  LOCAL_S3_CREDENTIALS_FILE: z.string().min(1).optional(),
  /** Knowledge (issue 33): the stage's S3 vector bucket, one index per embedding model in it. */
  KNOWLEDGE_VECTOR_BUCKET: z.string().min(1).optional(),
  /** Local stack only: the S3 Vectors stand-in's URL (signed with LOCAL_S3_CREDENTIALS_FILE's keys). */
  S3VECTORS_ENDPOINT: z.url().optional(),
  /** GitHub's web host (OAuth) and API: github.com by default, the local GitHub service locally. */
  GITHUB_OAUTH_URL: z.url().default('https://github.com'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  /** AWS: the Secrets Manager secret holding the GitHub OAuth App's `{clientId, clientSecret}`. */
  GITHUB_SECRET_ID: z.string().min(1).optional(),
  /** The stage's verified SES sender (lib/constructs/email.ts grantSend); none: no product mail on AWS. */
  MAIL_FROM_ADDRESS: z.email().optional(),
  /** Local stack only: the local GitHub service's client id and secret. */
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  /** Where GitHub returns to (the web app's /github/callback); omitted: the App's registered URL. */
  GITHUB_REDIRECT_URI: z.url().optional(),
  /**
   * The app's own origins (the billing function): Stripe's checkout and portal return only to
   * these. On AWS the stage's web origins (with APP_ORIGIN_PARAMETER's); locally the web app's.
   */
  APP_ORIGINS: csv,
  /**
   * AWS: the SSM parameter holding the deployed app's origin (its CloudFront domain, or custom
   * domain), the first of the app's origins (composition/app-origins.ts).
   */
  APP_ORIGIN_PARAMETER: z.string().min(1).optional(),
  /** AWS: the SSM SecureString parameter holding `{"secretKey": "sk_…", "webhookSecret": "whsec_…"}`. */
  STRIPE_PARAMETER_NAME: z.string().min(1).optional(),
  /** Local stack only: the local Stripe service's keys (on AWS they come from STRIPE_PARAMETER_NAME). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Local stack only: where stripe-node reaches the local Stripe service. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** Local stack only: the SES stand-in's URL (it files product mail in the outbox). */
  SES_ENDPOINT: z.url().optional(),
  /**
   * The MCP server catalog (issue 30 item 2): the bundled default list merged with an operator's
   * file (a path here, or on AWS an S3 object: the stage's `mcpCatalog.s3Object`) and a registry
   * speaking the MCP Registry's API (`mcpCatalog.registryUrl`), each read again after the TTL.
   */
  MCP_CATALOG_FILE: z.string().min(1).optional(),
  MCP_CATALOG_BUCKET: z.string().min(1).optional(),
  MCP_CATALOG_KEY: z.string().min(1).optional(),
  MCP_CATALOG_REGISTRY_URL: z.url({ protocol: /^https?$/ }).optional(),
  MCP_CATALOG_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * Automations (issue 32): the stage's EventBridge Scheduler group, the runner function every
   * schedule and webhook starts, the role the Scheduler invokes it with, and the schedules'
   * dead-letter queue (lib/constructs/automations.ts). Locally: the local Scheduler's URL and
   * credentials (it verifies the signature) and the local stack's placeholders for the ARNs.
   */
  AUTOMATION_SCHEDULE_GROUP: z.string().min(1).optional(),
  AUTOMATION_RUNNER_ARN: z.string().min(1).optional(),
  AUTOMATION_SCHEDULER_ROLE_ARN: z.string().min(1).optional(),
  AUTOMATION_DLQ_ARN: z.string().min(1).optional(),
  SCHEDULER_ENDPOINT: z.url().optional(),
  LOCAL_SCHEDULER_CREDENTIALS_FILE: z.string().min(1).optional(),
  /** Days an audit record is kept (the stage's `auditRetentionDays`): its TTL. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /**
   * Tool selection's budget (docs/decisions/mcp-servers.md, "Tool selection"): past this many tools
   * or estimated tokens of tool schemas, a turn offers its most relevant tools and search_tools.
   */
  TOOL_SELECTION_MAX_TOOLS: z.coerce.number().int().min(2).max(1_000).default(20),
  TOOL_SELECTION_MAX_SCHEMA_TOKENS: z.coerce.number().int().min(500).max(1_000_000).default(8_000),
  /**
   * Web search (docs/decisions/chat.md, "Web search"): the search API's base URL (Brave Search's
   * wire format; the local stand-in locally), and its key: on AWS the Secrets Manager secret named
   * by the stage's `webSearch.secretName`, locally the key itself. Neither: no web search.
   */
  WEB_SEARCH_URL: z.url({ protocol: /^https?$/ }).default('https://api.search.brave.com'),
  WEB_SEARCH_SECRET_ID: z.string().min(1).optional(),
  WEB_SEARCH_API_KEY: z.string().min(1).optional(),
});

const tablesSchema = z.object(
  Object.fromEntries(TABLE_IDS.map((id) => [tableEnvVar(id), z.string().min(1)])) as Record<
    string,
    z.ZodString
  >,
);

export type FunctionEnv = z.infer<typeof baseSchema> & { tables: Record<TableId, string> };

/**
 * The environment without the table names, for a function that reads no table (the automation
 * authorizer: composition/gateway-credentials.ts).
 */
export const parseBaseEnv = (source: NodeJS.ProcessEnv) => baseSchema.parse(source);

/** Parses the function environment once at cold start; a missing variable fails fast with its name. */
export function parseEnv(source: NodeJS.ProcessEnv): FunctionEnv {
  const result = baseSchema.and(tablesSchema).safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid function environment: ${formatIssues(result.error.issues)}`);
  }
  const tables = Object.fromEntries(TABLE_IDS.map((id) => [id, source[tableEnvVar(id)] as string])) as Record<
    TableId,
    string
  >;
  return { ...baseSchema.parse(source), tables };
}
