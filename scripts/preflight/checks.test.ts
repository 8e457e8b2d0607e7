import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { BedrockClient, ListFoundationModelsCommand } from '@aws-sdk/client-bedrock';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolDomainCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseStageConfig } from '../../lib/stage-config';
import { type PreflightInput, preflight } from './checks';

const region = 'us-east-1';
const mocks = {
  sts: mockClient(STSClient),
  ssm: mockClient(SSMClient),
  cognito: mockClient(CognitoIdentityProviderClient),
  lambda: mockClient(LambdaClient),
  bedrock: mockClient(BedrockClient),
  ses: mockClient(SESv2Client),
  acm: mockClient(ACMClient),
  secrets: mockClient(SecretsManagerClient),
};
const clients = {
  sts: new STSClient({ region }),
  ssm: new SSMClient({ region }),
  cognito: new CognitoIdentityProviderClient({ region }),
  lambda: new LambdaClient({ region }),
  bedrock: new BedrockClient({ region }),
  ses: new SESv2Client({ region }),
  acm: new ACMClient({ region }),
  secrets: new SecretsManagerClient({ region }),
};
const notFound = (name: string) => Object.assign(new Error(name), { name });
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-1234';

const production = parseStageConfig({
  stage: 'prod',
  domainPrefix: 'acme-prod',
  domain: { name: 'app.acme.example', certificateArn },
  google: { clientId: 'id.apps.googleusercontent.com', clientSecretName: 'agentforge/prod/google' },
  email: { fromAddress: 'no-reply@acme.example', identity: 'acme.example' },
  streamReservedConcurrency: 50,
});
const input = (config = production): PreflightInput => ({
  config,
  region,
  streamFunctions: 2,
  bedrockModelIds: ['anthropic.claude-3-haiku-20240307-v1:0', 'meta.llama3-8b-instruct-v1:0'],
});

/** An account where everything a first deploy needs is in place. */
function readyAccount() {
  for (const mock of Object.values(mocks)) mock.reset();
  mocks.sts.on(GetCallerIdentityCommand).resolves({ Account: '123456789012' });
  mocks.ssm.on(GetParameterCommand).resolves({ Parameter: { Value: '27' } });
  mocks.cognito.on(DescribeUserPoolDomainCommand).resolves({ DomainDescription: {} });
  mocks.lambda
    .on(GetAccountSettingsCommand)
    .resolves({ AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 } });
  mocks.bedrock.on(ListFoundationModelsCommand).resolves({
    modelSummaries: [
      {
        modelId: 'anthropic.claude-3-haiku-20240307-v1:0',
        modelArn: 'a',
        providerName: 'Anthropic',
        modelName: 'h',
        modelLifecycle: { status: 'ACTIVE' },
      },
      {
        modelId: 'meta.llama3-8b-instruct-v1:0',
        modelArn: 'b',
        providerName: 'Meta',
        modelName: 'l',
        modelLifecycle: { status: 'ACTIVE' },
      },
    ],
  });
  mocks.ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true });
  mocks.ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true });
  mocks.acm
    .on(DescribeCertificateCommand)
    .resolves({ Certificate: { Status: 'ISSUED', DomainName: '*.acme.example' } });
  mocks.secrets.on(DescribeSecretCommand).resolves({ Name: 'x' });
}

beforeEach(readyAccount);

describe('the preflight', () => {
  it('finds nothing to fix in an account ready for the stage', async () => {
    expect(await preflight(clients, input())).toEqual([]);
  });

  it('stops at missing credentials with what to do', async () => {
    mocks.sts.on(GetCallerIdentityCommand).rejects(notFound('CredentialsProviderError'));
    expect(await preflight(clients, input())).toEqual([
      expect.stringMatching(/No usable AWS credentials.*aws configure/),
    ]);
  });

  it("says a deployed stage's Stripe keys are missing, and not before the first deploy", async () => {
    const missing = notFound('ParameterNotFound');
    mocks.ssm.on(GetParameterCommand, { Name: '/agentforge/prod/stripe' }).rejects(missing);
    expect(await preflight(clients, input())).toEqual([
      expect.stringMatching(/Stripe's keys are not stored.*npm run stripe:setup -- -c stage=prod/),
    ]);
    mocks.ssm.on(GetParameterCommand, { Name: '/agentforge/prod/app-origin' }).rejects(missing);
    expect(await preflight(clients, input())).toEqual([]);
  });

  it('says to bootstrap an account that is not, naming the account and region', async () => {
    mocks.ssm.on(GetParameterCommand).rejects(notFound('ParameterNotFound'));
    expect(await preflight(clients, input())).toEqual([
      'us-east-1 is not bootstrapped for CDK: run `npx cdk bootstrap aws://123456789012/us-east-1`.',
    ]);
  });

  it('says a taken domain prefix, and skips the check when the stack derives one', async () => {
    mocks.cognito
      .on(DescribeUserPoolDomainCommand)
      .resolves({ DomainDescription: { UserPoolId: 'us-east-1_Other' } });
    expect(await preflight(clients, input())).toEqual([
      expect.stringMatching(/"acme-prod" is taken.*domainPrefix/),
    ]);
    expect(await preflight(clients, input({ ...production, domainPrefix: undefined }))).toEqual([]);
  });

  it('counts the reserved concurrency per stream function against the unreserved quota', async () => {
    mocks.lambda
      .on(GetAccountSettingsCommand)
      .resolves({ AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 } });
    const [problem] = await preflight(clients, input());
    expect(problem).toMatch(/streamReservedConcurrency 50 is per stream function: 2 functions reserve 100/);
    expect(problem).toMatch(/10 unreserved of 10.*raise the Lambda concurrency quota/);
  });

  it('names an allow-listed Bedrock model the region does not offer, or offers only as retired', async () => {
    mocks.bedrock.on(ListFoundationModelsCommand).resolves({
      modelSummaries: [
        {
          modelId: 'anthropic.claude-3-haiku-20240307-v1:0',
          modelArn: 'a',
          providerName: 'Anthropic',
          modelName: 'h',
          modelLifecycle: { status: 'LEGACY' },
        },
      ],
    });
    expect(await preflight(clients, input())).toEqual([
      expect.stringMatching(
        /no active anthropic\.claude-3-haiku-20240307-v1:0 .*remove it from bedrock\.models/,
      ),
      expect.stringMatching(/no active meta\.llama3-8b-instruct-v1:0/),
    ]);
  });

  it('without an allow-list, asks only for some active text model', async () => {
    expect(await preflight(clients, { ...input(), bedrockModelIds: [] })).toEqual([]);
    mocks.bedrock.on(ListFoundationModelsCommand).resolves({ modelSummaries: [] });
    expect(await preflight(clients, { ...input(), bedrockModelIds: [] })).toEqual([
      expect.stringMatching(/no active text model/),
    ]);
  });

  it('says an unverified SES identity and the sandbox, each on its line', async () => {
    mocks.ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: false });
    mocks.ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false });
    expect(await preflight(clients, input())).toEqual([
      expect.stringMatching(/acme\.example is not verified/),
      expect.stringMatching(/sandbox.*request production access/),
    ]);
  });

  it('says a certificate not issued, or not covering the domain', async () => {
    mocks.acm.on(DescribeCertificateCommand).resolves({ Certificate: { Status: 'PENDING_VALIDATION' } });
    expect(await preflight(clients, input())).toEqual([
      expect.stringMatching(/PENDING_VALIDATION, not ISSUED/),
    ]);
    mocks.acm
      .on(DescribeCertificateCommand)
      .resolves({ Certificate: { Status: 'ISSUED', DomainName: 'other.example' } });
    expect(await preflight(clients, input())).toEqual([
      expect.stringMatching(/does not cover app\.acme\.example/),
    ]);
  });

  it('says each missing secret with the command that creates it', async () => {
    mocks.secrets.on(DescribeSecretCommand).rejects(notFound('ResourceNotFoundException'));
    expect(await preflight(clients, input())).toEqual([
      expect.stringMatching(/agentforge\/prod\/google is missing: `aws secretsmanager create-secret/),
      expect.stringMatching(/agentforge\/prod\/github is missing/),
    ]);
  });
});
