import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  FilterCriteria,
  FilterRule,
  type Function as LambdaFunction,
  StartingPosition,
} from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { DELETION_JOB_KEY_PREFIX } from '../../functions/src/adapters/dynamodb/table-definitions';
import { AUTOMATION_RUNNER_MODULE } from '../../functions/src/domain/automations/run-event';
import { Api, DEFAULT_API_THROTTLING, DEFAULT_FAMILY_THROTTLING } from '../constructs/api';
import { AppOriginParameter } from '../constructs/app-origin';
import type { Attachments } from '../constructs/attachments';
import { type Auth, WEB_CLIENT_NAME } from '../constructs/auth';
import { Automations } from '../constructs/automations';
import { bedrockEnvironment, bedrockListStatement } from '../constructs/bedrock-access';
import { Billing } from '../constructs/billing';
import type { Data } from '../constructs/data';
import type { Email } from '../constructs/email';
import { GatewayCredentials } from '../constructs/gateway-credentials';
import type { McpRuntime } from '../constructs/mcp-runtime';
import type { Secrets } from '../constructs/secrets';
import type { WebHosting } from '../constructs/web-hosting';
import { githubSecretName } from '../operator-secrets';
import type { StageConfig } from '../stage-config';
import { grantAreaData } from './area-access';
import { grantAutomationRuns } from './automation-runner-access';

/** What the API's functions are given: the stage's parts built before it. */
export interface StageApiProps {
  readonly config: StageConfig;
  /** The stage's web origins besides the app's own (CORS, OAuth callbacks, return URLs). */
  readonly webOrigins: string[];
  /** A handler module's entry file (AgentForgeStackProps.handlerEntry). */
  readonly entry: (module: string) => string;
  readonly data: Data;
  readonly secrets: Secrets;
  readonly auth: Auth;
  readonly mcpRuntime: McpRuntime;
  readonly attachments: Attachments;
  readonly web: WebHosting;
  readonly email: Email | undefined;
}

/**
 * The REST API and what each area's function may reach beyond its tables (area-access.ts): the
 * secrets key, the MCP runtime, attachments, Stripe's keys (Billing), the app's origin, SES, the
 * user pool; and the account deletion jobs. Built in the stack's scope: the logical ids are the
 * stack's own.
 */
export function buildStageApi(
  scope: Construct,
  props: StageApiProps,
): { api: Api; billing: Billing; automations: Automations; originKey: string } {
  const { config, webOrigins, entry, data, secrets, auth, mcpRuntime, attachments, web, email } = props;
  // The API's key: only CloudFront and the stream functions hold it, so the execute-api URL
  // refuses everyone else (no WAF skipped, no viewer address forged). Generated once; its value
  // reaches CloudFormation as a dynamic reference, never the template.
  const apiOriginKey = new Secret(scope, 'ApiOriginKey', {
    description: `AgentForge ${config.stage}: the REST API's key (CloudFront's origin header)`,
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });
  const originKey = apiOriginKey.secretValue.unsafeUnwrap();
  const api = new Api(scope, 'Api', {
    stage: config.stage,
    originKey,
    userPool: auth.userPool,
    allowedOrigins: webOrigins,
    handlerEntry: (area) => entry(`${area}/index`),
    automationAuthorizerEntry: entry('mcp-gateway/automation-authorizer'),
    environment: {
      ALLOWED_ORIGINS: webOrigins.join(','),
      WHITELISTED_EMAILS: config.whitelistedEmails.join(','),
      ACCESS_MODE: config.access,
      INVITE_CODES: config.inviteCodes.join(','),
      ALLOW_PRIVATE_ENDPOINTS: String(config.allowPrivateEndpoints),
      AUDIT_RETENTION_DAYS: String(config.auditRetentionDays),
    },
    // The MCP gateway forwards to the server tasks' private IPs: the only VPC-attached area.
    vpcPlacement: { 'mcp-gateway': mcpRuntime.gatewayPlacement },
    // Deleting a heavy user's account runs as a job in the account function: Lambda's longest.
    timeouts: { account: Duration.minutes(15) },
    throttling: {
      rateLimit: config.apiThrottling?.rateLimit ?? DEFAULT_API_THROTTLING.rateLimit,
      burstLimit: config.apiThrottling?.burstLimit ?? DEFAULT_API_THROTTLING.burstLimit,
    },
    familyThrottling: { ...DEFAULT_FAMILY_THROTTLING, ...config.apiThrottling?.families },
  });
  grantAreaData(data, api);
  secrets.grantEncryptDecrypt(api.functions['api-keys'].function);
  // The providers list offers the platform's models: the live Bedrock catalogue.
  api.functions['api-keys'].function.addToRolePolicy(bedrockListStatement());
  for (const [name, value] of Object.entries(bedrockEnvironment(config.bedrock)))
    api.functions['api-keys'].function.addEnvironment(name, value);
  // Starts, observes and stops server tasks; encrypts and decrypts the servers' env values.
  mcpRuntime.grantServerControl(api.functions.mcp.function);
  secrets.grantEncryptDecrypt(api.functions.mcp.function);
  configureMcpCatalog(api.functions.mcp.function, config.mcpCatalog);
  // The GitHub link: encrypts the user's token, and reads the OAuth App's client secret.
  secrets.grantEncryptDecrypt(api.functions.github.function);
  // Deleting an account unlinks GitHub too: the token is decrypted and revoked at GitHub.
  grantGithubApp(scope, config, api.functions.github.function, api.functions.account.function);
  // Presigned uploads and downloads, and a deleted conversation's files.
  attachments.grantManage(api.functions.conversations.function);
  // Account deletion: stops the user's servers (the runner), deletes their conversations' files
  // and their Cognito user.
  const account = api.functions.account.function;
  mcpRuntime.grantServerControl(account);
  secrets.grantEncryptDecrypt(account);
  attachments.grantManage(account);
  // Knowledge files: presigned uploads, the keyword indexes, a file's or collection's deletion
  // (with the account's and a team's knowledge: both are deleted by the account area).
  attachments.grantKnowledge(api.functions.knowledge.function);
  attachments.grantKnowledge(account);
  auth.userPool.grant(account, 'cognito-idp:AdminDeleteUser');
  account.addEnvironment('USER_POOL_ID', auth.userPool.userPoolId);
  // A deleted team's single sign-on: its provider taken off the web client and deleted.
  auth.userPool.grant(
    account,
    'cognito-idp:DeleteIdentityProvider',
    'cognito-idp:ListUserPoolClients',
    'cognito-idp:DescribeUserPoolClient',
    'cognito-idp:UpdateUserPoolClient',
  );
  account.addEnvironment('USER_POOL_CLIENT_NAME', WEB_CLIENT_NAME);
  startDeletionJobs(account, data.tables.billing);
  // A team's single sign-on: its identity provider in the pool, listed on the web client (read
  // first: an update resets what it is not given); the client secret is kept encrypted.
  const teams = api.functions.teams.function;
  auth.userPool.grant(
    teams,
    'cognito-idp:CreateIdentityProvider',
    'cognito-idp:UpdateIdentityProvider',
    'cognito-idp:DeleteIdentityProvider',
    'cognito-idp:ListUserPoolClients',
    'cognito-idp:DescribeUserPoolClient',
    'cognito-idp:UpdateUserPoolClient',
  );
  teams.addEnvironment('USER_POOL_ID', auth.userPool.userPoolId);
  teams.addEnvironment('USER_POOL_CLIENT_NAME', WEB_CLIENT_NAME);
  secrets.grantEncryptDecrypt(teams);
  // Stripe's keys, and the origins checkout and the portal may return to: the stage's web origins,
  // its custom domain, and the app's origin from SSM (CloudFront's own name cannot be passed in:
  // the distribution depends on the API).
  const billing = new Billing(scope, 'Billing', {
    stage: config.stage,
    data,
    overageReporterEntry: entry('billing/report-overage'),
  });
  billing.grantRead(api.functions.billing.function);
  // Teams subscribe, and their seats follow their members, through the same Stripe account.
  billing.grantRead(api.functions.teams.function);
  const appOrigins = [...webOrigins, ...(config.domain ? [`https://${config.domain.name}`] : [])].join(',');
  // Checkout return URLs, and the link of the invitation e-mail, sent through SES when the stage
  // has an email identity; the app's own origin (CloudFront's domain too) comes from SSM.
  const appOrigin = new AppOriginParameter(scope, 'AppOrigin', {
    stage: config.stage,
    origin: web.url,
  });
  // ... and an automation's webhook URL (the app's origin, whose /api goes to the API).
  for (const fn of [
    api.functions.billing.function,
    api.functions.teams.function,
    api.functions.automations.function,
  ]) {
    fn.addEnvironment('APP_ORIGINS', appOrigins);
    appOrigin.grantRead(fn);
  }
  email?.grantSend(api.functions.teams.function);
  // A run's end (and its wait for an approval) is mailed to its owner as the automation says.
  email?.grantSend(api.functions.automations.function);
  // The user check gives the streams their copy of the gate's answer (one UpdateItem), and the
  // caller's memory (docs/decisions/chat.md, "Memory") is kept beside it: billing items by key.
  data.grantUserBillingItems(api.functions.users.function);
  // A waitlisted invitee who accepts a team's invitation is admitted (one conditional UpdateItem).
  data.grantUserAdmission(api.functions.teams.function);
  // Account deletion leaves the person's teams (the seats follow, in Stripe) and deletes a team
  // they own alone: the teams table (granted with its other tables, above), and Stripe's keys.
  billing.grantRead(account);
  // Automations: their schedules follow them (and go with an account or a team); the webhook starts runs.
  const automations = new Automations(scope, 'Automations', {
    stage: config.stage,
    runnerEntry: entry(AUTOMATION_RUNNER_MODULE),
    data,
  });
  // The runner too: an automation it pauses after failed runs has its schedule disabled.
  automations.grantScheduling(api.functions.automations.function, account, automations.runner.function);
  automations.grantStartRuns(api.functions.automations.function);
  grantAutomationRuns(automations.runner.function, { config, data, secrets, mcpRuntime, attachments, email });
  // Their knowledge collections: checked on save (the API), searched read-only by the runner.
  data.grantGetItem(api.functions.automations.function, 'knowledge');
  data.grantGetItem(automations.runner.function, 'knowledge');
  attachments.grantKnowledgeRead(automations.runner.function);
  // Its MCP tools through the API's gateway, as the chat's (the runner is outside the servers' VPC),
  // with a credential it signs and only the routes' authorizer (outside the VPC) verifies.
  const runner = automations.runner.function;
  runner.addEnvironment('API_BASE_URL', api.url);
  runner.addEnvironment('API_ORIGIN_KEY', originKey);
  const credentials = new GatewayCredentials(scope, 'GatewayCredentials', { stage: config.stage });
  credentials.grantMint(runner);
  if (api.automationAuthorizer) credentials.grantVerify(api.automationAuthorizer.function);
  return { api, billing, automations, originKey };
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

/**
 * The MCP catalog's operator options (GET /mcp/catalog, the MCP API): where its file and registry
 * are, and GetObject on that one object.
 */
function configureMcpCatalog(fn: LambdaFunction, catalog: StageConfig['mcpCatalog']): void {
  if (!catalog) return;
  if (catalog.s3Object) {
    const { bucket, key } = catalog.s3Object;
    fn.addEnvironment('MCP_CATALOG_BUCKET', bucket);
    fn.addEnvironment('MCP_CATALOG_KEY', key);
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [`arn:aws:s3:::${bucket}/${key}`] }),
    );
  }
  if (catalog.registryUrl) fn.addEnvironment('MCP_CATALOG_REGISTRY_URL', catalog.registryUrl);
  if (catalog.ttlSeconds) fn.addEnvironment('MCP_CATALOG_TTL_SECONDS', String(catalog.ttlSeconds));
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
