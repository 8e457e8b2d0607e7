import { join } from 'node:path';
import { AGENT_STREAM_PATHS } from '@agentforge/shared';
import { Aspects, CfnOutput, Duration, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import {
  FilterCriteria,
  FilterRule,
  type Function as LambdaFunction,
  StartingPosition,
} from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import {
  DELETION_JOB_KEY_PREFIX,
  TABLE_IDS,
  type TableId,
} from '../../functions/src/adapters/dynamodb/table-definitions';
import { API_BASE_PATH, type ApiArea } from '../../functions/src/routes';
import { AgentFunction } from '../constructs/agent-function';
import { Api, DEFAULT_API_THROTTLING, DEFAULT_FAMILY_THROTTLING } from '../constructs/api';
import { AppOriginParameter } from '../constructs/app-origin';
import { Attachments } from '../constructs/attachments';
import { Auth, cognitoDomainPrefix, cognitoHostedDomain } from '../constructs/auth';
import { bedrockEnvironment, bedrockListStatement } from '../constructs/bedrock-access';
import { Billing } from '../constructs/billing';
import { Data } from '../constructs/data';
import { Email } from '../constructs/email';
import { Alarms, BedrockBudget } from '../constructs/guardrails';
import { McpRuntime } from '../constructs/mcp-runtime';
import { pascalCase } from '../constructs/names';
import { OperationsDashboard } from '../constructs/observability';
import { Secrets } from '../constructs/secrets';
import { Streaming } from '../constructs/streaming';
import { WebAcl } from '../constructs/web-acl';
import { STREAM_PATH, WebHosting } from '../constructs/web-hosting';
import { LambdaLogRetention } from '../log-retention';
import { githubSecretName } from '../operator-secrets';
import { LOCAL_WEB_ORIGIN, type StageConfig } from '../stage-config';

/**
 * The tables each API area may read and write (a compile error asks for an entry when an area is
 * added). Every function knows every table's name, but IAM only lets it touch these: the local
 * stack has no IAM, so an area using a table missing here fails on AWS only.
 */
export const AREA_TABLES: Readonly<Record<ApiArea, readonly TableId[]>> = {
  users: ['users'],
  // A conversation's plans are deleted with it.
  conversations: ['conversations', 'messages', 'agentPlans'],
  messages: ['conversations', 'messages'],
  // Stopping a running step on cancel writes its message's stop flag.
  agent: ['conversations', 'messages', 'agentPlans'],
  'api-keys': ['apiKeys'],
  // A server's env may reference the owner's linked GitHub token (on the user's record).
  mcp: ['mcpServers', 'usage', 'users'],
  'mcp-gateway': ['mcpServers'],
  // The GitHub link and its issued states live on the user's record.
  github: ['users'],
  workspace: ['workspaceFiles'],
  // The billing record and processed webhook events; usage (tokens, compute, running servers) is read.
  billing: ['billing', 'usage'],
  // Teams, members and invitations; a team's subscription is a billing record (`team#<teamId>`);
  // members' usage is read for the team's Admins; a member removed, gone or made a User loses the
  // external tokens they issued for the team's servers (mcpServers: Query the team's, UpdateItem).
  teams: ['teams', 'billing', 'usage', 'mcpServers'],
  // The audit log is read through its own grant (AREA_AUDIT), Query only.
  audit: [],
  // Deleting an account removes the user's items from every table but the audit log (kept for
  // its retention: the record that the account existed and was deleted) and teams (memberships are
  // removed through an item-level grant below: grantReadWrite's would overflow the role's inline
  // policy).
  account: TABLE_IDS.filter((id) => id !== 'audit' && id !== 'teams'),
};

/**
 * How each API area may use the audit table: `write` (append: Query the chain's head, PutItem a
 * record) where a handler records an action, `read` (Query) for GET /audit. None may update or
 * delete a record.
 */
export const AREA_AUDIT: Readonly<Partial<Record<ApiArea, 'write' | 'read'>>> = {
  'api-keys': 'write',
  // Sharing a conversation with a team, and stopping, goes to the author's log and the team's.
  conversations: 'write',
  mcp: 'write',
  github: 'write',
  agent: 'write',
  billing: 'write',
  account: 'write',
  // Team events go to the team's log and the actor's (the teams service's listener).
  teams: 'write',
  audit: 'read',
};

/**
 * The tables an API area only gets items of: the MCP area's server limits follow the billing
 * record's plan; every area without the users table reads the caller's record in the access gate
 * (http/http-route.ts: a deleted account's tombstone, the waitlist); team MCP servers and provider keys are used after
 * reading the caller's membership ("my teams", a billing table item, and the member's role in the
 * teams table), and a member of a subscribed team is on the team's plan.
 */
export const AREA_GET_ITEM_TABLES: Readonly<Partial<Record<ApiArea, readonly TableId[]>>> = {
  // A conversation shared with a team is read by its members: "my teams" and both memberships.
  conversations: ['users', 'billing', 'teams'],
  messages: ['users'],
  agent: ['users'],
  'api-keys': ['users', 'billing', 'teams'],
  mcp: ['billing', 'teams'],
  'mcp-gateway': ['users', 'billing', 'teams'],
  workspace: ['users'],
  billing: ['users'],
  // GET /audit?teamId= reads the caller's role in the team (its Admins only).
  audit: ['users', 'teams'],
  teams: ['users'],
};

export interface AgentForgeStackProps extends StackProps {
  readonly config: StageConfig;
  /** Repository root (holds package-lock.json); handler entries must lie under it. */
  readonly projectRoot: string;
  /** Directory with the built web app (`web/dist`) or a placeholder. */
  readonly webAssetPath: string;
  /**
   * Entry file of a handler module, named by its path under `functions/src/handlers` without the
   * extension (`users/index`, `auth/post-confirmation`). Tests point every module at a fixture.
   * @default `<projectRoot>/functions/src/handlers/<module>.ts`
   */
  readonly handlerEntry?: (module: string) => string;
  /**
   * Entry of the MCP bridge, bundled into the runner image. Tests point it at a fixture.
   * @default `<projectRoot>/functions/src/runner/main.ts`
   */
  readonly runnerEntry?: string;
}

/**
 * The GitHub OAuth App's client id and secret (a Secrets Manager secret the operator creates,
 * docs/deploy.md): only the functions that exchange or revoke users' tokens may read it.
 */
function grantGithubApp(scope: Construct, config: StageConfig, ...fns: LambdaFunction[]): void {
  const name = config.githubSecretName ?? githubSecretName(config.stage);
  const secret = Secret.fromSecretNameV2(scope, 'GithubOAuthApp', name);
  for (const fn of fns) {
    secret.grantRead(fn);
    fn.addEnvironment('GITHUB_SECRET_ID', name);
  }
}

/** One stage of the product: data, auth, API and web hosting. */
export class AgentForgeStack extends Stack {
  readonly data: Data;
  readonly secrets: Secrets;
  readonly auth: Auth;
  readonly api: Api;
  readonly web: WebHosting;
  readonly streaming: Streaming;
  readonly mcpRuntime: McpRuntime;
  readonly alarms: Alarms | undefined;
  readonly attachments: Attachments;
  readonly billing: Billing;
  readonly email: Email | undefined;

  constructor(scope: Construct, id: string, props: AgentForgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    // Origins besides the app's own: the Vite dev server only where the stage allows it.
    const webOrigins = [...(config.allowLocalhost ? [LOCAL_WEB_ORIGIN] : []), ...config.allowedOrigins];

    const domainPrefix = cognitoDomainPrefix(config.stage, config.domainPrefix);

    this.data = new Data(this, 'Data');
    this.secrets = new Secrets(this, 'Secrets');
    // The web ACL (scope CLOUDFRONT) must exist before the distribution that uses it.
    const webAcl =
      config.webAclRateLimit || config.allowedIpRanges.length > 0
        ? new WebAcl(this, 'WebAcl', {
            stage: config.stage,
            limit: config.webAclRateLimit,
            allowedIpRanges: config.allowedIpRanges,
          })
        : undefined;
    this.web = new WebHosting(this, 'Web', {
      webAclArn: webAcl?.arn,
      domain: config.domain,
      connectOrigins: [
        `https://cognito-idp.${this.region}.amazonaws.com`,
        `https://cognito-identity.${this.region}.amazonaws.com`,
        `https://${cognitoHostedDomain(this, domainPrefix)}`,
        // Presigned uploads and downloads of attachments (the bucket is made just below).
        Lazy.string({ produce: () => this.attachments.origin }),
      ],
    });
    this.attachments = new Attachments(this, 'Attachments', {
      appOrigins: [...webOrigins, this.web.url],
      accessLogs: this.web.logs,
    });
    // Mail through SES when the stage names a verified identity (grant sending with email.grantSend).
    this.email = config.email ? new Email(this, 'Email', config.email) : undefined;
    this.auth = new Auth(this, 'Auth', {
      domainPrefix,
      selfSignUp: config.selfSignUp,
      appOrigins: [...webOrigins, this.web.url],
      google: config.google,
      email: this.email,
      threatProtection: config.auditFailedSignIns,
    });

    const entry =
      props.handlerEntry ??
      ((module: string) => join(props.projectRoot, 'functions/src/handlers', `${module}.ts`));

    this.mcpRuntime = new McpRuntime(this, 'McpRuntime', {
      stage: config.stage,
      runnerEntry: props.runnerEntry ?? join(props.projectRoot, 'functions/src/runner/main.ts'),
      runnerDockerfile: join(props.projectRoot, 'functions/src/runner/Dockerfile'),
      reaperEntry: entry('mcp/reap-servers'),
      data: this.data,
    });

    // The API's key: only CloudFront and the stream functions hold it, so the execute-api URL
    // refuses everyone else (no WAF skipped, no viewer address forged). Generated once; its value
    // reaches CloudFormation as a dynamic reference, never the template.
    const apiOriginKey = new Secret(this, 'ApiOriginKey', {
      description: `AgentForge ${config.stage}: the REST API's key (CloudFront's origin header)`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    const originKey = apiOriginKey.secretValue.unsafeUnwrap();
    this.api = new Api(this, 'Api', {
      stage: config.stage,
      originKey,
      userPool: this.auth.userPool,
      allowedOrigins: webOrigins,
      handlerEntry: (area) => entry(`${area}/index`),
      environment: {
        ALLOWED_ORIGINS: webOrigins.join(','),
        WHITELISTED_EMAILS: config.whitelistedEmails.join(','),
        ACCESS_MODE: config.access,
        INVITE_CODES: config.inviteCodes.join(','),
        ALLOW_PRIVATE_ENDPOINTS: String(config.allowPrivateEndpoints),
        AUDIT_RETENTION_DAYS: String(config.auditRetentionDays),
      },
      // The MCP gateway forwards to the server tasks' private IPs: the only VPC-attached area.
      vpcPlacement: { 'mcp-gateway': this.mcpRuntime.gatewayPlacement },
      // Deleting a heavy user's account runs as a job in the account function: Lambda's longest.
      timeouts: { account: Duration.minutes(15) },
      throttling: {
        rateLimit: config.apiThrottling?.rateLimit ?? DEFAULT_API_THROTTLING.rateLimit,
        burstLimit: config.apiThrottling?.burstLimit ?? DEFAULT_API_THROTTLING.burstLimit,
      },
      familyThrottling: { ...DEFAULT_FAMILY_THROTTLING, ...config.apiThrottling?.families },
    });
    for (const [area, tableIds] of Object.entries(AREA_TABLES) as [ApiArea, readonly TableId[]][]) {
      this.data.addTableNames(this.api.functions[area].function);
      // The account area's role is near IAM's inline policy size limit: its tables (and the teams
      // table, below) in one item-level statement.
      if (area === 'account')
        this.data.grantItemReadWrite(this.api.functions[area].function, ...tableIds, 'teams');
      else this.data.grantReadWrite(this.api.functions[area].function, ...tableIds);
      const getItemTables = AREA_GET_ITEM_TABLES[area];
      if (getItemTables) this.data.grantGetItem(this.api.functions[area].function, ...getItemTables);
      if (AREA_AUDIT[area] === 'write') this.data.grantAuditWrite(this.api.functions[area].function);
      if (AREA_AUDIT[area] === 'read') this.data.grantAuditRead(this.api.functions[area].function);
    }
    this.secrets.grantEncryptDecrypt(this.api.functions['api-keys'].function);
    // The providers list offers the platform's models: the live Bedrock catalogue.
    this.api.functions['api-keys'].function.addToRolePolicy(bedrockListStatement());
    for (const [name, value] of Object.entries(bedrockEnvironment(config.bedrock)))
      this.api.functions['api-keys'].function.addEnvironment(name, value);
    // Starts, observes and stops server tasks; encrypts and decrypts the servers' env values.
    this.mcpRuntime.grantServerControl(this.api.functions.mcp.function);
    this.secrets.grantEncryptDecrypt(this.api.functions.mcp.function);
    // The GitHub link: encrypts the user's token, and reads the OAuth App's client secret.
    this.secrets.grantEncryptDecrypt(this.api.functions.github.function);
    // Deleting an account unlinks GitHub too: the token is decrypted and revoked at GitHub.
    grantGithubApp(this, config, this.api.functions.github.function, this.api.functions.account.function);
    // Presigned uploads and downloads, and a deleted conversation's files.
    this.attachments.grantManage(this.api.functions.conversations.function);
    // Account deletion: stops the user's servers (the runner), deletes their conversations' files
    // and their Cognito user.
    const account = this.api.functions.account.function;
    this.mcpRuntime.grantServerControl(account);
    this.secrets.grantEncryptDecrypt(account);
    this.attachments.grantManage(account);
    this.auth.userPool.grant(account, 'cognito-idp:AdminDeleteUser');
    account.addEnvironment('USER_POOL_ID', this.auth.userPool.userPoolId);
    startDeletionJobs(account, this.data.tables.billing);
    // Stripe's keys, and the origins checkout and the portal may return to: the stage's web origins,
    // its custom domain, and the app's origin from SSM (CloudFront's own name cannot be passed in:
    // the distribution depends on the API).
    this.billing = new Billing(this, 'Billing', {
      stage: config.stage,
      data: this.data,
      overageReporterEntry: entry('billing/report-overage'),
    });
    this.billing.grantRead(this.api.functions.billing.function);
    // Teams subscribe, and their seats follow their members, through the same Stripe account.
    this.billing.grantRead(this.api.functions.teams.function);
    const appOrigins = [...webOrigins, ...(config.domain ? [`https://${config.domain.name}`] : [])].join(',');
    // Checkout return URLs, and the link of the invitation e-mail, sent through SES when the stage
    // has an email identity; the app's own origin (CloudFront's domain too) comes from SSM.
    const appOrigin = new AppOriginParameter(this, 'AppOrigin', {
      stage: config.stage,
      origin: this.web.url,
    });
    for (const fn of [this.api.functions.billing.function, this.api.functions.teams.function]) {
      fn.addEnvironment('APP_ORIGINS', appOrigins);
      appOrigin.grantRead(fn);
    }
    this.email?.grantSend(this.api.functions.teams.function);
    // The user check gives the streams their copy of the gate's answer (one UpdateItem).
    this.data.grantStreamPassWrite(this.api.functions.users.function);
    // A waitlisted invitee who accepts a team's invitation is admitted (one conditional UpdateItem).
    this.data.grantUserAdmission(this.api.functions.teams.function);
    // Account deletion leaves the person's teams (the seats follow, in Stripe) and deletes a team
    // they own alone: the teams table (granted with its other tables, above), and Stripe's keys.
    this.billing.grantRead(account);

    const postConfirmation = new AgentFunction(this, 'PostConfirmation', {
      entry: entry('auth/post-confirmation'),
      stage: config.stage,
      description: 'Cognito post-confirmation trigger: creates the user record',
      timeout: Duration.seconds(5),
      environment: { WHITELISTED_EMAILS: config.whitelistedEmails.join(',') },
    });
    this.data.addTableNames(postConfirmation.function);
    this.data.grantReadWrite(postConfirmation.function, 'users');
    this.auth.addPostConfirmationTrigger(postConfirmation.function);

    if (config.allowedEmailDomains.length > 0) {
      const preSignUp = new AgentFunction(this, 'PreSignUp', {
        entry: entry('auth/pre-sign-up'),
        stage: config.stage,
        description: 'Cognito pre-sign-up trigger: refuses e-mail domains the stage does not allow',
        timeout: Duration.seconds(5),
        environment: { ALLOWED_EMAIL_DOMAINS: config.allowedEmailDomains.join(',') },
      });
      this.auth.addPreSignUpTrigger(preSignUp.function);
    }

    const postAuthentication = new AgentFunction(this, 'PostAuthentication', {
      entry: entry('auth/post-authentication'),
      stage: config.stage,
      description: 'Cognito post-authentication trigger: records sign-ins in the audit log',
      timeout: Duration.seconds(5),
      environment: { AUDIT_RETENTION_DAYS: String(config.auditRetentionDays) },
    });
    this.data.addTableNames(postAuthentication.function);
    this.data.grantAuditWrite(postAuthentication.function);
    this.auth.addPostAuthenticationTrigger(postAuthentication.function);

    // Failed sign-ins, from threat protection's activity log (the stage opts in: it is billed per user).
    const signInEvents = config.auditFailedSignIns
      ? new AgentFunction(this, 'SignInEvents', {
          entry: entry('auth/sign-in-events'),
          stage: config.stage,
          description: 'Cognito sign-in events: records failed sign-ins in the audit log',
          timeout: Duration.seconds(30),
          environment: { AUDIT_RETENTION_DAYS: String(config.auditRetentionDays) },
        })
      : undefined;
    if (signInEvents) {
      this.data.addTableNames(signInEvents.function);
      this.data.grantAuditWrite(signInEvents.function);
      this.auth.exportUserActivity(
        signInEvents.function,
        `/aws/vendedlogs/cognito/agentforge-${config.stage}/user-activity`,
      );
    }

    this.streaming = new Streaming(this, 'Streaming', {
      stage: config.stage,
      handlerEntry: entry,
      data: this.data,
      secrets: this.secrets,
      userPool: this.auth.userPool,
      // The chat starts MCP servers and reaches their tools through the API (see mcp-tools.ts).
      environment: {
        API_BASE_URL: this.api.url,
        API_ORIGIN_KEY: originKey,
        // The streams' access gate (their pass in the billing table: http/sse-route.ts).
        ACCESS_MODE: config.access,
        ALLOW_PRIVATE_ENDPOINTS: String(config.allowPrivateEndpoints),
        AUDIT_RETENTION_DAYS: String(config.auditRetentionDays),
      },
      reservedConcurrency: config.streamReservedConcurrency,
      bedrock: config.bedrock,
      bedrockProductIds: config.bedrockMarketplaceProductIds,
      maxStreamSeconds: config.maxStreamSeconds,
    });
    // A plan step's execution is audited.
    this.data.grantAuditWrite(
      this.streaming.endpointFor(`${API_BASE_PATH}${AGENT_STREAM_PATHS.execute}`).function.function,
    );
    // The chat reads a message's attachments for the model.
    this.attachments.grantRead(this.streaming.endpointFor(STREAM_PATH).function.function);
    // The exact stream paths first: CloudFront matches behaviours in order and /api/* covers them.
    for (const endpoint of this.streaming.endpoints) {
      this.web.routeStream(endpoint.path, endpoint.functionUrl);
    }
    this.web.routeApi(this.api.restApi, originKey);
    this.web.deployApp(props.webAssetPath, {
      stage: config.stage,
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      identityPoolId: this.auth.identityPool.identityPoolId,
      // The web app offers social sign-in only where the hosted domain has a provider behind it.
      ...(config.google ? { oauthDomain: this.auth.hostedDomain } : {}),
    });

    const productFunctions = {
      ...Object.fromEntries(
        Object.entries(this.api.functions).map(([area, fn]) => [`Api${pascalCase(area)}`, fn.function]),
      ),
      ...Object.fromEntries(
        this.streaming.endpoints.map((endpoint) => [
          `Stream${pascalCase(endpoint.route.handler)}`,
          endpoint.function.function,
        ]),
      ),
      PostConfirmation: postConfirmation.function,
      PostAuthentication: postAuthentication.function,
      ...(signInEvents ? { SignInEvents: signInEvents.function } : {}),
      Reaper: this.mcpRuntime.reaper.function,
      OverageReporter: this.billing.overageReporter.function,
    };
    // Alarms and the dashboard as the stage asks (`monitoring`: their monthly cost, docs/deploy.md).
    this.alarms =
      config.monitoring === 'off'
        ? undefined
        : new Alarms(this, 'Alarms', {
            stage: config.stage,
            level: config.monitoring,
            alarmEmail: config.alarmEmail,
            key: this.secrets.key,
            functions: productFunctions,
            restApi: this.api.restApi,
            runningServersThreshold: config.runningServersAlarmThreshold,
          });
    if (config.monitoring === 'full') {
      new OperationsDashboard(this, 'Operations', {
        stage: config.stage,
        functions: productFunctions,
        restApi: this.api.restApi,
      });
    }
    // Every log group with a retention, CDK's custom-resource providers' included.
    Aspects.of(this).add(new LambdaLogRetention());

    if (config.bedrockMonthlyBudgetUsd !== undefined && config.alarmEmail) {
      new BedrockBudget(this, 'BedrockBudget', {
        stage: config.stage,
        monthlyUsd: config.bedrockMonthlyBudgetUsd,
        email: config.alarmEmail,
        services: config.bedrockBudgetServices,
      });
    }

    this.addOutputs();
  }

  private addOutputs(): void {
    const outputs: Record<string, string> = {
      UserPoolId: this.auth.userPool.userPoolId,
      UserPoolClientId: this.auth.userPoolClient.userPoolClientId,
      IdentityPoolId: this.auth.identityPool.identityPoolId,
      HostedDomain: this.auth.hostedDomain,
      ApiUrl: this.api.url,
      DistributionUrl: this.web.url,
      // The function behind the web app's streamUrl (for logs and `aws lambda` commands).
      StreamFunctionName: this.streaming.endpointFor(STREAM_PATH).function.function.functionName,
      // Where the custom domain's DNS record points (CNAME, or an alias in Route 53).
      DistributionDomainName: this.web.distribution.distributionDomainName,
    };
    for (const [name, value] of Object.entries(outputs)) {
      new CfnOutput(this, name, { value });
    }
  }
}

/**
 * Account deletion jobs (DELETE /users/me records one `queued` in the billing table): the table's
 * stream invokes the account function with each such write, one at a time, and Lambda retries a
 * failed one twice (every step is safe to repeat); the job's own later writes (running, done,
 * failed) do not match the filter.
 */
function startDeletionJobs(account: LambdaFunction, billing: ITableV2): void {
  account.addEventSource(
    new DynamoEventSource(billing, {
      startingPosition: StartingPosition.LATEST,
      batchSize: 1,
      retryAttempts: 2,
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.or('INSERT', 'MODIFY'),
          dynamodb: {
            NewImage: {
              userId: { S: FilterRule.beginsWith(DELETION_JOB_KEY_PREFIX) },
              state: { S: FilterRule.isEqual('queued') },
            },
          },
        }),
      ],
    }),
  );
}
