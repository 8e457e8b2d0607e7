import { type App, type Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag's AWS Solutions rules run on every synth (`npm run synth`, deploy, the infra tests), and
 * a finding fails it. What is not fixed is acknowledged here, on the narrowest construct (matched
 * by its path in the stack), each with its reason.
 */
export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}

interface Acknowledgement {
  /** The construct's path inside the stack. */
  path: RegExp;
  rules: readonly string[];
  reason: string;
}

const LAMBDA_ROLE =
  /^(Api\/\w+Function|Streaming\/\w+|PostConfirmation|PreAuthentication|TeamProviders|PostAuthentication|SignInEvents|McpRuntime\/Reaper|Billing\/OverageReporter|Automations\/Runner|KnowledgeIndexing\/Indexer)\/Function\/ServiceRole$/;

const ACKNOWLEDGEMENTS: readonly Acknowledgement[] = [
  {
    path: /^ApiOriginKey$/,
    rules: ['AwsSolutions-SMG4'],
    reason:
      "The API's key is set in CloudFront's origin header and the API key from this value at deploy time (dynamic references): a rotation outside CloudFormation would leave both with the old value until the next deploy. Rotate it by redeploying with a new secret.",
  },
  {
    path: LAMBDA_ROLE,
    rules: ['AwsSolutions-IAM4'],
    reason:
      'AWSLambdaBasicExecutionRole (and VPC access for the gateway) only lets the function write its own log group and attach its ENIs.',
  },
  {
    path: /^(Api\/McpFunction|Api\/McpGatewayFunction|McpRuntime\/Reaper)\/Function\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "Wildcards are scoped to this stage's own resources: the servers table's indexes, the runner task definition's revisions, the cluster's tasks and the env-file objects of runs.",
  },
  {
    path: /^McpRuntime\/ExecutionRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      'The ECS execution role reads the env-file objects of runs (one object per run) and uses ecr:GetAuthorizationToken, which has no resource scope.',
  },
  {
    path: /^Streaming\/\w+\/Function\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "AWS Marketplace actions have no resource-level scope: Bedrock subscribes to a third-party model as the caller on its first use (limited to the offered products by aws-marketplace:ProductId when the stage lists them). Bedrock's ListFoundationModels and ListInferenceProfiles (the live model catalogue) have no resource type. Bedrock invoke is on the stage's allow-listed models and inference profiles, or without an allow-list on the foundation models and this account's inference profiles of the Bedrock region's profile regions. The chat stream reads attachment objects under the bucket's attachments/ prefix (one object per file, keys per user and conversation). The chat and agent streams read the collections' keyword indexes under knowledge/ (search_knowledge, collections the caller may read), and the chat stream queries the knowledge vector bucket's indexes (`<bucket>/index/*`: one per embedding model, made at run time; queries filtered by the caller's readable collections' owner). Table grants name this stage's tables' indexes with them (the conversations table's bySharedTeam, never queried by the streams).",
  },
  {
    path: /^Api\/ConversationsFunction\/Function\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "Attachments: presigned PUT/GET, HEAD and delete of objects under the bucket's attachments/ prefix (one object per file, keys per user and conversation, which the handler builds from the verified caller). The conversations table's bySharedTeam index (what is shared with a team), this stage's table only.",
  },
  {
    path: /^Api\/(Messages|Agent)Function\/Function\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "The conversations table's indexes (bySharedTeam), this stage's table only: grantReadWriteData names them with the table; these functions never query it (a conversation is theirs by key).",
  },
  {
    path: /^Api\/AccountFunction\/Function\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "Account deletion reaches everything of one user's: every table with its indexes (items keyed by the verified caller), the runner's tasks, task definition revisions and env files of this stage (to stop the user's servers), the objects under the attachments bucket's attachments/ prefix (the user's conversations' files), and DeleteVectors on the knowledge vector bucket's indexes (`<bucket>/index/*`: one index per embedding model, made at run time; keys of the owner's own chunks).",
  },
  {
    path: /^AWS679f53fac002430cb0da5b7982bd2287\/ServiceRole$/,
    rules: ['AwsSolutions-IAM4'],
    reason:
      "CDK's AwsCustomResource provider (sets the attachments bucket's CORS at deploy time): AWSLambdaBasicExecutionRole only lets it write its own logs.",
  },
  {
    path: /^TeamProvidersProvider\/framework-onEvent\/ServiceRole$/,
    rules: ['AwsSolutions-IAM4'],
    reason:
      "CDK's custom resource Provider framework (the teams' single sign-on providers back on the web client after a deploy): AWSLambdaBasicExecutionRole only lets it write its own logs; it runs at deploy time only.",
  },
  {
    path: /^TeamProvidersProvider\/framework-onEvent\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "CDK's custom resource Provider framework invokes its one handler function (the teams' providers merge) and that function's versions (`<arn>:*`), nothing else.",
  },
  {
    path: /^SchedulerRoleForTarget-\w+\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason: "EventBridge Scheduler's generated role invokes the reaper function and its versions only.",
  },
  {
    path: /^(Api\/KnowledgeFunction|KnowledgeIndexing\/Indexer)\/Function\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "Knowledge: presigned PUT, GET and delete of objects under the attachments bucket's knowledge/ prefix (uploaded files and collections' keyword indexes, keys per owner and collection, built from the verified caller or the S3 event), listing only under that prefix; and the knowledge vector bucket's indexes (`<bucket>/index/*`: one per embedding model, created at run time by the adapter, so not nameable at deploy; queries filtered by the owner).",
  },
  {
    path: /^BucketNotificationsHandler\w+\/Role$/,
    rules: ['AwsSolutions-IAM4'],
    reason:
      "CDK's bucket notifications custom resource (the knowledge uploads' S3 event to SQS): AWSLambdaBasicExecutionRole only lets it write its log group; it runs at deploy time only.",
  },
  {
    path: /^Custom::CDKBucketDeployment\w+/,
    rules: ['AwsSolutions-IAM4', 'AwsSolutions-IAM5', 'AwsSolutions-L1'],
    reason:
      "CDK's BucketDeployment custom resource (its own role, runtime and bucket-scoped wildcards), used only at deploy time.",
  },
  {
    path: /^Api\/Gateway\/RestApi\/CloudWatchRole$/,
    rules: ['AwsSolutions-IAM4'],
    reason:
      "API Gateway's account-level role for pushing access logs to CloudWatch: the AWS managed policy is the documented way.",
  },
  {
    path: /^Api\/Gateway\/RestApi$/,
    rules: ['AwsSolutions-APIG2'],
    reason:
      'Every handler validates its input with the shared zod schemas (one source of truth); gateway models would duplicate them.',
  },
  {
    path: /^Api\/Gateway\/RestApi\/DeploymentStage\.api$/,
    rules: ['AwsSolutions-APIG3'],
    reason:
      'WAF is attached at CloudFront, which fronts the API (stage option webAclRateLimit: about $9 a month idle).',
  },
  {
    path: /^Api\/Gateway\/RestApi\/Default\/api\/mcp-(gateway|external)\/\{serverId\}\/(GET|POST)$/,
    rules: ['AwsSolutions-APIG4', 'AwsSolutions-COG4'],
    reason:
      'External MCP clients authenticate with the server token the handler checks (hashed, constant-time); GET on the gateway paths only answers 405.',
  },
  {
    path: /^Api\/Gateway\/RestApi\/Default\/api\/mcp-automation\/\{serverId\}(\/calls(\/\{callId\})?)?\/(GET|POST|DELETE)$/,
    rules: ['AwsSolutions-COG4'],
    reason:
      'The automation runner has no Cognito user: a Lambda REQUEST authorizer verifies its credential (KMS VerifyMac, minutes long, naming the person, team, server and run) before the gateway runs, and the gateway acts only as that person on that server.',
  },
  {
    path: /^Api\/Gateway\/RestApi\/Default\/api\/automation-hooks\/\{id\}(\/\{secret\})?\/POST$/,
    rules: ['AwsSolutions-APIG4', 'AwsSolutions-COG4'],
    reason:
      "An automation's webhook is called by other systems, without a user: its secret (in the Authorization header, or in the path for a sender that can set no header) is compared (SHA-256, constant time) with the stored hash before anything else; the body is capped at 64 KB and the calls throttled per automation.",
  },
  {
    path: /^(Api\/AutomationsFunction|Automations\/Runner)\/Function\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "The automations table's byWebhook index (the webhook finds an automation by its id), this stage's table only; the schedules of this stage's automations group only (one per automation, named by its id); the runner reads the collections' keyword indexes under the bucket's knowledge/ prefix (search_knowledge, collections the run's person may read).",
  },
  {
    path: /^Automations\/DeadLetterQueue$/,
    rules: ['AwsSolutions-SQS3'],
    reason:
      "It is a dead-letter queue: EventBridge Scheduler's, for the runner invocations that failed after their retries (a Scheduler DLQ is not an SQS redrive target, so cdk-nag cannot see it).",
  },
  {
    path: /^Api\/Gateway\/RestApi\/Default\/api\/sso\/discover\/GET$/,
    rules: ['AwsSolutions-APIG4', 'AwsSolutions-COG4'],
    reason:
      "The login page asks, before anyone is signed in, which identity provider an e-mail's domain uses (a verified team domain's provider name, or nothing); it reveals no member, and the API's family throttling and the WAF limit it.",
  },
  {
    path: /^Api\/Gateway\/RestApi\/Default\/api\/stripe\/webhook\/POST$/,
    rules: ['AwsSolutions-APIG4', 'AwsSolutions-COG4'],
    reason:
      "Stripe calls the webhook without a user: the handler verifies the raw body's Stripe-Signature (HMAC with the webhook secret, 5-minute tolerance) before reading anything.",
  },
  {
    path: /^Api\/ApiKeysFunction\/Function\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "The providers list reads the live Bedrock model catalogue: ListFoundationModels and ListInferenceProfiles have no resource type (IAM takes only '*'); they read no data of ours.",
  },
  {
    path: /^Api\/BillingFunction\/Function\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "The billing table's byCustomer index (the webhook finds a customer's user), this stage's table only.",
  },
  {
    path: /^Api\/TeamsFunction\/Function\/ServiceRole\/DefaultPolicy$/,
    rules: ['AwsSolutions-IAM5'],
    reason:
      "The teams table's byInviteCode index (an invitation found by its code's hash) and the billing table's byCustomer index (a team subscription's sync), this stage's tables only.",
  },
  {
    path: /^Auth\/UserPool$/,
    rules: ['AwsSolutions-COG1', 'AwsSolutions-COG2', 'AwsSolutions-COG8'],
    reason:
      "The product spec sets the password rule (at least 8 characters) and offers no MFA yet; Cognito's Plus tier (threat protection) costs per user and is a stage decision.",
  },
  {
    path: /^Web\/Distribution$/,
    rules: ['AwsSolutions-CFR1', 'AwsSolutions-CFR2', 'AwsSolutions-CFR4'],
    reason:
      'No geo restriction for a global product; WAF is the stage option webAclRateLimit; TLS 1.2 minimum needs the stage option domain (the default CloudFront certificate cannot set it).',
  },
  {
    path: /^McpRuntime\/EnvFiles$/,
    rules: ['AwsSolutions-S1'],
    reason:
      'Short-lived per-run env files (deleted on stop, expired after a day), read only by the ECS execution role.',
  },
  {
    path: /^McpRuntime\/Cluster$/,
    rules: ['AwsSolutions-ECS4'],
    reason:
      'Container Insights bills per task metric; task state is tracked by the reaper and the servers table.',
  },
  {
    path: /^McpRuntime\/RunnerTask$/,
    rules: ['AwsSolutions-ECS2'],
    reason:
      'Only non-secret settings are in the container definition; secrets travel in the per-run S3 env file.',
  },
];

/**
 * Acknowledges the findings above on the constructs they are about. A rule that reports one
 * finding per wildcard (`AwsSolutions-IAM5[Resource::…]`) is acknowledged finding by finding, on
 * the matched construct only: a new wildcard elsewhere still fails the synth.
 */
export function acknowledgeNagFindings(stack: Stack): void {
  const prefix = `${stack.node.path}/`;
  const report = new AwsSolutionsChecks(stack).validateScope(stack);
  for (const violation of report.violations) {
    const rule = violation.ruleName.replace(/^AwsSolutions::/, '').replace(/\[.*$/, '');
    for (const resource of violation.violatingResources) {
      const path = (resource.constructPath ?? '').slice(prefix.length).replace(/\/Resource$/, '');
      const match = ACKNOWLEDGEMENTS.find((ack) => ack.rules.includes(rule) && ack.path.test(path));
      const construct =
        match && stack.node.tryFindChild(path.split('/')[0] as string) && findByPath(stack, path);
      if (match && construct) {
        Validations.of(construct).acknowledge({
          id: violation.ruleName.replace(/^AwsSolutions::/, ''),
          reason: match.reason,
        });
      }
    }
  }
}

function findByPath(stack: Stack, path: string): IConstruct | undefined {
  let node: IConstruct | undefined = stack;
  for (const id of path.split('/')) node = node?.node.tryFindChild(id);
  return node;
}
