/**
 * `npm run preflight -- -c stage=<name>`: read-only AWS calls checking what a first deploy of the
 * stage needs (credentials, bootstrap, the hosted domain prefix, Lambda concurrency, Bedrock
 * models, SES, the certificate, secrets). Prints one line per problem saying what to do; exits 1
 * when there is any.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACMClient } from '@aws-sdk/client-acm';
import { BedrockClient } from '@aws-sdk/client-bedrock';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SSMClient } from '@aws-sdk/client-ssm';
import { STSClient } from '@aws-sdk/client-sts';
import { ROUTES } from '../functions/src/routes';
import { parseStageConfig } from '../lib/stage-config';
import { preflight } from './preflight/checks';

const REGION = 'us-east-1';
const stageArgument = process.argv.slice(2).find((arg) => arg.startsWith('stage='));
const stage = stageArgument?.slice('stage='.length) ?? 'dev';
const root = fileURLToPath(new URL('..', import.meta.url));
const config = parseStageConfig({
  ...JSON.parse(readFileSync(join(root, 'bin', 'stages', `${stage}.json`), 'utf8')),
  stage,
});

const clientConfig = { region: REGION };
const problems = await preflight(
  {
    sts: new STSClient(clientConfig),
    ssm: new SSMClient(clientConfig),
    cognito: new CognitoIdentityProviderClient(clientConfig),
    lambda: new LambdaClient(clientConfig),
    bedrock: new BedrockClient({ region: config.bedrock?.region ?? REGION }),
    ses: new SESv2Client(clientConfig),
    acm: new ACMClient(clientConfig),
    secrets: new SecretsManagerClient(clientConfig),
  },
  {
    config,
    region: REGION,
    streamFunctions: ROUTES.filter((route) => route.transport === 'stream').length,
    // The stage's allow-list (none: any active model will do); a profile (us.<model>) by its model.
    bedrockModelIds: (config.bedrock?.models ?? []).map((id) => id.replace(/^[a-z]{2,4}\./, '')),
  },
);
for (const problem of problems) console.log(`- ${problem}`);
console.log(
  problems.length ? `${problems.length} to fix before deploying ${stage}.` : `Ready to deploy ${stage}.`,
);
process.exitCode = problems.length ? 1 : 0;
