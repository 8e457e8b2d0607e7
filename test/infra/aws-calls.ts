/**
 * The AWS calls a function's code can make, as IAM sees them: for every adapter factory its
 * composition roots build (function-code.ts), the SDK commands the adapter's module sends (read
 * from its source, so a new command shows up here by itself), each turned into IAM actions on the
 * resources the function's own environment names (its table names, the runner's cluster, ...).
 *
 * ADAPTERS says, per factory, where its commands are or why it makes no AWS call; COMMANDS says,
 * per SDK command, what IAM authorizes. A factory or a command missing from them fails the test
 * that uses them, asking for an entry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  TABLE_DEFINITIONS,
  type TableId,
  tableEnvVar,
} from '../../functions/src/adapters/dynamodb/table-definitions';
import { ECS_RUNNER_ENV } from '../../functions/src/adapters/mcp-runner/ecs-runner-config';
import { INFERENCE_PROFILE_REGIONS } from '../../lib/constructs/bedrock-access';
import { SECRETS_KEY_LOGICAL_ID } from '../../lib/constructs/secrets';
import { type AdapterUse, FUNCTIONS_SRC } from './function-code';
import { ACCOUNT, type AwsCall, REGION, type Resources, resolve } from './iam-simulator';

interface AdapterSpec {
  /** The modules whose SDK commands the adapter sends (default: the module it is imported from). */
  readonly commandsIn?: readonly string[];
  /** It makes no AWS call at all, and why. */
  readonly noAwsCalls?: string;
}

const LOCAL_ONLY = 'local stack only (RUNTIME=local)';

/** Every adapter factory a composition root may build. */
export const ADAPTERS: Readonly<Record<string, AdapterSpec>> = {
  createDocumentClient: { noAwsCalls: 'the DynamoDB client itself; the repositories send the commands' },
  createUserRepository: {},
  createInviteCodeAttempts: {},
  createUserAccessReader: {},
  createStreamPassReader: {},
  createStreamPassGrants: {},
  createAccountTombstones: {},
  createAccountDeletionJobStore: {},
  createInProcessJobLauncher: { noAwsCalls: LOCAL_ONLY },
  createUserAdmission: {},
  createUserItemsEraser: {},
  createCognitoUserAdmin: {},
  createPoolIdentityProviders: {
    commandsIn: [
      'adapters/cognito/pool-identity-providers',
      'adapters/cognito/pool-client-providers',
      'adapters/cognito/client-supported-providers',
    ],
  },
  createPoolClientProviders: {
    commandsIn: ['adapters/cognito/pool-client-providers', 'adapters/cognito/client-supported-providers'],
  },
  createClientProviderMerge: {
    commandsIn: ['adapters/cognito/client-provider-merge', 'adapters/cognito/client-supported-providers'],
  },
  createTeamSsoStore: {},
  createSsoRequirement: {},
  createProviderLinks: {},
  createConversationRepository: {},
  createMessageRepository: {},
  createReplyLeases: {},
  createAgentPlanRepository: {
    commandsIn: ['adapters/dynamodb/agent-plan-repository', 'adapters/dynamodb/agent-plan-versions'],
  },
  createAgentPlanVersions: {},
  createApiKeyRepository: {},
  createWorkspaceFileRepository: {},
  createPromptRepository: {},
  createAutomationRepository: {},
  createKnowledgeRepository: {
    commandsIn: ['adapters/dynamodb/knowledge-repository', 'adapters/dynamodb/knowledge-reader'],
  },
  createKnowledgeReader: {},
  createMcpServerRepository: {},
  createUsageRepository: {},
  createComputeUsageRepository: {},
  createLimitSlots: {},
  createTokenLedger: {},
  createPlanLookup: {},
  createKmsSecretCipher: {},
  createKmsCredentialSigner: {},
  createKmsCredentialVerifier: {},
  createLocalCredentialMac: { noAwsCalls: LOCAL_ONLY },
  createGithubLinkRepository: {},
  createSecretsManagerGithubCredentials: {},
  createGithubOAuthClient: { noAwsCalls: 'HTTPS to GitHub (github.com and api.github.com)' },
  createEcsRunner: {},
  createS3AttachmentStore: {},
  createS3KnowledgeStore: {
    commandsIn: [
      'adapters/s3/s3-knowledge-store',
      'adapters/s3/s3-attachment-store',
      'adapters/s3/s3-knowledge-reader',
    ],
  },
  createS3VectorIndex: {
    commandsIn: ['adapters/s3vectors/s3-vector-index', 'adapters/s3vectors/s3-vector-reader'],
  },
  createS3VectorReader: {},
  // Users' keys are HTTPS through the guarded fetch; the platform's embedding model is Bedrock's.
  createEmbedder: { commandsIn: ['adapters/embeddings/bedrock-embedder'] },
  createS3KnowledgeReader: {},
  createBillingRepository: {},
  createUsageHistoryReader: {},
  createOverageQueue: {},
  createSesMailer: {},
  createBillingCustomers: {},
  createStripeKeySource: {},
  createAppOrigins: {},
  createAuditLogWriter: {},
  createAuditLogReader: {},
  createStripeBilling: { noAwsCalls: 'HTTPS to Stripe’s API with the secret key' },
  createTeamRepository: {},
  createTeamRoleReader: {},
  createTeamDirectoryReader: {},
  createMyTeamsIndex: {},
  createMyTeamsReader: {},
  createMemoryStore: {},
  // Users' own providers are HTTPS through the guarded fetch; the platform's is Bedrock.
  createModelProvider: { commandsIn: ['adapters/providers/bedrock'] },
  createBedrockCatalogue: {},
  createGuardedFetch: { noAwsCalls: 'HTTPS to users’ provider endpoints' },
  createBraveSearch: { noAwsCalls: 'HTTPS to the operator’s web search API' },
  createOpenAiSpeechModels: { noAwsCalls: 'HTTPS to OpenAI’s audio API with the user’s or team’s key' },
  createPageReader: { noAwsCalls: 'HTTPS to web pages, through the outbound guard' },
  createSecretsManagerApiKey: {},
  createCognitoIdTokenVerifier: { noAwsCalls: 'fetches the pool’s public JWKS over HTTPS, unsigned' },
  createServerApiClient: { noAwsCalls: 'HTTPS to the product API with the caller’s ID token' },
  createGatewayConnector: { noAwsCalls: 'HTTPS to the MCP gateway with the caller’s ID token' },
  createOAuthConnectionRepository: {},
  createOAuthClient: {
    noAwsCalls: 'OAuth over HTTPS to a remote MCP server’s authorization server, through the outbound guard',
  },
  createRemoteConnector: { noAwsCalls: 'MCP over HTTPS to a remote server, through the outbound guard' },
  createLocalRunner: { noAwsCalls: LOCAL_ONLY },
  createFileCatalogSource: { noAwsCalls: 'reads a file on the function’s own disk' },
  createS3CatalogSource: { commandsIn: ['adapters/catalog/operator-file'] },
  createRegistrySource: { noAwsCalls: 'HTTPS to the MCP registry through the guarded fetch' },
  createLocalSecretCipher: { noAwsCalls: LOCAL_ONLY },
  createLocalIdTokenVerifier: { noAwsCalls: LOCAL_ONLY },
  createEventBridgeScheduler: {},
  createLambdaRunLauncher: {},
  createLocalRunLauncher: { noAwsCalls: LOCAL_ONLY },
  createWebhookStore: {},
};

/** An SDK command an adapter sends: `<package>:<command>`, e.g. `client-ecs:RunTask`. */
export interface SdkCommand {
  readonly sdk: string;
  readonly command: string;
}

const TABLE_OPS: Readonly<Record<string, readonly string[]>> = {
  putNew: ['Put'],
  getItem: ['Get', 'BatchGet'],
  queryAll: ['Query'],
  deletePartition: ['Query', 'BatchWrite'],
  batchWriteAll: ['BatchWrite'],
};

/** The SDK commands a module sends, from its source (and the table-ops helpers it calls). */
export function commandsOf(module: string): SdkCommand[] {
  const source = readFileSync(join(FUNCTIONS_SRC, `${module}.ts`), 'utf8');
  const packages = [
    ...new Set([...source.matchAll(/'@aws-sdk\/([\w-]+)'/g)].map((match) => match[1] as string)),
  ];
  const packageOf = (command: string) => {
    for (const [, names, sdk] of source.matchAll(/import \{([^}]+)\} from '@aws-sdk\/([\w-]+)'/g)) {
      if (new RegExp(`\\b${command}Command\\b`).test(names as string)) return sdk as string;
    }
    if (packages.length === 1) return packages[0] as string;
    throw new Error(`${module}: which SDK package sends ${command}Command?`);
  };
  const commands = new Set<string>();
  for (const [, command] of source.matchAll(/\bnew (\w+)Command\(/g)) {
    commands.add(`${packageOf(command as string)}:${command}`);
  }
  if (/\bpaginateQuery\(/.test(source)) commands.add('lib-dynamodb:Query');
  if (/from '\.\/table-ops\.js'/.test(source)) {
    for (const [helper, names] of Object.entries(TABLE_OPS)) {
      if (new RegExp(`\\b${helper}\\(`).test(source))
        for (const name of names) commands.add(`lib-dynamodb:${name}`);
    }
  }
  return [...commands].map((key) => {
    const [sdk, command] = key.split(':') as [string, string];
    return { sdk, command };
  });
}

/** What one function's code is given: its resolved environment, the template, the adapter use. */
export interface CallTarget {
  readonly resources: Resources;
  readonly env: Readonly<Record<string, string>>;
  readonly use: AdapterUse;
  /** Whether the adapter's module queries a global index (`IndexName`). */
  readonly queriesIndexes: boolean;
  /** Whether every query of the module names an index (then it never queries the table itself). */
  readonly queriesOnlyIndexes: boolean;
}

function envOf(target: CallTarget, name: string): string {
  const value = target.env[name];
  if (!value) throw new Error(`${target.use.factory} needs ${name} in the function's environment`);
  return value;
}

function tableArn(target: CallTarget): string {
  const table = target.use.table;
  if (!table) throw new Error(`${target.use.factory} (${target.use.path}) is given no env.tables.<id>`);
  return `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${envOf(target, tableEnvVar(table))}`;
}

const dynamo =
  (action: string) =>
  (target: CallTarget): AwsCall[] => [{ action: `dynamodb:${action}`, resource: tableArn(target) }];

function indexArns(target: CallTarget): string[] {
  const definition = TABLE_DEFINITIONS.find((table) => table.id === (target.use.table as TableId));
  return (definition?.globalIndexes ?? []).map((index) => `${tableArn(target)}/index/${index.indexName}`);
}

const secretsKeyArn = (target: CallTarget) =>
  resolve(target.resources, { 'Fn::GetAtt': [SECRETS_KEY_LOGICAL_ID, 'Arn'] });

/** A task of the runner's cluster, as ECS names it (the run id the runner keeps). */
function runnerTask(target: CallTarget): { arn: string; cluster: string } {
  const cluster = envOf(target, ECS_RUNNER_ENV.clusterArn);
  const name = cluster.split(':cluster/')[1];
  return { arn: `arn:aws:ecs:${REGION}:${ACCOUNT}:task/${name}/0123456789abcdef`, cluster };
}

/** The execution role of the task definition the function runs (RunTask passes it to ECS). */
function executionRoleArn(target: CallTarget): string {
  const taskDefinition = envOf(target, ECS_RUNNER_ENV.taskDefinitionArn);
  const [id, resource] =
    Object.entries(target.resources).find(
      ([id, resource]) =>
        resource.Type === 'AWS::ECS::TaskDefinition' &&
        resolve(target.resources, { Ref: id }) === taskDefinition,
    ) ?? [];
  if (!id || !resource) throw new Error(`No task definition ${taskDefinition} in the template`);
  return resolve(target.resources, resource.Properties?.ExecutionRoleArn);
}

const envFile = (target: CallTarget) =>
  `arn:aws:s3:::${envOf(target, ECS_RUNNER_ENV.envBucket)}/server-1/run.env`;

/** A conversation's files, as the attachment service keys them (`attachments/<user>/<conversation>/`). */
const ATTACHMENT_FOLDER = 'attachments/user-1/conversation-1/';
const attachmentsBucket = (target: CallTarget) => envOf(target, 'ATTACHMENTS_BUCKET');
const attachmentObject = (target: CallTarget) =>
  `arn:aws:s3:::${attachmentsBucket(target)}/${ATTACHMENT_FOLDER}file-1`;

/** A knowledge file, as the knowledge service keys it (`knowledge/files/<owner>/<collection>/<file>`). */
const KNOWLEDGE_FOLDER = 'knowledge/files/user-1/collection-1/';
const knowledgeObject = (target: CallTarget) =>
  `arn:aws:s3:::${attachmentsBucket(target)}/${KNOWLEDGE_FOLDER}file-1`;
const isKnowledge = (target: CallTarget) =>
  target.use.factory === 'createS3KnowledgeStore' || target.use.factory === 'createS3KnowledgeReader';

/** The MCP catalog's operator file: read only where the stage names it (composition/catalog.ts). */
const catalogObject = (target: CallTarget) =>
  `arn:aws:s3:::${envOf(target, 'MCP_CATALOG_BUCKET')}/${envOf(target, 'MCP_CATALOG_KEY')}`;

/** The object an S3 object command touches: the runner's env file, an attachment, the catalog file. */
const s3Object = (action: string) => (target: CallTarget) => {
  if (target.use.factory === 'createS3CatalogSource')
    return target.env.MCP_CATALOG_BUCKET ? [{ action, resource: catalogObject(target) }] : [];
  if (isKnowledge(target)) return [{ action, resource: knowledgeObject(target) }];
  return [
    {
      action,
      resource: target.use.factory === 'createEcsRunner' ? envFile(target) : attachmentObject(target),
    },
  ];
};

/** What the catalogue may offer where the stage has no allow-list: an on-demand model and a profile. */
const ANY_OFFERED = ['mistral.mistral-large-2407-v1:0', 'us.anthropic.claude-haiku-4-5-20251001-v1:0'];

/**
 * ConverseStream on every model the stage offers (its allow-list, BEDROCK_MODELS): a foundation
 * model in the stack's region, or a cross-region inference profile (in the stack's region) and its
 * model in each destination region; and, on a model's first use in the account, the Marketplace
 * subscription Bedrock makes as the caller.
 */
/** S3 Vectors actions on an index of the stage's vector bucket (KNOWLEDGE_VECTOR_BUCKET). */
const s3VectorIndex =
  (actions: readonly string[]) =>
  (target: CallTarget): AwsCall[] =>
    actions.map((action) => ({
      action,
      resource: `arn:aws:s3vectors:${REGION}:${ACCOUNT}:bucket/${envOf(target, 'KNOWLEDGE_VECTOR_BUCKET')}/index/bedrock-amazon.titan-embed-text-v2-0`,
    }));

function bedrockCalls(target: CallTarget): AwsCall[] {
  const action = 'bedrock:InvokeModelWithResponseStream';
  const offered = target.env.BEDROCK_MODELS?.split(',') ?? ANY_OFFERED;
  const invoke = offered.flatMap((bedrockId): AwsCall[] => {
    const profile = bedrockId.match(/^(us)\.(.+)$/);
    if (!profile) return [{ action, resource: `arn:aws:bedrock:${REGION}::foundation-model/${bedrockId}` }];
    return [
      { action, resource: `arn:aws:bedrock:${REGION}:${ACCOUNT}:inference-profile/${bedrockId}` },
      ...(INFERENCE_PROFILE_REGIONS.us ?? []).map((region) => ({
        action,
        resource: `arn:aws:bedrock:${region}::foundation-model/${profile[2]}`,
      })),
    ];
  });
  const product = { 'aws-marketplace:ProductId': 'prod-offeredmodel' };
  return [
    ...invoke,
    { action: 'aws-marketplace:ViewSubscriptions', resource: '*' },
    { action: 'aws-marketplace:Subscribe', resource: '*', context: product },
  ];
}

/** An automation's schedule in the stage's group, as the adapter names it (`automation-<id>`). */
const automationSchedule = (target: CallTarget) =>
  `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${envOf(target, 'AUTOMATION_SCHEDULE_GROUP')}/automation-01JAUTOMATION`;
/** Creating or replacing a schedule passes the Scheduler's execution role to EventBridge Scheduler. */
const scheduleWrite = (action: string) => (target: CallTarget) => [
  { action, resource: automationSchedule(target) },
  {
    action: 'iam:PassRole',
    resource: envOf(target, 'AUTOMATION_SCHEDULER_ROLE_ARN'),
    context: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
  },
];

/** Per SDK command, the IAM calls it is. */
export const COMMANDS: Readonly<Record<string, (target: CallTarget) => AwsCall[]>> = {
  'lib-dynamodb:Get': dynamo('GetItem'),
  'lib-dynamodb:Put': dynamo('PutItem'),
  'lib-dynamodb:Update': dynamo('UpdateItem'),
  'lib-dynamodb:Delete': dynamo('DeleteItem'),
  'lib-dynamodb:BatchWrite': dynamo('BatchWriteItem'),
  'lib-dynamodb:Query': (target) => [
    ...(target.queriesOnlyIndexes ? [] : dynamo('Query')(target)),
    ...(target.queriesIndexes
      ? indexArns(target).map((resource) => ({ action: 'dynamodb:Query', resource }))
      : []),
  ],
  'client-kms:Encrypt': (target) => [{ action: 'kms:Encrypt', resource: secretsKeyArn(target) }],
  'client-kms:Decrypt': (target) => [{ action: 'kms:Decrypt', resource: secretsKeyArn(target) }],
  // The automation runner's gateway credentials: signed by the runner, checked by the gateway.
  'client-kms:GenerateMac': (target) => [
    { action: 'kms:GenerateMac', resource: envOf(target, 'GATEWAY_CREDENTIAL_KEY_ID') },
  ],
  'client-kms:VerifyMac': (target) => [
    { action: 'kms:VerifyMac', resource: envOf(target, 'GATEWAY_CREDENTIAL_KEY_ID') },
  ],
  'client-ecs:RunTask': (target): AwsCall[] => {
    const task = runnerTask(target);
    return [
      {
        action: 'ecs:RunTask',
        resource: envOf(target, ECS_RUNNER_ENV.taskDefinitionArn),
        context: { 'ecs:cluster': task.cluster },
      },
      // RunTask with `tags` needs TagResource on the new task.
      { action: 'ecs:TagResource', resource: task.arn, context: { 'ecs:CreateAction': 'RunTask' } },
      // And passes the task definition's execution role to ECS.
      {
        action: 'iam:PassRole',
        resource: executionRoleArn(target),
        context: { 'iam:PassedToService': 'ecs-tasks.amazonaws.com' },
      },
    ];
  },
  'client-ecs:DescribeTasks': (target) => {
    const task = runnerTask(target);
    return [{ action: 'ecs:DescribeTasks', resource: task.arn, context: { 'ecs:cluster': task.cluster } }];
  },
  'client-ecs:StopTask': (target) => {
    const task = runnerTask(target);
    return [{ action: 'ecs:StopTask', resource: task.arn, context: { 'ecs:cluster': task.cluster } }];
  },
  // Presigned URLs are requests signed with the function's credentials: the same actions.
  'client-s3:PutObject': s3Object('s3:PutObject'),
  'client-s3:GetObject': s3Object('s3:GetObject'),
  'client-s3:HeadObject': s3Object('s3:GetObject'),
  'client-s3:DeleteObject': s3Object('s3:DeleteObject'),
  'client-s3:DeleteObjects': s3Object('s3:DeleteObject'),
  'client-s3:ListObjectsV2': (target) => [
    {
      action: 's3:ListBucket',
      resource: `arn:aws:s3:::${attachmentsBucket(target)}`,
      context: { 's3:prefix': isKnowledge(target) ? KNOWLEDGE_FOLDER : ATTACHMENT_FOLDER },
    },
  ],
  'client-bedrock-runtime:ConverseStream': (target) => bedrockCalls(target),
  // The platform's embedding models (knowledge, issue 33): Titan Text Embeddings V2 and Cohere Embed.
  'client-bedrock-runtime:InvokeModel': () =>
    ['amazon.titan-embed-text-v2:0', 'cohere.embed-english-v3', 'cohere.embed-multilingual-v3'].map(
      (model) => ({
        action: 'bedrock:InvokeModel',
        resource: `arn:aws:bedrock:${REGION}::foundation-model/${model}`,
      }),
    ),
  // Knowledge's vectors: the indexes of the stage's vector bucket (one per embedding model).
  'client-s3vectors:CreateIndex': s3VectorIndex(['s3vectors:CreateIndex']),
  'client-s3vectors:PutVectors': s3VectorIndex(['s3vectors:PutVectors']),
  'client-s3vectors:DeleteVectors': s3VectorIndex(['s3vectors:DeleteVectors']),
  // A query with a metadata filter or returnMetadata also needs s3vectors:GetVectors.
  'client-s3vectors:QueryVectors': s3VectorIndex(['s3vectors:QueryVectors', 's3vectors:GetVectors']),
  'client-bedrock:ListFoundationModels': () => [{ action: 'bedrock:ListFoundationModels', resource: '*' }],
  'client-bedrock:ListInferenceProfiles': () => [{ action: 'bedrock:ListInferenceProfiles', resource: '*' }],
  'lib-dynamodb:BatchGet': dynamo('BatchGetItem'),
  'client-scheduler:CreateSchedule': scheduleWrite('scheduler:CreateSchedule'),
  'client-scheduler:UpdateSchedule': scheduleWrite('scheduler:UpdateSchedule'),
  'client-scheduler:DeleteSchedule': (target) => [
    { action: 'scheduler:DeleteSchedule', resource: automationSchedule(target) },
  ],
  // The runner, invoked asynchronously (InvocationType Event): the same action.
  'client-lambda:Invoke': (target) => [
    { action: 'lambda:InvokeFunction', resource: envOf(target, 'AUTOMATION_RUNNER_ARN') },
  ],
  // composition/teams.ts builds the SES mailer only where MAIL_FROM_ADDRESS is set (Email.grantSend
  // sets it); elsewhere (the account function, which leaves teams but sends no mail) it only logs.
  'client-sesv2:SendEmail': (target) =>
    target.env.MAIL_FROM_ADDRESS
      ? [
          {
            action: 'ses:SendEmail',
            resource: envOf(target, 'SES_IDENTITY_ARN'),
            context: { 'ses:FromAddress': envOf(target, 'MAIL_FROM_ADDRESS') },
          },
        ]
      : [],
  // By the adapter: Stripe's keys (a SecureString under the AWS managed key aws/ssm, whose key
  // policy lets the account decrypt through SSM: no kms grant), or the app's origin, only where the
  // stack names that parameter (billing, teams).
  'client-ssm:GetParameter': (target) => {
    const name =
      target.use.factory === 'createStripeKeySource'
        ? envOf(target, 'STRIPE_PARAMETER_NAME')
        : target.env.APP_ORIGIN_PARAMETER;
    return name
      ? [{ action: 'ssm:GetParameter', resource: `arn:aws:ssm:${REGION}:${ACCOUNT}:parameter${name}` }]
      : [];
  },
  // The pre-sign-up trigger's pool is its event's (its environment cannot name it): any pool of the account.
  'client-cognito-identity-provider:ListUsers': () => [
    {
      action: 'cognito-idp:ListUsers',
      resource: `arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${REGION}_EventPool`,
    },
  ],
  'client-cognito-identity-provider:AdminLinkProviderForUser': () => [
    {
      action: 'cognito-idp:AdminLinkProviderForUser',
      resource: `arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${REGION}_EventPool`,
    },
  ],
  'client-cognito-identity-provider:AdminDeleteUser': (target) => [
    {
      action: 'cognito-idp:AdminDeleteUser',
      resource: `arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${envOf(target, 'USER_POOL_ID')}`,
    },
  ],
  // A team's single sign-on: the identity provider and the web client of the function's own pool.
  ...Object.fromEntries(
    [
      'CreateIdentityProvider',
      'UpdateIdentityProvider',
      'DeleteIdentityProvider',
      'ListIdentityProviders',
      'ListUserPoolClients',
      'DescribeUserPoolClient',
      'UpdateUserPoolClient',
    ].map((command) => [
      `client-cognito-identity-provider:${command}`,
      (target: CallTarget): AwsCall[] => [
        {
          action: `cognito-idp:${command}`,
          resource: `arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${envOf(target, 'USER_POOL_ID')}`,
        },
      ],
    ]),
  ),
  // The GitHub and web search secrets are named without their ARN (IAM sees the ARN, whose name
  // ends in a random 6-character suffix). The web search's is built only where the stage has one.
  'client-secrets-manager:GetSecretValue': (target) => {
    const webSearch = target.use.factory === 'createSecretsManagerApiKey';
    const name = webSearch ? target.env.WEB_SEARCH_SECRET_ID : envOf(target, 'GITHUB_SECRET_ID');
    return name
      ? [
          {
            action: 'secretsmanager:GetSecretValue',
            resource: `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${name}-AbCdEf`,
          },
        ]
      : [];
  },
};

/** The IAM calls one adapter use can make in a function with this environment. */
export function callsOf(
  resources: Resources,
  env: Readonly<Record<string, string>>,
  use: AdapterUse,
): (AwsCall & { command: string })[] {
  const spec = ADAPTERS[use.factory];
  if (!spec) throw new Error(`Unknown adapter factory ${use.factory} (${use.path}): add it to ADAPTERS`);
  if (spec.noAwsCalls) return [];
  return (spec.commandsIn ?? [use.module]).flatMap((module) => {
    const source = readFileSync(join(FUNCTIONS_SRC, `${module}.ts`), 'utf8');
    const queries = source.match(/\bnew QueryCommand\(/g)?.length ?? 0;
    const indexNames = source.match(/\bIndexName\b/g)?.length ?? 0;
    const queriesIndexes = indexNames > 0;
    const queriesOnlyIndexes = queries > 0 && indexNames >= queries;
    return commandsOf(module).flatMap(({ sdk, command }) => {
      const key = `${sdk}:${command}`;
      const build = COMMANDS[key];
      if (!build) throw new Error(`${module} sends ${key}: add what IAM authorizes to COMMANDS`);
      return build({ resources, env, use, queriesIndexes, queriesOnlyIndexes }).map((call) => ({
        ...call,
        command: key,
      }));
    });
  });
}
