import { type ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { type BedrockClient, ListFoundationModelsCommand } from '@aws-sdk/client-bedrock';
import {
  type CognitoIdentityProviderClient,
  DescribeUserPoolDomainCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, type SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, type STSClient } from '@aws-sdk/client-sts';
import { githubSecretName, stripeParameterName } from '../../lib/operator-secrets';
import type { StageConfig } from '../../lib/stage-config';
import { appOriginParameterName } from '../../lib/stage-resource-names';

/** The read-only clients the checks use, all in the stage's region (us-east-1). */
export interface PreflightClients {
  sts: STSClient;
  ssm: SSMClient;
  cognito: CognitoIdentityProviderClient;
  lambda: LambdaClient;
  bedrock: BedrockClient;
  ses: SESv2Client;
  acm: ACMClient;
  secrets: SecretsManagerClient;
}

export interface PreflightInput {
  config: StageConfig;
  region: string;
  /** How many stream functions the stack makes (each gets `streamReservedConcurrency`). */
  streamFunctions: number;
  /** The stage's Bedrock allow-list as foundation models (inference profiles by their model); empty: any. */
  bedrockModelIds: readonly string[];
}

/** One problem, one line: what is wrong and what to do. */
export type Problem = string;

/** CDK's current bootstrap template writes at least this version (cdk deploy needs 6 and up). */
const MIN_BOOTSTRAP_VERSION = 6;
/** Lambda keeps at least this much of the account's concurrency unreserved. */
const MIN_UNRESERVED_CONCURRENCY = 100;

const errorName = (error: unknown) => (error as { name?: string } | null)?.name ?? '';

/** Runs every check; the first (credentials) stops the rest when it fails. */
export async function preflight(clients: PreflightClients, input: PreflightInput): Promise<Problem[]> {
  let account: string;
  try {
    account = (await clients.sts.send(new GetCallerIdentityCommand({}))).Account ?? '';
  } catch {
    return [
      `No usable AWS credentials for ${input.region}: run \`aws configure\` or \`aws sso login\` (or set AWS_PROFILE), then retry.`,
    ];
  }
  const checks = [
    bootstrap(clients, input, account),
    domainPrefix(clients, input),
    concurrency(clients, input),
    bedrockModels(clients, input),
    email(clients, input),
    certificate(clients, input),
    secrets(clients, input),
    stripeKeys(clients, input),
  ];
  return (await Promise.all(checks)).flat();
}

async function bootstrap({ ssm }: PreflightClients, { region }: PreflightInput, account: string) {
  const fix = `run \`npx cdk bootstrap aws://${account}/${region}\``;
  try {
    const { Parameter } = await ssm.send(
      new GetParameterCommand({ Name: '/cdk-bootstrap/hnb659fds/version' }),
    );
    const version = Number(Parameter?.Value);
    return version >= MIN_BOOTSTRAP_VERSION
      ? []
      : [`The CDK bootstrap of ${region} is version ${Parameter?.Value}, too old: ${fix} again.`];
  } catch (error) {
    if (errorName(error) === 'ParameterNotFound') return [`${region} is not bootstrapped for CDK: ${fix}.`];
    throw error;
  }
}

async function domainPrefix({ cognito }: PreflightClients, { config }: PreflightInput) {
  // Without one the stack derives a prefix unique to the deployment: nothing to check.
  if (!config.domainPrefix) return [];
  const { DomainDescription } = await cognito.send(
    new DescribeUserPoolDomainCommand({ Domain: config.domainPrefix }),
  );
  const owner = DomainDescription?.UserPoolId;
  if (!owner) return [];
  return [
    `The hosted domain prefix "${config.domainPrefix}" is taken (user pool ${owner}): if that pool is not this stage's, choose another domainPrefix in bin/stages/${config.stage}.json or leave it out to get a unique one.`,
  ];
}

async function concurrency({ lambda }: PreflightClients, { config, streamFunctions }: PreflightInput) {
  const perFunction = config.streamReservedConcurrency;
  if (perFunction === undefined) return [];
  const { AccountLimit } = await lambda.send(new GetAccountSettingsCommand({}));
  const unreserved = AccountLimit?.UnreservedConcurrentExecutions ?? 0;
  const total = perFunction * streamFunctions;
  if (unreserved - total >= MIN_UNRESERVED_CONCURRENCY) return [];
  return [
    `streamReservedConcurrency ${perFunction} is per stream function: ${streamFunctions} functions reserve ${total}, but the account has ${unreserved} unreserved of ${AccountLimit?.ConcurrentExecutions ?? 0} and Lambda keeps ${MIN_UNRESERVED_CONCURRENCY} unreserved: lower it to at most ${Math.max(0, Math.floor((unreserved - MIN_UNRESERVED_CONCURRENCY) / streamFunctions))}, leave it out, or raise the Lambda concurrency quota (Service Quotas).`,
  ];
}

async function bedrockModels({ bedrock }: PreflightClients, { bedrockModelIds, region }: PreflightInput) {
  const { modelSummaries = [] } = await bedrock.send(
    new ListFoundationModelsCommand({ byOutputModality: 'TEXT' }),
  );
  const active = modelSummaries.filter((model) => model.modelLifecycle?.status === 'ACTIVE');
  if (bedrockModelIds.length === 0) {
    return active.length
      ? []
      : [
          `Bedrock offers no active text model in ${region}: choose another bedrock.region in the stage file.`,
        ];
  }
  const offered = new Set(active.map((model) => model.modelId));
  return bedrockModelIds
    .filter((id) => !offered.has(id))
    .map(
      (id) =>
        `Bedrock offers no active ${id} in ${region} (retired, or never there): remove it from bedrock.models in the stage file.`,
    );
}

async function email({ ses }: PreflightClients, { config, region }: PreflightInput) {
  if (!config.email) return [];
  const identity = config.email.identity?.replace(/^arn:.*:identity\//, '') ?? config.email.fromAddress;
  const problems: Problem[] = [];
  try {
    const { VerifiedForSendingStatus } = await ses.send(
      new GetEmailIdentityCommand({ EmailIdentity: identity }),
    );
    if (!VerifiedForSendingStatus)
      problems.push(
        `The SES identity ${identity} is not verified yet: finish its verification (DNS records or the e-mailed link) in SES, ${region}.`,
      );
  } catch (error) {
    if (errorName(error) !== 'NotFoundException') throw error;
    problems.push(
      `The SES identity ${identity} does not exist in ${region}: create and verify it in SES (see docs/deploy.md, E-mail).`,
    );
  }
  const { ProductionAccessEnabled } = await ses.send(new GetAccountCommand({}));
  if (!ProductionAccessEnabled)
    problems.push(
      `SES in ${region} is in the sandbox (mail only to verified addresses, 200 a day): request production access in the SES console.`,
    );
  return problems;
}

async function certificate({ acm }: PreflightClients, { config }: PreflightInput) {
  if (!config.domain) return [];
  const { certificateArn, name } = config.domain;
  try {
    const { Certificate } = await acm.send(
      new DescribeCertificateCommand({ CertificateArn: certificateArn }),
    );
    if (Certificate?.Status !== 'ISSUED')
      return [
        `The certificate for ${name} is ${Certificate?.Status ?? 'unknown'}, not ISSUED: add the DNS validation record ACM shows and wait for it.`,
      ];
    const names = [Certificate.DomainName, ...(Certificate.SubjectAlternativeNames ?? [])];
    const covers = names.some(
      (n) =>
        n === name ||
        (n?.startsWith('*.') && name.endsWith(n.slice(1)) && !name.slice(0, -n.length + 1).includes('.')),
    );
    return covers ? [] : [`The certificate does not cover ${name}: request one for it in ACM (us-east-1).`];
  } catch (error) {
    if (errorName(error) !== 'ResourceNotFoundException') throw error;
    return [
      `No certificate ${certificateArn} in us-east-1: request one for ${name} in ACM there and put its ARN in the stage file.`,
    ];
  }
}

async function secrets({ secrets: client }: PreflightClients, { config }: PreflightInput) {
  const wanted = [
    ...(config.google
      ? [{ name: config.google.clientSecretName, what: 'the Google client secret (plain text)' }]
      : []),
    {
      name: config.githubSecretName ?? githubSecretName(config.stage),
      what: 'the GitHub OAuth App\'s {"clientId","clientSecret"}',
    },
  ];
  const problems = await Promise.all(
    wanted.map(async ({ name, what }) => {
      try {
        await client.send(new DescribeSecretCommand({ SecretId: name }));
        return undefined;
      } catch (error) {
        if (errorName(error) !== 'ResourceNotFoundException') throw error;
        return `The secret ${name} is missing: \`aws secretsmanager create-secret --name ${name} --secret-string '…'\` with ${what}.`;
      }
    }),
  );
  return problems.filter((problem): problem is string => problem !== undefined);
}

const parameterExists = async (ssm: SSMClient, name: string) => {
  try {
    await ssm.send(new GetParameterCommand({ Name: name }));
    return true;
  } catch (error) {
    if (errorName(error) === 'ParameterNotFound') return false;
    throw error;
  }
};

/**
 * Stripe's keys are stored after the first deploy (the setup needs the app's origin the stack
 * writes), so only a stage already deployed without them is a problem.
 */
async function stripeKeys({ ssm }: PreflightClients, { config }: PreflightInput) {
  const [deployed, stored] = await Promise.all([
    parameterExists(ssm, appOriginParameterName(config.stage)),
    parameterExists(ssm, stripeParameterName(config.stage)),
  ]);
  return deployed && !stored
    ? [
        `Stripe's keys are not stored (${stripeParameterName(config.stage)}): run \`npm run stripe:setup -- -c stage=${config.stage}\`; billing answers "Stripe is not set up" until then.`,
      ]
    : [];
}
