import * as z from 'zod';

/** The origin the Vite dev server serves the web app from; allowed only on stages with `allowLocalhost`. */
export const LOCAL_WEB_ORIGIN = 'http://localhost:5173';

const origin = z
  .url({ protocol: /^https?$/ })
  .refine((url) => new URL(url).origin === url, 'must be a bare origin such as https://app.example.com');

/**
 * One deployment stage. bin/app.ts reads it from `bin/stages/<stage>.json` (the stage name comes
 * from `-c stage=<name>`, default `dev`) and checks it with this schema before building stacks.
 */
export const stageConfigSchema = z.strictObject({
  stage: z
    .string()
    .regex(
      /^[a-z][a-z0-9-]{0,19}$/,
      'must be 1-20 lower-case letters, digits or dashes, starting with a letter',
    ),
  /**
   * Prefix of the Cognito hosted domain: `<prefix>.auth.us-east-1.amazoncognito.com`, unique across
   * every AWS account. Default: `agentforge-<stage>-<8 hex digits of the stack's id>`, unique per
   * deployment (the `HostedDomain` output shows it). Set it to keep a name already deployed.
   */
  domainPrefix: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'must be lower-case letters, digits and inner dashes')
    .refine((prefix) => !/aws|amazon|cognito/.test(prefix), 'must not contain aws, amazon or cognito')
    .optional(),
  /** Extra web origins allowed for CORS and as OAuth callback/logout URLs. */
  allowedOrigins: z.array(origin).default([]),
  /**
   * Whether the Vite dev server (http://localhost:5173) may use this stage: a CORS origin and an
   * OAuth callback. Development stages only; never on prod.
   */
  allowLocalhost: z.boolean().default(false),
  /**
   * The app's own domain: CloudFront answers it with this ACM certificate (which must be in
   * us-east-1 and cover the name) and TLS 1.2 at least; config.json, the OAuth callbacks and the
   * outputs use it. Point the name at the `DistributionDomainName` output (CNAME or alias).
   */
  domain: z
    .strictObject({
      name: z
        .string()
        .regex(
          /^(?!-)[a-z0-9-]{1,63}(\.(?!-)[a-z0-9-]{1,63})+$/,
          'must be a lower-case host name such as app.acme.example',
        ),
      certificateArn: z
        .string()
        .regex(
          /^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
          'must be an ACM certificate ARN in us-east-1 (CloudFront uses certificates from there only)',
        ),
    })
    .optional(),
  /** Google sign-in; without it no Google identity provider is created. */
  google: z
    .strictObject({
      clientId: z.string().min(1),
      /** Name of a Secrets Manager secret whose plain-text value is the Google client secret. */
      clientSecretName: z.string().min(1),
    })
    .optional(),
  /**
   * The GitHub account link: name of a Secrets Manager secret holding the GitHub OAuth App's
   * `{"clientId": "...", "clientSecret": "..."}`. Default `agentforge/<stage>/github`.
   */
  githubSecretName: z.string().min(1).optional(),
  /**
   * The MCP server catalog's operator options (issue 30 item 2), merged over the bundled default
   * list: `s3Object`, a JSON file of server.json entries in a bucket of the operator's (the MCP
   * API may GetObject that key only), and `registryUrl`, a registry speaking the MCP Registry's
   * API (`GET /v0/servers`, e.g. https://registry.modelcontextprotocol.io), read through the
   * outbound guard. Each is read again after `ttlSeconds` (default 600).
   */
  mcpCatalog: z
    .strictObject({
      s3Object: z
        .strictObject({
          bucket: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'),
          // No wildcard: the grant names this one object.
          key: z
            .string()
            .min(1)
            .max(1024)
            .regex(/^[^*?]+$/, 'must name one object (no * or ?)'),
        })
        .optional(),
      registryUrl: z.url({ protocol: /^https$/ }).optional(),
      ttlSeconds: z.number().int().min(1).max(86_400).optional(),
    })
    .optional(),
  /**
   * Web search in the chat (docs/decisions/chat.md, "Web search"): the name of a Secrets Manager
   * secret whose plain-text value is the search API's key (Brave Search's), which only the chat
   * stream may read, and the API's base URL (default https://api.search.brave.com). Absent: the
   * chat's 'Web search' toggle says it is not configured.
   */
  webSearch: z
    .strictObject({
      secretName: z.string().min(1),
      url: z.url({ protocol: /^https$/ }).optional(),
    })
    .optional(),
  /**
   * Tool selection's budget (docs/decisions/mcp-servers.md, "Tool selection"): past this many tools
   * or estimated tokens of tool schemas, a chat turn offers only its most relevant tools and
   * `search_tools`. Defaults: 20 tools, 8,000 tokens (the stream functions' TOOL_SELECTION_* env).
   */
  toolSelection: z
    .strictObject({
      maxTools: z.number().int().min(2).max(1_000).optional(),
      maxSchemaTokens: z.number().int().min(500).max(1_000_000).optional(),
    })
    .optional(),
  /**
   * How long audit log records are kept (days): DynamoDB's TTL deletes them after that, and
   * readers never show an expired record in the meantime. Default 365.
   */
  auditRetentionDays: z.number().int().min(1).max(3650).default(365),
  /**
   * Failed sign-ins in the audit log. Cognito has no trigger for them: its threat protection (the
   * Plus feature plan, billed per monthly active user) in audit mode exports every authentication
   * event to a log group, and a function records the failed ones. Off by default for that cost;
   * successful sign-ins are recorded either way (the post-authentication trigger).
   */
  auditFailedSignIns: z.boolean().default(false),
  /**
   * Mail through Amazon SES (codes now, product mail later) instead of Cognito's built-in e-mail
   * and its small daily cap. The identity must be verified in SES in us-east-1 (and the account
   * out of the SES sandbox to mail anyone but verified addresses; see docs/deploy.md).
   */
  email: z
    .strictObject({
      fromAddress: z.email(),
      fromName: z.string().min(1).optional(),
      replyTo: z.email().optional(),
      /** A verified domain (the from address's) or an identity ARN; default: the from address itself. */
      identity: z
        .string()
        .regex(
          /^(arn:aws:ses:[a-z0-9-]+:\d{12}:identity\/.+|[a-z0-9-]+(\.[a-z0-9-]+)+)$/,
          'must be a domain such as acme.example or an SES identity ARN',
        )
        .optional(),
    })
    .optional(),
  /**
   * Whether visitors may create accounts themselves (/signup). Off: only team invitations' accounts
   * and users the operator creates (the admin CLI, AdminCreateUser). @default true
   */
  selfSignUp: z.boolean().default(true),
  /**
   * Only addresses at these domains may sign up (themselves or with Google): a pre-sign-up trigger
   * refuses others with a message /signup shows. Empty: any domain. Exact domains, no subdomains.
   */
  allowedEmailDomains: z
    .array(
      z
        .string()
        .regex(
          /^(?!-)[a-z0-9-]{1,63}(\.(?!-)[a-z0-9-]{1,63})+$/,
          'must be a lower-case domain such as acme.example',
        ),
    )
    .default([]),
  /**
   * Only these IPv4 and IPv6 ranges (CIDR) reach the app: the CloudFront web ACL blocks everyone
   * else (the web app and the API; Cognito's own endpoints are not behind it). Empty: anyone.
   */
  allowedIpRanges: z
    .array(
      z.union([z.cidrv4(), z.cidrv6()], { error: 'must be an IPv4 or IPv6 range such as 203.0.113.0/24' }),
    )
    .default([]),
  /** E-mail addresses that skip the waitlist and onboarding. */
  whitelistedEmails: z.array(z.email()).default([]),
  /**
   * The access gate: `open` (anyone who signs up uses the product) or `waitlist` (after onboarding a
   * user waits until an operator admits them, `npm run admin -- admit <email> --aws`, or they bring
   * one of `inviteCodes`). Whitelisted e-mails skip the queue. @default open
   */
  access: z.enum(['open', 'waitlist']).default('open'),
  /** Codes that admit a waitlisted user at once (given to the API functions' environment). */
  inviteCodes: z
    .array(z.string().regex(/^[\w-]{6,100}$/, 'must be 6-100 letters, digits, _ or -'))
    .default([]),
  /**
   * Whether users' Custom endpoints and provider base URLs may be private, loopback or link-local
   * addresses. Off: the functions would reach the VPC, the metadata service and the Lambda runtime API.
   */
  allowPrivateEndpoints: z.boolean().default(false),
  /**
   * How much the stage watches itself (idle cost, docs/deploy.md): `essential` (default) four
   * alarms, API 5xx, failed streams, lost audit records and running MCP servers; `full` also every
   * function's errors and throttles (one composite alarm notifies) and the CloudWatch dashboard;
   * `off` none of these. Production stages: `full`.
   */
  monitoring: z.enum(['full', 'essential', 'off']).default('essential'),
  /** Alarms are e-mailed here; the SNS topic exists either way (with `monitoring` not `off`). */
  alarmEmail: z.email().optional(),
  /** Alarm when this many MCP servers (Fargate tasks) run at once. @default 20 */
  runningServersAlarmThreshold: z.number().int().min(1).optional(),
  /**
   * With a number: a CloudFront web ACL (AWS WAF) blocking an IP past this many requests in five
   * minutes, plus AWS's managed common and known-bad-input rules (about $9 a month; see docs/deploy.md).
   */
  webAclRateLimit: z.number().int().min(100).max(2_000_000_000).optional(),
  /**
   * The platform's Bedrock models: `region` where they are listed and called (default: the stack's),
   * `models` an allow-list of the ids as called (the `us.` inference profile for a model that runs
   * only through one, e.g. `us.anthropic.claude-haiku-4-5-20251001-v1:0`), in the order offered.
   * The functions offer the ACTIVE ones the account can call (ListFoundationModels and
   * ListInferenceProfiles, read every 10 minutes), and may invoke only those listed; without
   * `models`, every callable model (and IAM allows every foundation model and profile).
   */
  bedrock: z
    .strictObject({
      region: z
        .string()
        .regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, 'must be an AWS region such as us-east-1')
        .optional(),
      models: z
        .array(z.string().regex(/^[a-z0-9-]+\.[\w.:-]+$/, 'must be a Bedrock model or inference profile id'))
        .min(1)
        .optional(),
    })
    .optional(),
  /**
   * AWS Marketplace product ids of the offered Bedrock models (each model card lists its own): the
   * stream functions may then subscribe to those products only. Without it they may subscribe to any
   * (Bedrock subscribes as the caller the first time a third-party model is used in the account).
   */
  bedrockMarketplaceProductIds: z
    .array(z.string().regex(/^prod-[a-z0-9]+$/, 'must be a Marketplace product id such as prod-abc123'))
    .optional(),
  /**
   * API Gateway throttling (requests per second and burst, across all callers): `rateLimit` and
   * `burstLimit` for every method (default 100 and 200), and `families` for every method under a
   * path's first segment (`/api-keys`), over the defaults: `/mcp-external` 10/20, `/api-keys` 5/10.
   */
  apiThrottling: z
    .strictObject({
      rateLimit: z.number().positive().optional(),
      burstLimit: z.number().int().positive().optional(),
      families: z
        .record(
          z.string().regex(/^\/[a-z0-9-]+$/, 'must be a first path segment such as /api-keys'),
          z.strictObject({ rateLimit: z.number().positive(), burstLimit: z.number().int().positive() }),
        )
        .optional(),
    })
    .optional(),
  /**
   * A monthly AWS Budgets cost budget on Bedrock (USD): `alarmEmail` is e-mailed at 80% and 100% of
   * actual spend. Needs `alarmEmail`.
   */
  bedrockMonthlyBudgetUsd: z.number().positive().optional(),
  /**
   * The Cost Explorer services the Bedrock budget counts. Some third-party models bill under their
   * own Marketplace service name; add those seen in Cost Explorer. @default ['Amazon Bedrock']
   */
  bedrockBudgetServices: z.array(z.string().min(1)).min(1).optional(),
  /**
   * A reply still generating this many seconds after its request is stopped and saved, and the
   * stream ends with an error saying so (default 600; the stream functions time out at 900).
   */
  maxStreamSeconds: z.number().int().min(30).max(840).optional(),
  /**
   * Reserved concurrency of each stream function: long streams cannot starve the API's functions,
   * and a flood of streams stops there. Leave it out on accounts with the default low quota.
   */
  streamReservedConcurrency: z.number().int().min(1).optional(),
});

export type StageConfig = z.infer<typeof stageConfigSchema>;

/** Rules across fields. */
const stageConfigRules = stageConfigSchema.superRefine((config, context) => {
  if (config.bedrockMonthlyBudgetUsd !== undefined && !config.alarmEmail) {
    context.addIssue({
      code: 'custom',
      path: ['bedrockMonthlyBudgetUsd'],
      message: 'needs alarmEmail: the budget notifies that address',
    });
  }
});

export class StageConfigError extends Error {
  override readonly name = 'StageConfigError';
}

/** Parses a stage config, throwing a StageConfigError that lists every invalid field. */
export function parseStageConfig(input: unknown): StageConfig {
  const result = stageConfigRules.safeParse(input);
  if (!result.success) {
    throw new StageConfigError(`Invalid stage config:\n${z.prettifyError(result.error)}`, {
      cause: result.error,
    });
  }
  return result.data;
}

/** The stream functions' environment for the stage's tool selection budget (none: the functions' defaults). */
export function toolSelectionEnvironment(budget: StageConfig['toolSelection']): Record<string, string> {
  return {
    ...(budget?.maxTools ? { TOOL_SELECTION_MAX_TOOLS: String(budget.maxTools) } : {}),
    ...(budget?.maxSchemaTokens ? { TOOL_SELECTION_MAX_SCHEMA_TOKENS: String(budget.maxSchemaTokens) } : {}),
  };
}
