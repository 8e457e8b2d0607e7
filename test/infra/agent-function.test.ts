import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AgentFunction } from '../../lib/constructs/agent-function';
import { fixtureHandler, projectRoot, testApp } from './synth';

describe('the shared function construct', () => {
  it('bundles each entry on its own, even two handlers of one folder', () => {
    const stack = new Stack(testApp(), 'Functions', {
      env: { region: 'us-east-1', account: '123456789012' },
    });
    new AgentFunction(stack, 'One', { entry: fixtureHandler, stage: 'test' });
    new AgentFunction(stack, 'Two', {
      entry: join(projectRoot, 'test/infra/fixtures/other-handler.ts'),
      stage: 'test',
    });
    const functions = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')) as {
      Properties: { Code: { S3Key: string }; Handler: string };
    }[];
    expect(functions).toHaveLength(2);
    expect(functions[0]?.Properties.Code.S3Key).not.toBe(functions[1]?.Properties.Code.S3Key);
    expect(functions.map((fn) => fn.Properties.Handler)).toEqual(['index.handler', 'index.handler']);
  });
});
