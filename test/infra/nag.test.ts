import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acknowledgeNagFindings, addNagChecks } from '../../lib/nag';
import { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { fixtureHandler, projectRoot, testApp, testStageConfig } from './synth';

describe('cdk-nag (AWS Solutions)', () => {
  it('finds nothing that is not fixed or acknowledged with a reason', () => {
    const app = testApp();
    addNagChecks(app);
    const stack = new AgentForgeStack(app, 'AgentForge-test', {
      env: { region: 'us-east-1', account: '123456789012' },
      config: testStageConfig,
      projectRoot,
      webAssetPath: join(projectRoot, 'lib/web-placeholder'),
      handlerEntry: () => fixtureHandler,
      runnerEntry: fixtureHandler,
    });
    acknowledgeNagFindings(stack);
    expect(() => app.synth()).not.toThrow();
  });
});
