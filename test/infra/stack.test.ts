import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type App, CloudFormationValidatePlugin } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentForgeStack } from '../../lib/stacks/agent-forge-stack';
import { synthStack } from './synth';

let stack: AgentForgeStack;
let template: Template;
let apiTemplate: Template;

beforeAll(() => {
  ({ stack, template, apiTemplate } = synthStack({ validate: true }));
}, 120_000);

describe('the stage stack', () => {
  it('passes the built-in CloudFormation validation without findings', () => {
    const outdir = (stack.node.root as App).outdir;
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8'));
    expect(report.pluginReports.flatMap((plugin: { violations: unknown[] }) => plugin.violations)).toEqual(
      [],
    );
  });

  it('passes it with the API’s nested stack too (the synth validates top-level stacks only)', () => {
    const templatePath = join((stack.node.root as App).outdir, stack.api.gateway.templateFile);
    const env = { accountId: '123456789012', region: 'us-east-1' };
    const report = new CloudFormationValidatePlugin().validate({
      templatePaths: [templatePath],
      stackTemplates: [{ stackConstructPath: stack.api.gateway.node.path, templatePath, ...env }],
      appConstruct: stack.node.root,
      ...env,
    });
    expect(report.violations).toEqual([]);
  });

  it('attaches the post-confirmation trigger that creates the user record', () => {
    const triggers = template.findResources('AWS::Cognito::UserPool', {
      Properties: { LambdaConfig: { PostConfirmation: Match.anyValue() } },
    });
    expect(Object.keys(triggers)).toHaveLength(1);
    const [pool] = Object.values(triggers) as {
      Properties: { LambdaConfig: { PostConfirmation: unknown } };
    }[];
    const fnRef = JSON.stringify(pool?.Properties.LambdaConfig.PostConfirmation);
    const [fnId] = Object.keys(template.findResources('AWS::Lambda::Function')).filter((id) =>
      fnRef.includes(id),
    );
    expect(fnId).toMatch(/PostConfirmation/);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Cognito post-confirmation trigger: creates the user record',
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Environment: { Variables: Match.objectLike({ TABLE_USERS: Match.anyValue(), RUNTIME: 'aws' }) },
    });
  });

  it('creates no NAT gateway and only the MCP runtime VPC', () => {
    template.resourceCountIs('AWS::EC2::NatGateway', 0);
    template.resourceCountIs('AWS::EC2::VPC', 1);
  });

  it('names no stateful resource itself, so stages never collide', () => {
    for (const [type, nameProperty] of [
      ['AWS::DynamoDB::GlobalTable', 'TableName'],
      ['AWS::Cognito::UserPool', 'UserPoolName'],
      ['AWS::S3::Bucket', 'BucketName'],
      ['AWS::Lambda::Function', 'FunctionName'],
    ] as const) {
      for (const resource of Object.values(template.findResources(type))) {
        // The one named function (the automation runner, which invokes itself) is named after
        // the stack, unique in its account and region.
        const name = resource.Properties[nameProperty];
        if (type === 'AWS::Lambda::Function' && name !== undefined) {
          expect(name).toBe(`${stack.stackName}-automation-runner`);
        } else expect(resource.Properties).not.toHaveProperty(nameProperty);
      }
    }
  });

  it('sets a retention on every log group, the API’s nested stack’s too', () => {
    for (const t of [template, apiTemplate]) {
      const logGroups = Object.values(t.findResources('AWS::Logs::LogGroup'));
      expect(logGroups.length).toBeGreaterThan(0);
      for (const logGroup of logGroups) expect(logGroup.Properties.RetentionInDays).toBeGreaterThan(0);
    }
  });

  it('outputs the pool, client, identity pool, hosted domain, API and site URLs', () => {
    template.hasOutput('UserPoolId', { Value: { Ref: 'UserPool' } });
    template.hasOutput('UserPoolClientId', { Value: { Ref: Match.stringLikeRegexp('WebClient') } });
    template.hasOutput('IdentityPoolId', { Value: { Ref: Match.stringLikeRegexp('IdentityPool') } });
    template.hasOutput('HostedDomain', { Value: 'agentforge-test.auth.us-east-1.amazoncognito.com' });
    template.hasOutput('ApiUrl', { Value: { 'Fn::Join': ['', Match.arrayWith(['/api'])] } });
    template.hasOutput('DistributionUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]] },
    });
  });

  it('registers the site origin as an OAuth callback next to localhost:5173 and the configured origins', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: Match.arrayWith([
        'http://localhost:5173',
        'https://app.example.com',
        { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]] },
      ]),
    });
  });
});
