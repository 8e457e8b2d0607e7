import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Tags } from 'aws-cdk-lib';
import { acknowledgeNagFindings, addNagChecks } from '../lib/nag';
import { AgentForgeStack } from '../lib/stacks/agent-forge-stack';
import { parseStageConfig } from '../lib/stage-config';
import { webAssetPath } from '../lib/web-asset-path';

/**
 * The only place that reads context and environment.
 *
 * Stage config: `npx cdk deploy -c stage=<name>` (default `dev`) reads `bin/stages/<name>.json`,
 * which holds every field of `stageConfigSchema` except `stage` (taken from the name), e.g.
 *   { "allowedOrigins": ["https://app.example.com"],
 *     "google": { "clientId": "...apps.googleusercontent.com", "clientSecretName": "agentforge/prod/google" },
 *     "whitelistedEmails": ["someone@example.com"] }
 * Stacks live in us-east-1; the account comes from the CLI's credentials when there are any.
 */
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const app = new App();

const stage = String(app.node.tryGetContext('stage') ?? 'dev');
const configFile = join(projectRoot, 'bin', 'stages', `${stage}.json`);
if (!/^[a-z][a-z0-9-]*$/.test(stage) || !existsSync(configFile)) {
  throw new Error(`Unknown stage "${stage}": create bin/stages/${stage}.json (see bin/stages/dev.json).`);
}
const config = parseStageConfig({ ...JSON.parse(readFileSync(configFile, 'utf8')), stage });

const deploying = String(app.node.tryGetContext('deploy') ?? 'false') === 'true';
addNagChecks(app);

const stack = new AgentForgeStack(app, `AgentForge-${config.stage}`, {
  env: { region: 'us-east-1', account: process.env.CDK_DEFAULT_ACCOUNT },
  description: `AgentForge (${config.stage})`,
  config,
  projectRoot,
  webAssetPath: webAssetPath(projectRoot, { deploying }),
});
acknowledgeNagFindings(stack);
Tags.of(stack).add('project', 'agentforge');
Tags.of(stack).add('stage', config.stage);
