import { join } from 'node:path';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { acknowledgeNagFindings, addNagChecks } from '../../lib/nag';
import { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { parseStageConfig, type StageConfig } from '../../lib/stage-config';
import { fixtureHandler, projectRoot, synthStack, testApp, testStageConfig } from './synth';

/** Every optional part of a production stage turned on. */
const PRODUCTION = parseStageConfig({
  ...testStageConfig,
  monitoring: 'full',
  alarmEmail: 'ops@example.com',
  webAclRateLimit: 1000,
  streamReservedConcurrency: 20,
  email: { fromAddress: 'no-reply@acme.example', identity: 'acme.example' },
  bedrockMonthlyBudgetUsd: 100,
  bedrockMarketplaceProductIds: ['prod-abc123'],
  allowLocalhost: false,
  allowedOrigins: [],
  domain: {
    name: 'app.acme.example',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-1234-5678-9abc-def012345678',
  },
  apiThrottling: { families: { '/mcp-servers': { rateLimit: 5, burstLimit: 10 } } },
  maxStreamSeconds: 300,
  runningServersAlarmThreshold: 10,
  auditFailedSignIns: true,
});

function synthWithNag(config: StageConfig): () => void {
  const app = testApp();
  addNagChecks(app);
  const stack = new AgentForgeStack(app, 'AgentForge-test', {
    env: { region: 'us-east-1', account: '123456789012' },
    config,
    projectRoot,
    webAssetPath: join(projectRoot, 'lib/web-placeholder'),
    handlerEntry: () => fixtureHandler,
    runnerEntry: fixtureHandler,
  });
  acknowledgeNagFindings(stack);
  return () => app.synth();
}

describe('cdk-nag (AWS Solutions)', () => {
  it('checks the API’s nested stack with the stage stack (the construct tree, not one template)', () => {
    const { stack } = synthStack();
    const paths = new AwsSolutionsChecks()
      .validateScope(stack)
      .violations.flatMap((violation) => violation.violatingResources.map((r) => r.constructPath ?? ''));
    expect(paths.filter((path) => path.startsWith(`${stack.api.gateway.node.path}/`))).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/RestApi\/Default\/api\/stripe\/webhook\/POST\//)]),
    );
  });

  it('finds nothing that is not fixed or acknowledged with a reason', () => {
    expect(synthWithNag(testStageConfig)).not.toThrow();
  });

  it('finds nothing either with every production option on', () => {
    expect(synthWithNag(PRODUCTION)).not.toThrow();
  });
});
